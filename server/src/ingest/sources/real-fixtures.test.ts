import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adjustCloses } from '../../finance/adjust.ts';
import { parseCompanyFacts } from './sec.ts';
import { parseYahooChart } from './yahoo.ts';

/* The real files in ../shared/fixtures (not part of the repository): skipped when the folder is absent. */

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../../../../../shared/fixtures');
const present = existsSync(path.join(fixtures, 'sec', 'companyfacts-CIK0000320193.json'));
const read = (name: string): unknown => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));

describe.skipIf(!present)('real SEC companyfacts (Apple, CIK 320193)', () => {
  const { facts, rejections } = present
    ? parseCompanyFacts(read('sec/companyfacts-CIK0000320193.json'), 'AAPL', '0924')
    : { facts: [], rejections: [] };
  const one = (item: string, period: string, end: string) => {
    const found = facts.filter((f) => f.lineItem === item && f.period === period && f.periodEnd === end);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('has revenue of 394,328,000,000 USD for the fiscal year ended 2022-09-24, with its filing', () => {
    expect(rejections).toEqual([]);
    expect(one('revenue', 'annual', '2022-09-24')).toMatchObject({
      value: 394_328_000_000,
      unit: 'USD',
      fiscalYear: 2022,
      fiscalPeriod: 'FY',
      concept: 'RevenueFromContractWithCustomerExcludingAssessedTax',
      form: '10-K',
      derived: false,
    });
    expect(one('revenue', 'annual', '2022-09-24')?.accession).toMatch(/^0000320193-\d{2}-\d{6}$/);
  });

  it('has EPS basic 6.15 and dividends per share 0.90 for fiscal 2022', () => {
    expect(one('eps_basic', 'annual', '2022-09-24')?.value).toBe(6.15);
    expect(one('dividends_per_share', 'annual', '2022-09-24')?.value).toBeCloseTo(0.9, 10);
  });

  it('derives Q4 of fiscal 2022 as FY - (Q1 + Q2 + Q3)', () => {
    const quarters = ['2021-12-25', '2022-03-26', '2022-06-25'].map(
      (end) => one('revenue', 'quarterly', end)?.value ?? 0,
    );
    expect(quarters).toEqual([123_945_000_000, 97_278_000_000, 82_959_000_000]);
    expect(one('revenue', 'quarterly', '2022-09-24')).toMatchObject({
      value: 90_146_000_000,
      fiscalPeriod: 'Q4',
      derived: true,
      periodStart: '2022-06-26',
    });
    expect(one('dividends_per_share', 'quarterly', '2022-09-24')?.value).toBeCloseTo(0.23, 10);
  });

  it('falls back to older revenue concepts for the years before 2018', () => {
    expect(one('revenue', 'annual', '2016-09-24')).toMatchObject({ concept: 'Revenues', value: 215_639_000_000 });
    expect(one('revenue', 'annual', '2015-09-26')).toMatchObject({
      concept: 'SalesRevenueNet',
      value: 233_715_000_000,
    });
  });
});

describe.skipIf(!present)('real Yahoo chart samples', () => {
  it('AAPL 2020: the 4:1 split of 2020-08-31 and the 0.205 dividend of 2020-11-06', () => {
    const b = parseYahooChart(read('yahoo/chart-AAPL-2020-08-31-to-2020-11-07.json'), 'AAPL');
    expect(b.rejections).toEqual([]);
    expect(b.splits).toEqual([{ day: '2020-08-31', numerator: 4, denominator: 1 }]);
    expect(b.dividends).toEqual([{ exDate: '2020-11-06', amount: 0.205, currency: 'USD' }]);
    expect(b.prices?.[0]).toMatchObject({ day: '2020-08-31', close: 129.0399932861328 });
    // Our total-return adjustment reproduces Yahoo's adjclose for the days before the dividend.
    const prices = b.prices ?? [];
    const adjusted = adjustCloses(
      prices,
      b.splits ?? [],
      (b.dividends ?? []).map((d) => ({ exDate: d.exDate, amount: d.amount })),
    );
    const before = prices.findIndex((p) => p.day === '2020-11-05');
    const yahooAdj =
      (
        read('yahoo/chart-AAPL-2020-08-31-to-2020-11-07.json') as {
          chart: { result: { indicators: { adjclose: { adjclose: number[] }[] } }[] };
        }
      ).chart.result[0]?.indicators.adjclose[0]?.adjclose ?? [];
    const ratio = (adjusted[before]?.closeAdj ?? 0) / (adjusted[0]?.closeAdj ?? 1);
    expect(ratio).toBeCloseTo((yahooAdj[before] ?? 0) / (yahooAdj[0] ?? 1), 6);
  });

  it('BTC-USD: a crypto with UTC days and no events', () => {
    const b = parseYahooChart(read('yahoo/chart-BTC-USD-2020-01-01-to-2020-01-03.json'), 'BTC-USD');
    expect(b.profile.kind).toBe('crypto');
    expect(b.prices?.map((p) => p.day)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
    expect(b.prices?.[0]?.close).toBeCloseTo(7200.174, 3);
    expect(b.dividends).toEqual([]);
    expect(b.splits).toEqual([]);
  });
});
