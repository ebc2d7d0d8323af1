import { sheetData } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliTargets, financialsCall, type LoadedCases, loadSecCases, periodsOf, ttmCall } from './testing/sec-cases.ts';

/*
 * Issue 19, the two golden cases that broke per-share values and currencies (testing/sec-cases.ts):
 * QZSP splits 2-for-1 (record date 2024-06-07 in its filings, first split-adjusted trading day
 * 2024-06-10 at Yahoo); the 10-Qs after the split give last year's quarters restated, the 10-K all three
 * years. QZIF files 20-F reports in IFRS, in euros. Through the real CLI, into both databases.
 */
const SP = {
  K24: '0000990104-25-000003',
  Q124: '0000990104-24-000015',
  Q224: '0000990104-24-000025',
  Q324: '0000990104-24-000035',
};
const B = 1_000_000_000;

describe.each(cliTargets())('a split restated in later filings, and an IFRS filer in euros, into $label', (target) => {
  let loaded: LoadedCases;
  beforeAll(async () => {
    loaded = await loadSecCases(target);
  }, 120_000);
  afterAll(async () => {
    await loaded?.close();
  });

  const get = (call: string, query: Record<string, string>) => financialsCall(loaded.t, call, query);
  const ttm = (ticker: string) => ttmCall(loaded.t, ticker);
  const close = (values: (number | null | undefined)[], expected: number[]) => {
    expect(values).toHaveLength(expected.length);
    values.forEach((v, i) => {
      expect(v).toBeCloseTo(expected[i] as number, 10);
    });
  };

  it('keeps one split, tagged by the filings and given by the price source, on the first trading day in the new terms', async () => {
    expect(loaded.splitsAfterSec).toEqual([{ day: '2024-06-07', numerator: 2, denominator: 1, source: 'sec' }]);
    expect(loaded.yahooRun.code, loaded.yahooRun.stderr).toBe(0);
    const db = loaded.t.database.db;
    const splits = await db
      .selectFrom('splits')
      .innerJoin('securities', 'securities.id', 'splits.security_id')
      .select(['day', 'numerator', 'denominator', 'source'])
      .where('securities.ticker', '=', 'QZSP')
      .execute();
    expect(splits).toEqual([{ day: '2024-06-10', numerator: 2, denominator: 1, source: 'yahoo' }]);
    // The last day before the split traded at twice Yahoo's (adjusted) 50.5.
    const day = await db
      .selectFrom('daily_prices')
      .innerJoin('securities', 'securities.id', 'daily_prices.security_id')
      .select(['close', 'close_split_adj'])
      .where('securities.ticker', '=', 'QZSP')
      .where('day', '=', '2024-06-07')
      .executeTakeFirstOrThrow();
    expect(day).toEqual({ close: 101, close_split_adj: 50.5 });
    const body = await get('eps-basic', { tickers: 'QZSP' });
    expect(body.series[0]?.splits).toEqual([{ day: '2024-06-10', numerator: 2, denominator: 1 }]);
  });

  it('gives every quarterly EPS in the share terms after the split, restated exactly once', async () => {
    const quarters = periodsOf(await get('eps-basic', { tickers: 'QZSP', period: 'quarterly' }));
    expect(quarters.map((p) => p.periodEnd)).toEqual([
      '2023-03-31',
      '2023-06-30',
      '2023-09-30',
      '2023-12-31',
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
    ]);
    // 2023: 95, 100, 105, 100 (Q4 = 400 - 300) million over 200 million shares; 2024: 120 ... 150.
    close(
      quarters.map((p) => p.values.epsBasic),
      [0.475, 0.5, 0.525, 0.5, 0.6, 0.65, 0.7, 0.75],
    );
    // Q4 2024 = FY (2.70, after the split) - Q1 (1.20 before it, 0.60 after) - 0.65 - 0.70, from four filings.
    expect(quarters[7]?.derived).toContain('epsBasic');
    expect(quarters[7]?.accessions.epsBasic).toEqual([SP.K24, SP.Q124, SP.Q224, SP.Q324]);
    const annual = periodsOf(await get('eps-basic', { tickers: 'QZSP' }));
    close(
      annual.map((p) => p.values.epsBasic),
      [1.6, 1.8, 2.0, 2.7],
    );
  });

  it('gives share counts, shares outstanding and book value per share on the same basis', async () => {
    const income = periodsOf(await get('income-statement', { tickers: 'QZSP', period: 'quarterly' }));
    // Weighted averages are filed for every quarter but the fourth (never derived: averages do not subtract).
    expect(income.map((p) => p.values.sharesBasic)).toEqual([
      ...[200_000_000, 200_000_000, 200_000_000, null],
      ...[200_000_000, 200_000_000, 200_000_000, null],
    ]);
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZSP', period: 'quarterly', from: '2023-12-31' }));
    expect(balance.map((p) => [p.periodEnd, p.values.sharesOutstanding, p.values.equity])).toEqual([
      ['2023-12-31', 200_000_000, 2.0 * B],
      ['2024-03-31', 200_000_000, 2.1 * B],
      ['2024-06-30', 200_000_000, 2.2 * B],
      ['2024-09-30', 200_000_000, 2.3 * B],
      ['2024-12-31', 200_000_000, 2.4 * B],
    ]);
    // Equity before the split over the shares after it, both restated: 2.1 billion / 200 million.
    expect(balance[1]?.values.bookValuePerShare).toBeCloseTo(10.5, 10);
    expect(balance[1]?.accessions.bookValuePerShare).toEqual([SP.Q124]);
    const series = await ttm('QZSP');
    expect(series).toMatchObject({ basis: 'ttm', splits: [{ day: '2024-06-10', numerator: 2, denominator: 1 }] });
    expect(series?.values.epsBasic).toBeCloseTo(2.7, 10);
    expect(series?.values.netIncome).toBe(540_000_000);
    expect(series?.values.sharesOutstanding).toBe(200_000_000);
  });

  it('reads an IFRS filer in its euros, annual only, and says quarters are not filed', async () => {
    const body = await get('income-statement', { tickers: 'QZIF' });
    expect(body.metrics.find((m) => m.name === 'revenue')?.unit).toBe('currency');
    expect(body.series[0]).toMatchObject({ ticker: 'QZIF', currency: 'EUR', quartersFiled: false, splits: [] });
    const periods = periodsOf(body);
    expect(periods.map((p) => [p.fiscalYear, p.fiscalPeriod, p.values.revenue])).toEqual([
      [2021, 'FY', 9.0 * B],
      [2022, 'FY', 9.6 * B],
      [2023, 'FY', 10.2 * B],
      [2024, 'FY', 10.8 * B],
    ]);
    const y2024 = periods[3];
    expect(y2024?.values).toMatchObject({
      costOfRevenue: 6.48 * B,
      grossProfit: null,
      netIncome: 1.15 * B,
      netIncomeIncludingNoncontrolling: 1.2 * B,
      epsBasic: 1.15,
      epsDiluted: 1.14,
      sharesBasic: 1 * B,
    });
    expect(y2024?.accessions.revenue).toEqual(['0000990103-25-000012']);
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZIF', from: '2024-01-01' }))[0];
    expect(balance?.values).toMatchObject({
      totalAssets: 22 * B,
      totalLiabilities: 13 * B,
      equity: 8.6 * B,
      totalEquity: 9 * B,
      cash: 2.4 * B,
      sharesOutstanding: 1 * B,
    });
    expect(balance?.values.bookValuePerShare).toBeCloseTo(8.6, 10);
    const cash = periodsOf(await get('cash-flow', { tickers: 'QZIF', from: '2024-01-01' }))[0];
    expect(cash?.values).toMatchObject({
      operatingCashFlow: 2 * B,
      capitalExpenditure: 0.7 * B,
      freeCashFlow: 1.3 * B,
    });
    const quarterly = await get('income-statement', { tickers: 'QZIF', period: 'quarterly' });
    expect(quarterly.series[0]).toMatchObject({ currency: 'EUR', quartersFiled: false, periods: [] });
    const series = await ttm('QZIF');
    expect(series).toMatchObject({
      currency: 'EUR',
      basis: 'fy',
      asOf: '2024-12-31',
      period: { fiscalYear: 2024, fiscalPeriod: 'FY', periodStart: '2024-01-01', periodEnd: '2024-12-31' },
      values: { revenue: 10.8 * B, netIncome: 1.15 * B, epsBasic: 1.15 },
    });
    const sheet = await loaded.t.app.inject({ url: '/api/data/sheet/data/QZIF/income-statement' });
    expect(sheetData.parse(sheet.json())).toMatchObject({ currency: 'EUR' });
    // Stored in the currency the facts carry: the dollar convenience translation was left out.
    const units = await loaded.t.database.db
      .selectFrom('financial_facts')
      .innerJoin('securities', 'securities.id', 'financial_facts.security_id')
      .select('unit')
      .distinct()
      .where('securities.ticker', '=', 'QZIF')
      .orderBy('unit')
      .execute();
    expect(units.map((u) => u.unit)).toEqual(['EUR', 'EUR/shares', 'shares']);
  });
});
