import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCompanyFacts } from './sec.ts';
import { isPeriodicReport } from './sec-facts.ts';
import { periodEndAliases } from './sec-period-ends.ts';
import { SPLIT_EVENT_WINDOW_DAYS, splitFacts } from './sec-splits.ts';

/*
 * Issue 43, the parser's half, on golden companyfacts (__golden__/ok/sec-issue-43/, SEC's format): a split
 * tagged on two days, net income repeated by forms that are not statements, a first dividend in the second
 * quarter, a 52/53-week quarter tagged with two ends. Real companies: server/test/corpus/.
 */
const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__/ok/sec-issue-43');
const read = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(golden, name), 'utf8'));
const factsOf = (json: Record<string, unknown>) => json.facts as Record<string, unknown>;

describe('split events from the filings', () => {
  it('a split tagged on its announcement and its payout day is one split, on the payout day', () => {
    expect(splitFacts(factsOf(read('companyfacts-split-two-days.json')))).toEqual([
      { day: '2021-07-19', numerator: 4, denominator: 1 },
      { day: '2022-07-15', numerator: 20, denominator: 1 },
    ]);
  });

  it('a reverse split tagged as a rounded decimal is 1-for-a-whole-number, unless two numbers fit it', () => {
    const tag = (end: string, val: number, accn: string) => ({ end, val, accn, form: '10-Q', filed: end });
    const facts = {
      'us-gaap': {
        StockholdersEquityNoteStockSplitConversionRatio1: {
          units: {
            pure: [tag('2019-08-30', 0.06, 'a'), tag('2022-09-27', 0.025, 'b'), tag('2024-06-11', 0.111111, 'c')],
          },
        },
      },
    };
    // Kiora's three reverse splits as its filings tag them: 0.06 fits 1/16 and 1/17, so it stays as tagged.
    expect(splitFacts(facts).map((s) => s.denominator)).toEqual([1 / 0.06, 40, 9]);
  });

  it('two splits of one ratio further apart than the window are two events', () => {
    const tag = (end: string, accn: string) => ({ end, val: 2, accn, form: '10-Q', filed: end });
    const facts = {
      'us-gaap': {
        StockholdersEquityNoteStockSplitConversionRatio1: {
          units: { pure: [tag('2012-03-01', 'a'), tag('2012-05-01', 'b'), tag('2013-06-01', 'c')] },
        },
      },
    };
    expect(SPLIT_EVENT_WINDOW_DAYS).toBeLessThan(365);
    expect(splitFacts(facts).map((s) => s.day)).toEqual(['2012-05-01', '2013-06-01']);
  });

  it('later reports mentioning a split over the quarter of their statements do not move it nor add one', () => {
    const tag = (start: string | null, end: string, val: number, accn: string) => ({
      ...(start ? { start } : {}),
      end,
      val,
      accn,
      form: '10-Q',
      filed: '2022-10-24',
    });
    const revenue = (start: string, end: string, accn: string) => ({ start, end, val: 1, accn, form: '10-Q' });
    // Tesla's shape: 5-for-1 tagged on 2020-08-10, again over Q1 2021; 3-for-1 on 2022-08-05, over Q3 2022 and Q3 2021.
    const facts = {
      'us-gaap': {
        StockholdersEquityNoteStockSplitConversionRatio1: {
          units: {
            pure: [
              tag(null, '2020-08-10', 5, 'q3-20'),
              tag('2021-01-01', '2021-03-31', 5, 'q1-21'),
              tag('2021-07-01', '2021-09-30', 3, 'q3-22'),
              tag(null, '2022-08-05', 3, 'q3-22'),
              tag('2022-07-01', '2022-09-30', 3, 'q3-22'),
            ],
          },
        },
        Revenues: {
          units: {
            USD: [
              revenue('2021-01-01', '2021-03-31', 'q1-21'),
              revenue('2021-07-01', '2021-09-30', 'q3-22'),
              revenue('2022-07-01', '2022-09-30', 'q3-22'),
            ],
          },
        },
      },
    };
    expect(splitFacts(facts)).toEqual([
      { day: '2020-08-10', numerator: 5, denominator: 1 },
      { day: '2022-08-05', numerator: 3, denominator: 1 },
    ]);
  });

  it('per-share values restated after the payout are brought back once: in the terms of their period end', () => {
    const { facts } = parseCompanyFacts(read('companyfacts-split-two-days.json'), 'QZTD', '1231');
    const eps = (period: string, end: string) =>
      facts.find((f) => f.lineItem === 'eps_basic' && f.period === period && f.periodEnd === end);
    // FY 2021: 100 as first filed; the 10-K of 2022 gives 5 (restated for 20-for-1): stored as 100, not 2,000.
    expect(eps('annual', '2021-12-31')?.value).toBe(100);
    expect(eps('quarterly', '2021-09-30')?.value).toBe(27);
    expect(eps('quarterly', '2022-03-31')?.value).toBe(30);
    expect(eps('quarterly', '2022-09-30')?.value).toBe(1.6);
  });
});

describe('the periodic-report rule', () => {
  it('accepts periodic reports and their amendments, nothing else', () => {
    for (const form of ['10-K', '10-K/A', '10-Q', '10-Q/A', '20-F', '20-F/A', '40-F', '6-K', '10-KT', '10-QT/A'])
      expect(isPeriodicReport(form), form).toBe(true);
    for (const form of ['DEF 14A', '8-K', '8-K/A', '424B5', 'S-1', 'S-4', '10-12G', 'N-CSR', null])
      expect(isPeriodicReport(form), String(form)).toBe(false);
  });

  it('net income repeated by a proxy statement, an 8-K and a prospectus keeps the 10-K as its source', () => {
    const { facts, rejections } = parseCompanyFacts(read('companyfacts-proxy-net-income.json'), 'QZPX', '1231');
    const annual = facts
      .filter((f) => f.period === 'annual' && (f.lineItem === 'net_income' || f.lineItem === 'revenue'))
      .map((f) => [f.lineItem, f.periodEnd, f.value, f.accession, f.form]);
    expect(annual).toEqual(
      expect.arrayContaining([
        ['net_income', '2022-12-31', 900_000_000, '0000990144-24-000010', '10-K'],
        ['net_income', '2023-12-31', 1_000_000_000, '0000990144-24-000010', '10-K'],
        ['revenue', '2023-12-31', 8_000_000_000, '0000990144-24-000010', '10-K'],
      ]),
    );
    expect(annual).toHaveLength(3);
    expect(facts.some((f) => (f.accession ?? '').includes('-000020'))).toBe(false);
    // Left out, not rejected: the figures are fine, their forms are not statements.
    expect(rejections).toEqual([]);
  });
});

describe('Q4 from nine months', () => {
  it('a first dividend in the second quarter: Q4 = FY - 9M, naming the 10-K and the third 10-Q', () => {
    const { facts } = parseCompanyFacts(read('companyfacts-first-dividend-q2.json'), 'QZDV', '1231');
    const q4 = facts.filter((f) => f.fiscalPeriod === 'Q4' && f.period === 'quarterly');
    const dps = q4.find((f) => f.lineItem === 'dividends_per_share');
    expect(dps).toMatchObject({
      periodStart: '2024-10-01',
      periodEnd: '2024-12-31',
      value: 0.14,
      derived: true,
      accession: '0000990145-25-000010,0000990145-24-000030',
    });
    // Net income has its three quarters: Q4 = FY - (Q1 + Q2 + Q3), as before.
    expect(q4.find((f) => f.lineItem === 'net_income')?.value).toBe(10_000_000);
    expect(facts.filter((f) => f.lineItem === 'dividends_per_share' && f.period === 'quarterly')).toHaveLength(3);
  });
});

describe('quarter matching', () => {
  it('a 52/53-week quarter tagged as ending 2010-07-31 and 2010-08-01 is one quarter', () => {
    const { facts } = parseCompanyFacts(read('companyfacts-quarter-a-day-apart.json'), 'QZWE', '0129');
    const q2 = facts.filter((f) => f.period === 'quarterly' && f.fiscalYear === 2010 && f.fiscalPeriod === 'Q2');
    expect(q2.map((f) => [f.lineItem, f.periodStart, f.periodEnd, f.value, f.accession])).toEqual([
      ['revenue', '2010-05-02', '2010-08-01', 1_000_000_000, '0000990146-11-000020'],
      ['total_assets', null, '2010-08-01', 9_000_000_000, '0000990146-10-000020'],
    ]);
    const ends = facts.filter((f) => f.period === 'quarterly').map((f) => f.periodEnd);
    expect(ends).not.toContain('2010-07-31');
  });

  it('ends more than 7 days apart stay two periods; the end most facts give wins a week', () => {
    const flow = (start: string, end: string) => ({ start, end }) as Parameters<typeof periodEndAliases>[0][number];
    const aliases = periodEndAliases([
      flow('2010-05-02', '2010-07-31'),
      flow('2010-05-02', '2010-08-01'),
      flow('2010-01-31', '2010-08-01'),
      flow('2010-08-02', '2010-10-30'),
      flow('2010-08-01', '2010-11-08'),
    ]);
    expect([...aliases]).toEqual([['2010-07-31', '2010-08-01']]);
  });
});
