import { meaningfulFor, sheetData } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliTargets, financialsCall, loadOtherCases, periodsOf, type SecCase, ttmCall } from './testing/sec-cases.ts';

/*
 * Issue 32, statement templates by kind of company: a bank (SIC 6021), an insurer (6331) and a REIT (6798),
 * each a golden companyfacts file through the real ingest CLI, into both databases, read back through the
 * API: the template's lines and their figures, totals computed from parts, and the figures that mean
 * nothing for a kind left out of its statements.
 */
const CASES: SecCase[] = [
  { ticker: 'QZBK', cik: 990115, file: 'sec-cases/companyfacts-bank-debt.json', fiscalYearEnd: '1231', sic: '6021' },
  { ticker: 'QZIN', cik: 990116, file: 'sec-cases/companyfacts-insurer.json', fiscalYearEnd: '1231', sic: '6331' },
  { ticker: 'QZRE', cik: 990117, file: 'sec-cases/companyfacts-reit.json', fiscalYearEnd: '1231', sic: '6798' },
];
const M = 1_000_000;
const BK = { K23: '0000990115-24-000008', K24: '0000990115-25-000008' };

describe.each(cliTargets())('statement templates through the ingest CLI into $label', (target) => {
  let loaded: Awaited<ReturnType<typeof loadOtherCases>>;
  beforeAll(async () => {
    loaded = await loadOtherCases(target, CASES);
  }, 120_000);
  afterAll(async () => {
    await loaded?.close();
  });
  const get = (call: string, query: Record<string, string>) => financialsCall(loaded.t, call, query);

  it('a bank: interest income to EPS, deposits and loans; revenue = net interest income + noninterest income', async () => {
    const body = await get('income-statement', { tickers: 'QZBK' });
    expect(body.templates).toEqual({ QZBK: 'bank' });
    const names = body.metrics.map((m) => m.name);
    expect(names.slice(0, 7)).toEqual([
      'interestIncomeTotal',
      'interestExpense',
      'netInterestIncome',
      'provisionForCreditLosses',
      'noninterestIncome',
      'revenue',
      'noninterestExpense',
    ]);
    for (const figure of ['grossProfit', 'costOfRevenue', 'grossMargin', 'ebitda', 'ebit', 'operatingIncome'])
      expect(names).not.toContain(figure);
    const years = periodsOf(body);
    expect(
      years.map((p) => [
        p.values.interestIncomeTotal,
        p.values.interestExpense,
        p.values.netInterestIncome,
        p.values.provisionForCreditLosses,
        p.values.noninterestIncome,
        p.values.revenue,
        p.values.noninterestExpense,
        p.values.pretaxIncome,
        p.values.incomeTax,
        p.values.netIncome,
        p.values.epsBasic,
        p.values.dividendsPerShare,
      ]),
    ).toEqual(
      [
        [150_000 * M, 60_000 * M, 90_000 * M, 6_000 * M, 65_000 * M, 155_000 * M, 87_000 * M, 62_000 * M, 13_000 * M],
        [190_000 * M, 95_000 * M, 95_000 * M, 10_000 * M, 63_000 * M, 158_000 * M, 92_000 * M, 56_000 * M, 7_000 * M],
      ].map((row, i) => [...row, 49_000 * M, [16.25, 16.4][i], [4.1, 4.6][i]]),
    );
    // 2023 files no revenue total: the sum of its two parts, naming the 10-K; 2024 its RevenuesNetOfInterestExpense.
    expect(years[0]?.derived).toContain('revenue');
    expect(years[0]?.accessions.revenue).toEqual([BK.K23]);
    expect(years[1]?.derived).not.toContain('revenue');
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZBK' }))[1];
    expect(balance?.values).toMatchObject({
      cashAndDueFromBanks: 22_000 * M,
      cash: 469_000 * M,
      securitiesAvailableForSale: 278_000 * M,
      securitiesHeldToMaturity: 274_000 * M,
      loans: 1_348_000 * M,
      allowanceForCreditLosses: 24_000 * M,
      netLoans: 1_324_000 * M,
      deposits: 2_406_000 * M,
      shortTermDebt: 52_000 * M,
      longTermDebt: 401_000 * M,
      totalDebt: 453_000 * M,
      totalAssets: 4_000_000 * M,
      equity: 345_000 * M,
    });
    expect(balance?.derived).toContain('netLoans');
    expect(Object.keys(balance?.values ?? {})).not.toContain('netCash');
    // The data sheet of the bank: its template's lines, without gross profit.
    const sheet = sheetData.parse(
      (await loaded.t.app.inject({ url: '/api/data/sheet/data/QZBK/income-statement' })).json(),
    );
    expect(sheet.template).toBe('bank');
    expect(sheet.rows.map((r) => r.lineItem).slice(0, 3)).toEqual([
      'interestIncomeTotal',
      'interestExpense',
      'netInterestIncome',
    ]);
    expect(sheet.rows.map((r) => r.lineItem)).not.toContain('grossProfit');
    const ttm = await ttmCall(loaded.t, 'QZBK');
    expect(ttm).toMatchObject({ template: 'bank', basis: 'fy', values: { revenue: 158_000 * M } });
    expect(meaningfulFor('bank', 'evToEbitda')).toBe(false);
  });

  it('an insurer: premiums, investment income, losses and reserves; no gross profit though one is tagged', async () => {
    const body = await get('income-statement', { tickers: 'QZIN' });
    expect(body.templates).toEqual({ QZIN: 'insurer' });
    expect(body.metrics.map((m) => m.name)).not.toContain('grossProfit');
    expect(periodsOf(body)[0]?.values).toMatchObject({
      premiumsEarned: 40_000 * M,
      netInvestmentIncome: 6_000 * M,
      realizedInvestmentGains: -300 * M,
      revenue: 46_200 * M,
      benefitsAndLosses: 28_000 * M,
      policyAcquisitionCosts: 7_000 * M,
      otherUnderwritingExpenses: 3_000 * M,
      totalBenefitsAndExpenses: 39_500 * M,
      pretaxIncome: 6_700 * M,
      netIncome: 5_300 * M,
      epsBasic: 22.5,
    });
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZIN' }))[0];
    expect(balance?.values).toMatchObject({
      investments: 95_000 * M,
      deferredAcquisitionCosts: 3_800 * M,
      unpaidClaimsReserve: 62_000 * M,
      futurePolicyBenefits: null,
      unearnedPremiums: 21_000 * M,
      totalAssets: 130_000 * M,
    });
  });

  it('a REIT: rental revenue, real-estate depreciation, FFO, FFO per share and its payout', async () => {
    const body = await get('income-statement', { tickers: 'QZRE' });
    expect(body.templates).toEqual({ QZRE: 'reit' });
    const years = periodsOf(body);
    // 2023: 900 + 1,500 (D&A: no real-estate depreciation filed) - 50; 2024: 1,000 + 1,560 - 120.
    expect(years.map((p) => [p.values.rentalRevenue, p.values.realEstateDepreciation, p.values.ffo])).toEqual([
      [3_800 * M, null, 2_350 * M],
      [4_100 * M, 1_560 * M, 2_440 * M],
    ]);
    expect(years[0]?.values.ffoPerShare).toBeCloseTo(5.875, 10);
    expect(years[1]?.values.ffoPerShare).toBeCloseTo(2_440 / 410, 10);
    expect(years[1]?.values.ffoPayoutRatio).toBeCloseTo(3.7 / (2_440 / 410), 10);
    expect(years[1]?.derived).toEqual(expect.arrayContaining(['ffo', 'ffoPerShare', 'ffoPayoutRatio']));
    const balance = periodsOf(await get('balance-sheet', { tickers: 'QZRE' }));
    expect(balance.map((p) => [p.values.realEstateInvestments, p.values.realEstateAccumulatedDepreciation])).toEqual([
      [30_000 * M, 8_000 * M],
      [31_500 * M, 9_500 * M],
    ]);
  });

  it('several kinds in one call: the lines of every template asked for, each ticker with its own', async () => {
    const body = await get('income-statement', { tickers: 'QZBK,QZRE' });
    expect(body.templates).toEqual({ QZBK: 'bank', QZRE: 'reit' });
    const names = body.metrics.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['netInterestIncome', 'ffo', 'rentalRevenue']));
    const cash = await get('cash-flow', { tickers: 'QZBK' });
    expect(cash.metrics.map((m) => m.name)[0]).toBe('netIncome');
  });
});
