import { odataResponse, restatementsResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliTargets, financialsCall, loadOtherCases, periodsOf, type SecCase, ttmCall } from './testing/sec-cases.ts';

/*
 * Issue 32, the parser's cases, each a golden companyfacts file of its own (sources/__golden__/ok/sec-cases/)
 * through the real ingest CLI against a loopback SEC, into both databases, read back through the API and
 * checked figure by figure: both revenue tags, an IFRS filer in DKK with per-share facts in the bare
 * currency, a split tagged again in comparative contexts, balance-sheet against cover-page share counts,
 * a change of fiscal year end, totals with a part missing.
 */
export const FILING_CASES: SecCase[] = [
  { ticker: 'QZRT', cik: 990111, file: 'sec-cases/companyfacts-two-revenue-tags.json', fiscalYearEnd: '1231' },
  {
    ticker: 'QZDK',
    cik: 990112,
    file: 'sec-cases/companyfacts-ifrs-dkk.json',
    fiscalYearEnd: '1231',
    country: 'Denmark',
  },
  { ticker: 'QZ3S', cik: 990113, file: 'sec-cases/companyfacts-split-comparative.json', fiscalYearEnd: '1231' },
  { ticker: 'QZFY', cik: 990114, file: 'sec-cases/companyfacts-fiscal-year-change.json', fiscalYearEnd: '1231' },
  { ticker: 'QZBK', cik: 990115, file: 'sec-cases/companyfacts-bank-debt.json', fiscalYearEnd: '1231', sic: '6021' },
  { ticker: 'QZRS', cik: 990118, file: 'sec-cases/companyfacts-restated.json', fiscalYearEnd: '1231' },
];
const M = 1_000_000;
const RT = { K23: '0000990111-24-000005', K24: '0000990111-25-000005', Q1: '0000990111-24-000015' };
const FY = { KT: '0000990114-24-000002', K24: '0000990114-25-000006' };

describe.each(cliTargets())('issue 32 filings through the ingest CLI into $label', (target) => {
  let loaded: Awaited<ReturnType<typeof loadOtherCases>>;
  beforeAll(async () => {
    loaded = await loadOtherCases(target, FILING_CASES, ['QZRS']);
  }, 120_000);
  afterAll(async () => {
    await loaded?.close();
  });
  const get = (call: string, query: Record<string, string>) => financialsCall(loaded.t, call, query);
  const ttm = (ticker: string) => ttmCall(loaded.t, ticker);

  it('loads every case', () => {
    expect(loaded.run.stdout).toMatch(/^sec: 6 loaded, 0 unchanged, 0 failed, 0 records rejected/m);
  });

  it('revenue is the total (Revenues) where net sales are tagged too; the part is its own line', async () => {
    const annual = periodsOf(await get('income-statement', { tickers: 'QZRT' }));
    expect(annual.map((p) => [p.periodEnd, p.values.revenue, p.values.salesRevenue])).toEqual([
      ['2023-12-31', 10_100 * M, 10_000 * M],
      ['2024-12-31', 12_120 * M, 12_000 * M],
    ]);
    expect(annual[1]?.accessions.revenue).toEqual([RT.K24]);
    const quarters = periodsOf(await get('income-statement', { tickers: 'QZRT', period: 'quarterly' }));
    const flows = quarters.filter((p) => p.periodStart !== null);
    expect(flows.map((p) => [p.fiscalPeriod, p.values.revenue, p.values.salesRevenue])).toEqual([
      ['Q1', 2_828 * M, 2_800 * M],
      ['Q2', 3_030 * M, 3_000 * M],
      ['Q3', 3_030 * M, 3_000 * M],
      ['Q4', 3_232 * M, 3_200 * M],
    ]);
    const series = await ttm('QZRT');
    expect(series).toMatchObject({ basis: 'ttm', asOf: '2024-12-31' });
    expect(series?.values.revenue).toBe(12_120 * M);
    // Apple-like companies whose part is the total: no second line repeating revenue (QZ3S files Revenues only).
    const other = periodsOf(await get('income-statement', { tickers: 'QZ3S' }));
    expect(other.map((p) => p.values.salesRevenue)).toEqual([null, null]);
  });

  it("the balance sheet's count at the period end wins over the cover page's later count", async () => {
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZRT', period: 'quarterly' }));
    expect(balance.map((p) => [p.periodEnd, p.values.sharesOutstanding])).toEqual([
      ['2023-12-31', 100 * M],
      ['2024-03-31', 99 * M],
      // No balance-sheet count filed: the cover page of the quarter's 10-Q.
      ['2024-06-30', 97 * M],
      ['2024-09-30', 96 * M],
      ['2024-12-31', 94 * M],
    ]);
    expect(balance[1]?.accessions.sharesOutstanding).toEqual([RT.Q1]);
  });

  it('totals only when every part is known, else null with the missing parts', async () => {
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZRT' }));
    // 2023: 500 M current + 4,000 M non-current; 2024: the current portion is not filed.
    expect(balance.map((p) => [p.periodEnd, p.values.totalDebt, p.values.netCash])).toEqual([
      ['2023-12-31', 4_500 * M, -3_000 * M],
      ['2024-12-31', null, null],
    ]);
    const income = periodsOf(await get('income-statement', { tickers: 'QZRT' }));
    // EBITDA needs D&A: filed for 2024 only (operating income 1,248 M + 400 M).
    expect(income.map((p) => p.values.ebitda)).toEqual([null, 1_648 * M]);
    const series = await ttm('QZRT');
    expect(series?.values).toMatchObject({ totalDebt: null, netCash: null });
    expect(series?.incomplete).toMatchObject({ totalDebt: ['shortTermDebt'], netCash: ['shortTermDebt'] });
    // The bank: long-term debt filed as LongTermDebt is read; the year without it has no total, not +580 billion.
    const bank = periodsOf(await get('balance-sheet', { tickers: 'QZBK' }));
    expect(bank.map((p) => [p.periodEnd, p.values.longTermDebt, p.values.totalDebt])).toEqual([
      ['2023-12-31', null, null],
      ['2024-12-31', 401_000 * M, 453_000 * M],
    ]);
    // Net cash means nothing for a bank: not among its lines at all (sec-templates.test.ts).
    expect(bank.every((p) => !('netCash' in p.values))).toBe(true);
  });

  it('reads an IFRS filer in DKK: per-share facts in the bare currency, dividends per share, D&A', async () => {
    const body = await get('income-statement', { tickers: 'QZDK' });
    expect(body.series[0]).toMatchObject({ currency: 'DKK', quartersFiled: false });
    const years = periodsOf(body);
    expect(
      years.map((p) => [p.fiscalYear, p.values.epsBasic, p.values.epsDiluted, p.values.dividendsPerShare]),
    ).toEqual([
      [2022, 24.6, 24.51, 8.35],
      [2023, 18.67, 18.62, 9.4],
      [2024, 22.67, 22.63, 9.1],
    ]);
    // D&A: filed separately as depreciation + amortisation (2022, 2024) or as one figure (2023).
    expect(years.map((p) => p.values.depreciationAmortization)).toEqual([4_200 * M, 5_400 * M, 7_700 * M]);
    expect(years[2]?.derived).toContain('depreciationAmortization');
    for (const p of years) {
      const { ebitda, ebit } = p.values;
      expect(ebitda).not.toBeNull();
      expect(ebitda as number).toBeGreaterThanOrEqual(ebit as number);
    }
    expect(years[2]?.values).toMatchObject({ ebitda: 136_000 * M, ebit: 128_000 * M, revenue: 290_400 * M });
  });

  it('one split is one event though a 10-Q tags it again a year earlier; one basis, restated once', async () => {
    const body = await get('eps-basic', { tickers: 'QZ3S' });
    expect(body.series[0]?.splits).toEqual([{ day: '2024-05-15', numerator: 3, denominator: 1 }]);
    const splits = await loaded.t.database.db
      .selectFrom('splits')
      .innerJoin('securities', 'securities.id', 'splits.security_id')
      .select(['day', 'numerator', 'denominator'])
      .where('securities.ticker', '=', 'QZ3S')
      .execute();
    expect(splits).toEqual([{ day: '2024-05-15', numerator: 3, denominator: 1 }]);
    const annual = periodsOf(body);
    expect(annual.map((p) => p.values.epsBasic)).toEqual([1.87, 2.12]);
    const quarters = periodsOf(await get('income-statement', { tickers: 'QZ3S', period: 'quarterly' }));
    const eps = quarters.map((p) => p.values.epsBasic as number);
    [0.45, 0.47, 0.48, 0.47, 0.5, 0.52, 0.54, 0.56].forEach((v, i) => {
      expect(eps[i]).toBeCloseTo(v, 10);
    });
    expect(quarters.map((p) => p.values.sharesBasic)).toEqual([
      ...[900 * M, 900 * M, 900 * M, null],
      ...[900 * M, 900 * M, 900 * M, null],
    ]);
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZ3S' }));
    expect(balance.map((p) => p.values.sharesOutstanding)).toEqual([900 * M, 900 * M]);
  });

  it('a change of fiscal year end: the transition period is labelled as one, no year, no quarter, not in a TTM', async () => {
    const annual = periodsOf(await get('income-statement', { tickers: 'QZFY' }));
    expect(annual.map((p) => [p.fiscalYear, p.fiscalPeriod, p.periodStart, p.periodEnd, p.values.revenue])).toEqual([
      [2022, 'FY', '2021-10-01', '2022-09-30', 3_600 * M],
      [2023, 'FY', '2022-10-01', '2023-09-30', 4_000 * M],
      [2023, 'TP', '2023-10-01', '2023-12-31', 1_100 * M],
      [2024, 'FY', '2024-01-01', '2024-12-31', 4_900 * M],
    ]);
    expect(annual[2]?.accessions.revenue).toEqual([FY.K24]);
    const quarters = periodsOf(await get('income-statement', { tickers: 'QZFY', period: 'quarterly' }));
    const labels = quarters.filter((p) => p.periodStart !== null).map((p) => `${p.fiscalYear} ${p.fiscalPeriod}`);
    expect(labels).toEqual([
      '2023 Q1',
      '2023 Q2',
      '2023 Q3',
      '2023 Q4',
      '2023 TP',
      '2024 Q1',
      '2024 Q2',
      '2024 Q3',
      '2024 Q4',
    ]);
    const q4 = quarters.find((p) => p.fiscalYear === 2024 && p.fiscalPeriod === 'Q4');
    expect(q4?.values.revenue).toBe(1_300 * M);
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZFY' }));
    expect(balance.map((p) => [p.fiscalPeriod, p.periodEnd, p.values.totalAssets])).toEqual([
      ['FY', '2022-09-30', 9_000 * M],
      ['FY', '2023-09-30', 9_500 * M],
      ['TP', '2023-12-31', 9_600 * M],
      ['FY', '2024-12-31', 10_000 * M],
    ]);
    // Four fiscal quarters: Q1-Q4 of the new year, never the transition period.
    const series = await ttm('QZFY');
    expect(series).toMatchObject({
      basis: 'ttm',
      period: { fiscalPeriod: 'TTM', periodStart: '2024-01-01', periodEnd: '2024-12-31' },
    });
    expect(series?.values.revenue).toBe(4_900 * M);
  });

  const RS = {
    K23: { accession: '0000990118-24-000011', filed: '2024-02-20' },
    K24: { accession: '0000990118-25-000011', filed: '2025-02-20' },
    KA: { accession: '0000990118-25-000020', filed: '2025-03-15' },
    Q1: { accession: '0000990118-24-000021', filed: '2024-05-08' },
    Q1A: { accession: '0000990118-24-000031', filed: '2024-06-14' },
  };

  it('keeps the value as first filed beside the latest: the restatements, newest first, with both filings', async () => {
    const response = await loaded.t.app.inject({ url: '/api/data/financials/restatements', query: { ticker: 'QZRS' } });
    expect(response.statusCode, response.body).toBe(200);
    const body = restatementsResponse.parse(response.json());
    expect(body).toMatchObject({ ticker: 'QZRS', currency: 'USD' });
    const row = (period: string, fp: string, end: string, line: string, first: object, latest: object) => ({
      period,
      fiscalPeriod: fp,
      periodEnd: end,
      lineItem: line,
      first,
      latest,
    });
    const equity = [
      { value: 4_000 * M, ...RS.K24 },
      { value: 3_950 * M, ...RS.KA },
    ] as const;
    const income = [
      { value: 500 * M, ...RS.K23 },
      { value: 480 * M, ...RS.K24 },
    ] as const;
    const assets = [
      { value: 9_000 * M, ...RS.K23 },
      { value: 8_900 * M, ...RS.K24 },
    ] as const;
    expect(body.restatements.map(({ change, changePct, fiscalYear, ...r }) => r)).toEqual([
      // The 10-K/A of March 2025: equity at the end of 2024, in both statements (totalEquity: the same concept).
      row('annual', 'FY', '2024-12-31', 'equity', ...equity),
      row('annual', 'FY', '2024-12-31', 'totalEquity', ...equity),
      row('quarterly', 'Q4', '2024-12-31', 'equity', ...equity),
      row('quarterly', 'Q4', '2024-12-31', 'totalEquity', ...equity),
      // The 10-K of 2024 restating 2023: EPS, net income (netIncomeCommon falls back to NetIncomeLoss: the same
      // restatement on its own line), and total assets, the year-end balance in both statements.
      row('annual', 'FY', '2023-12-31', 'epsBasic', { value: 2.5, ...RS.K23 }, { value: 2.4, ...RS.K24 }),
      row('annual', 'FY', '2023-12-31', 'netIncome', ...income),
      row('annual', 'FY', '2023-12-31', 'netIncomeCommon', ...income),
      row('annual', 'FY', '2023-12-31', 'totalAssets', ...assets),
      row('quarterly', 'Q4', '2023-12-31', 'totalAssets', ...assets),
      // A 10-Q/A restating the first quarter's revenue.
      row('quarterly', 'Q1', '2024-03-31', 'revenue', { value: 1_300 * M, ...RS.Q1 }, { value: 1_200 * M, ...RS.Q1A }),
    ]);
    const netIncome = body.restatements.find((r) => r.lineItem === 'netIncome');
    expect(netIncome?.change).toBe(-20 * M);
    expect(netIncome?.changePct).toBeCloseTo(-0.04, 10);
    // The statements give the latest value.
    const annual = periodsOf(await get('income-statement', { tickers: 'QZRS' }));
    expect(annual[0]?.values.netIncome).toBe(480 * M);
    // A company no filing restated has an empty ledger.
    const none = await loaded.t.app.inject({ url: '/api/data/financials/restatements', query: { ticker: 'QZDK' } });
    expect(restatementsResponse.parse(none.json()).restatements).toEqual([]);
  });

  it('statement answers give firstFiled on each value a later filing changed, and on no other', async () => {
    const equityFirst = { value: 4_000 * M, ...RS.K24, latestFiled: RS.KA.filed };
    const annual = periodsOf(await get('income-statement', { tickers: 'QZRS' }));
    expect(annual.map((p) => [p.periodEnd, p.firstFiled ?? null])).toEqual([
      [
        '2023-12-31',
        {
          epsBasic: { value: 2.5, ...RS.K23, latestFiled: RS.K24.filed },
          netIncome: { value: 500 * M, ...RS.K23, latestFiled: RS.K24.filed },
          netIncomeCommon: { value: 500 * M, ...RS.K23, latestFiled: RS.K24.filed },
        },
      ],
      // 2024 as first filed: no key at all.
      ['2024-12-31', null],
    ]);
    // Revenue of 2023 was filed again unchanged: no firstFiled; the ratio computed from a restated value has none.
    expect(annual[0]?.values).toMatchObject({ revenue: 5_000 * M, netIncome: 480 * M, netMargin: 0.096 });
    expect(annual[0]?.accessions.netIncome).toEqual([RS.K24.accession]);
    const quarters = periodsOf(await get('income-statement', { tickers: 'QZRS', period: 'quarterly' }));
    expect(quarters.map((p) => [p.fiscalPeriod, p.values.revenue, p.firstFiled ?? null])).toEqual([
      ['Q1', 1_200 * M, { revenue: { value: 1_300 * M, ...RS.Q1, latestFiled: RS.Q1A.filed } }],
      ['Q2', 1_350 * M, null],
      ['Q3', 1_400 * M, null],
      // Q4 = FY - Q1..Q3 on the restated Q1: computed, never filed, so no first value of its own.
      ['Q4', 1_550 * M, null],
    ]);
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZRS' }));
    expect(balance.map((p) => [p.periodEnd, p.values.totalAssets, p.values.equity, p.firstFiled ?? null])).toEqual([
      ['2023-12-31', 8_900 * M, 3_600 * M, { totalAssets: { value: 9_000 * M, ...RS.K23, latestFiled: RS.K24.filed } }],
      ['2024-12-31', 9_500 * M, 3_950 * M, { equity: equityFirst, totalEquity: equityFirst }],
    ]);
    // TTM: the revenue summed over four quarters (one restated) was never filed, so it has none; equity is the
    // last quarter's balance as filed, and carries its own.
    const series = await ttm('QZRS');
    expect(series).toMatchObject({ basis: 'ttm', asOf: '2024-12-31' });
    expect(series?.values).toMatchObject({ revenue: 5_500 * M, equity: 3_950 * M });
    expect(series?.firstFiled).toEqual({ equity: equityFirst });
    // A company no filing restated: no firstFiled anywhere.
    const other = periodsOf(await get('income-statement', { tickers: 'QZRT' }));
    expect(other.every((p) => p.firstFiled === undefined)).toBe(true);
  });

  it('the screener counts the values restated by filings of the last 3 years, each once, and the largest change', async () => {
    const response = await loaded.t.app.inject({
      url: '/api/data/indicator/odata',
      query: { $filter: 'restatements3y gt 0', $select: 'ticker,asOf,restatements3y,largestRestatementPct' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row, ...others] = odataResponse.parse(response.json()).value;
    expect(others).toEqual([]);
    // As of 2027-06-18 (the last close): filings after 2024-06-18 count. Net income (and net income to common,
    // the same filed value), EPS, total assets (annual and quarterly: one value), equity: 4. The 10-Q/A of
    // 2024-06-14 (Q1 revenue, -7.7 %) is older than 3 years and is left out of both figures.
    expect(row).toMatchObject({ ticker: 'QZRS', asOf: '2027-06-18', restatements3y: 4 });
    expect(row?.largestRestatementPct).toBeCloseTo(4, 10);
    // The key statistics give the same figures (one catalogue).
    const stats = await loaded.t.app.inject({ url: '/api/data/company/statistics', query: { ticker: 'QZRS' } });
    expect(stats.json().figures).toMatchObject({ restatements3y: 4 });
    // Sorted like any numeric column (nulls last).
    const sorted = await loaded.t.app.inject({
      url: '/api/data/indicator/odata',
      query: { $orderby: 'largestRestatementPct desc,ticker', $select: 'ticker,restatements3y', $top: '2' },
    });
    expect(odataResponse.parse(sorted.json()).value[0]).toEqual({ ticker: 'QZRS', restatements3y: 4 });
    // A company without a close has no day the 3 years end on: null, like its other figures of the day.
    const dk = await loaded.t.app.inject({
      url: '/api/data/indicator/odata',
      query: { $filter: "ticker eq 'QZDK'", $select: 'ticker,restatements3y,largestRestatementPct' },
    });
    expect(odataResponse.parse(dk.json()).value).toEqual([
      { ticker: 'QZDK', restatements3y: null, largestRestatementPct: null },
    ]);
  });
});
