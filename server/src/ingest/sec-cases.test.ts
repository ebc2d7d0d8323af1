import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applePresent,
  cliTargets,
  financialsCall,
  type LoadedCases,
  loadSecCases,
  periodsOf,
  ttmCall,
} from './testing/sec-cases.ts';

/*
 * Issue 19, through the real ingest CLI against a loopback SEC, into both databases, read back through
 * the API and checked figure by figure against the golden files (testing/sec-cases.ts): cover-page
 * dates, a January fiscal year with losses, a 52/53-week year, a company without statements, Apple.
 * The split and the IFRS filer: sec-split-ifrs.test.ts.
 */
const QZCV = (n: number) => `0000990101-${n < 10 ? '25' : '24'}-${String(n).padStart(6, '0')}`;
const CV = { K23: '0000990101-24-000005', Q224: QZCV(30), Q324: QZCV(40), K24: QZCV(6), Q125: '0000990101-25-000021' };
const JL = {
  K24: '0000990102-25-000009',
  Q124: '0000990102-24-000025',
  Q224: '0000990102-24-000035',
  Q324: '0000990102-24-000045',
};
const M = 1_000_000;

describe.each(cliTargets())('SEC golden companyfacts through the ingest CLI into $label', (target) => {
  let loaded: LoadedCases;
  beforeAll(async () => {
    loaded = await loadSecCases(target);
  }, 120_000);
  afterAll(async () => {
    await loaded?.close();
  });

  const get = (call: string, query: Record<string, string>) => financialsCall(loaded.t, call, query);
  const ttm = (ticker: string) => ttmCall(loaded.t, ticker);

  it('says which company has no statements and why; a run where none has any exits 1', () => {
    const { noneRun, secRun } = loaded;
    expect(noneRun.code, noneRun.stderr).toBe(1);
    expect(noneRun.stdout).toMatch(/^sec: 1 loaded, 0 unchanged, 0 failed, 1 with no statements, 0 records rejected/m);
    expect(noneRun.stdout).toContain(
      '  no statements QZNS: only cover-page (dei) facts, no financial statements in XBRL\n',
    );
    expect(noneRun.stdout).toMatch(/^sec: no company of the run yielded statements$/m);
    // With the others, the run succeeds and still counts it.
    expect(secRun.code, secRun.stderr).toBe(0);
    const loadedCount = applePresent ? 6 : 5;
    expect(secRun.stdout).toMatch(
      new RegExp(`^sec: ${loadedCount} loaded, 1 unchanged, 0 failed, 1 with no statements, 0 records rejected`, 'm'),
    );
    expect(secRun.stdout).toContain('  no statements QZNS: only cover-page (dei) facts');
    expect(secRun.stdout).not.toMatch(/no company of the run/);
  });

  it('cover-page counts join the period their filing reports: one row per quarter, with shares outstanding', async () => {
    const body = await get('balance-sheet', { tickers: 'QZCV', period: 'quarterly' });
    const periods = periodsOf(body);
    expect(periods.map((p) => p.periodEnd)).toEqual([
      '2022-12-31',
      '2023-03-31',
      '2023-06-30',
      '2023-09-30',
      '2023-12-31',
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
      '2025-03-31',
    ]);
    const shares = Object.fromEntries(periods.map((p) => [p.periodEnd, p.values.sharesOutstanding]));
    expect(shares).toMatchObject({
      '2023-12-31': 50_000_000,
      '2024-03-31': 50_200_000,
      '2024-06-30': 50_400_000,
      '2024-09-30': 50_600_000,
      '2024-12-31': 50_800_000,
      '2025-03-31': 51_000_000,
    });
    // The count of 2024-04-26 is the cover of the 10-Q for the quarter ended 2024-03-31.
    expect(periods[5]?.accessions.sharesOutstanding).toEqual(['0000990101-24-000020']);
    const annual = periodsOf(await get('balance-sheet', { tickers: 'QZCV' }));
    expect(annual.map((p) => [p.periodEnd, p.values.sharesOutstanding, p.values.totalAssets])).toEqual([
      ['2022-12-31', null, 8_000_000_000],
      ['2023-12-31', 50_000_000, 8_400_000_000],
      ['2024-12-31', 50_800_000, 8_800_000_000],
    ]);
  });

  it('derives Q4 (and quarters filed only year-to-date) naming every filing they use', async () => {
    const income = periodsOf(await get('income-statement', { tickers: 'QZCV', period: 'quarterly' }));
    const q4 = income.find((p) => p.periodEnd === '2024-12-31');
    expect(q4).toMatchObject({ fiscalYear: 2024, fiscalPeriod: 'Q4', periodStart: '2024-10-01' });
    expect(q4?.values.revenue).toBe(1_450 * M);
    expect(q4?.values.epsBasic).toBeCloseTo(10.4 - 2.3 - 2.5 - 2.7, 10);
    expect(q4?.derived).toEqual(expect.arrayContaining(['revenue', 'netIncome', 'epsBasic']));
    // The 10-K, then the filings of Q1 (its latest: the comparative in 2025's 10-Q), Q2 and Q3.
    expect(q4?.accessions.revenue).toEqual([CV.K24, CV.Q125, CV.Q224, CV.Q324]);
    const cash = periodsOf(await get('cash-flow', { tickers: 'QZCV', period: 'quarterly', from: '2024-01-01' }));
    expect(cash.map((p) => [p.periodEnd, p.values.operatingCashFlow])).toEqual([
      ['2024-03-31', 170 * M],
      ['2024-06-30', 180 * M],
      ['2024-09-30', 190 * M],
      ['2024-12-31', 200 * M],
      ['2025-03-31', 190 * M],
    ]);
    // Q2 = six months (Q2 10-Q) - Q1 (its latest filing).
    expect(cash[1]?.accessions.operatingCashFlow).toEqual([CV.Q224, CV.Q125]);
    expect(cash[1]?.derived).toContain('operatingCashFlow');
  });

  it('TTM is the sum of the last four real quarters, with their filings', async () => {
    const series = await ttm('QZCV');
    expect(series).toMatchObject({
      basis: 'ttm',
      asOf: '2025-03-31',
      period: { fiscalYear: 2025, fiscalPeriod: 'TTM', periodStart: '2024-04-01', periodEnd: '2025-03-31' },
      currency: 'USD',
      quartersFiled: true,
    });
    expect(series?.values.revenue).toBe((1_250 + 1_350 + 1_450 + 1_300) * M);
    expect(series?.values.netIncome).toBe((125 + 135 + 145 + 130) * M);
    expect(series?.values.epsBasic).toBeCloseTo(2.5 + 2.7 + 2.9 + 2.6, 10);
    expect(series?.values.operatingCashFlow).toBe((180 + 190 + 200 + 190) * M);
    expect(series?.values.sharesOutstanding).toBe(51_000_000);
    expect(series?.accessions.revenue).toEqual([CV.Q224, CV.Q324, CV.K24, CV.Q125]);
    expect(series?.derived).toContain('revenue');
  });

  it('a January fiscal year (52/53 weeks) with losses: fiscal years as the company numbers them, negative Q4 and TTM', async () => {
    const annual = periodsOf(await get('income-statement', { tickers: 'QZJL' }));
    expect(
      annual.map((p) => [p.fiscalYear, p.periodStart, p.periodEnd, p.values.netIncome, p.values.epsBasic]),
    ).toEqual([
      [2022, '2022-01-30', '2023-01-28', -30 * M, -0.3],
      [2023, '2023-01-29', '2024-02-03', -115 * M, -1.15],
      [2024, '2024-02-04', '2025-02-01', -180 * M, -1.8],
    ]);
    const quarters = periodsOf(await get('income-statement', { tickers: 'QZJL', period: 'quarterly' }));
    const labels = quarters.map((p) => `${p.fiscalYear} ${p.fiscalPeriod} ${p.periodStart}..${p.periodEnd}`);
    expect(labels).toEqual([
      '2023 Q1 2023-01-29..2023-04-29',
      '2023 Q2 2023-04-30..2023-07-29',
      '2023 Q3 2023-07-30..2023-10-28',
      '2023 Q4 2023-10-29..2024-02-03',
      '2024 Q1 2024-02-04..2024-05-04',
      '2024 Q2 2024-05-05..2024-08-03',
      '2024 Q3 2024-08-04..2024-11-02',
      '2024 Q4 2024-11-03..2025-02-01',
    ]);
    // The 14-week fourth quarter of the 53-week year: FY - Q1..Q3 = -115 - (-40 - 35 - 50).
    expect(quarters[3]?.values.netIncome).toBe(10 * M);
    expect(quarters[7]?.values.netIncome).toBe(-20 * M);
    expect(quarters[7]?.values.epsBasic).toBeCloseTo(-0.2, 10);
    expect(quarters[7]?.accessions.netIncome).toEqual([JL.K24, JL.Q124, JL.Q224, JL.Q324]);
    const series = await ttm('QZJL');
    expect(series).toMatchObject({
      basis: 'ttm',
      period: { fiscalYear: 2024, fiscalPeriod: 'TTM', periodStart: '2024-02-04', periodEnd: '2025-02-01' },
    });
    expect(series?.values.netIncome).toBe(-180 * M);
    expect(series?.values.epsBasic).toBeCloseTo(-1.8, 10);
    expect(series?.values.revenue).toBe(3_460 * M);
    expect(series?.values.netMargin).toBeCloseTo(-180 / 3_460, 12);
    // No payout on a loss.
    expect(series?.values.payoutRatio ?? null).toBeNull();
  });

  it('a 53-week year ending in January belongs to the year before; its 14-week Q4 is derived', async () => {
    const annual = periodsOf(await get('income-statement', { tickers: 'QZWK' }));
    expect(annual.map((p) => [p.fiscalYear, p.periodStart, p.periodEnd, p.values.revenue])).toEqual([
      [2022, '2022-01-03', '2023-01-01', 2_000 * M],
      [2023, '2023-01-02', '2023-12-31', 2_120 * M],
      [2024, '2024-01-01', '2025-01-05', 2_290 * M],
    ]);
    const quarters = periodsOf(
      await get('income-statement', { tickers: 'QZWK', period: 'quarterly', from: '2024-07-01' }),
    );
    expect(quarters.map((p) => [p.fiscalYear, p.fiscalPeriod, p.periodStart, p.periodEnd, p.values.revenue])).toEqual([
      [2024, 'Q3', '2024-07-01', '2024-09-29', 570 * M],
      [2024, 'Q4', '2024-09-30', '2025-01-05', 640 * M],
      [2025, 'Q1', '2025-01-06', '2025-04-06', 560 * M],
    ]);
    const series = await ttm('QZWK');
    expect(series?.period).toEqual({
      fiscalYear: 2025,
      fiscalPeriod: 'TTM',
      periodStart: '2024-04-01',
      periodEnd: '2025-04-06',
    });
    expect(series?.values.revenue).toBe((550 + 570 + 640 + 560) * M);
    expect(series?.values.epsBasic).toBeCloseTo(2.2 + 2.3 + 2.55 + 2.25, 10);
  });

  it('a company without statements has a profile and empty financials, and no TTM', async () => {
    const body = await get('income-statement', { tickers: 'QZNS' });
    expect(body.series).toEqual([
      { ticker: 'QZNS', currency: 'USD', quartersFiled: false, splits: [], splitBasis: null, periods: [] },
    ]);
    expect(await ttm('QZNS')).toMatchObject({ basis: null, period: null, values: {} });
  });

  it.skipIf(!applePresent)('Apple: FY2022 revenue 394,328,000,000, one row per fiscal period, and a TTM', async () => {
    const annual = periodsOf(await get('income-statement', { tickers: 'AAPL' }));
    expect(annual.find((p) => p.periodEnd === '2022-09-24')?.values.revenue).toBe(394_328_000_000);
    const quarters = periodsOf(await get('income-statement', { tickers: 'AAPL', period: 'quarterly' }));
    const labels = quarters.map((p) => `${p.fiscalYear} ${p.fiscalPeriod}`);
    expect(new Set(labels).size).toBe(labels.length);
    const series = await ttm('AAPL');
    expect(series?.basis).toBe('ttm');
    const last4 = quarters.slice(-4);
    expect(series?.values.revenue).toBe(last4.reduce((sum, q) => sum + (q.values.revenue ?? 0), 0));
    expect(series?.values.epsBasic).toBeGreaterThan(0);
    expect(series?.values.sharesOutstanding).toBeGreaterThan(14_000_000_000);
    // The 4:1 split of 2020 and the 7:1 of 2014: every quarter's EPS in today's terms (no quarter 4x its neighbours).
    const eps = quarters.filter((q) => q.periodEnd >= '2019-01-01').map((q) => q.values.epsBasic ?? 0);
    for (let i = 1; i < eps.length; i++) expect((eps[i] as number) / (eps[i - 1] as number)).toBeLessThan(2.5);
  });
});
