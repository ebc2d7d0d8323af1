import { errorBody, financialsResponse, ttmFinancials } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

/*
 * ACME: three fiscal years (a loss in 2022), a 2:1 split in 2023 (per-share history restated), the
 * quarters of 2023 with Q4 derived from the 10-K, dividends. GAPP: a missing quarter. COIN: crypto.
 */
const year = (y: number, v: Record<string, number>, instant: Record<string, number> = {}) => [
  ...Object.entries(v).map(([item, value]) => fact(item, y, 'FY', value)),
  ...Object.entries(instant).map(([item, value]) => fact(item, y, 'FY', value, { instant: true })),
];
const acmeFacts = [
  ...year(
    2021,
    { revenue: 1000, gross_profit: 400, operating_income: 200, net_income: 100, eps_basic: 2, shares_basic: 50 },
    { equity: 900, total_assets: 2000 },
  ),
  ...year(
    2022,
    { revenue: 900, gross_profit: 300, operating_income: -20, net_income: -50, eps_basic: -1, shares_basic: 50 },
    { equity: 850, total_assets: 1900 },
  ),
  ...year(
    2023,
    {
      revenue: 1200,
      gross_profit: 500,
      operating_income: 300,
      net_income: 150,
      eps_basic: 1.5,
      shares_basic: 100,
      operating_cash_flow: 400,
      capital_expenditure: 100,
      dividends_paid: 60,
      buybacks: 40,
      debt_repaid: 50,
      debt_issued: 20,
    },
    { equity: 950, total_assets: 2100 },
  ),
  fact('revenue', 2023, 'Q1', 250),
  fact('revenue', 2023, 'Q2', 300),
  fact('revenue', 2023, 'Q3', 310),
  fact('revenue', 2023, 'Q4', 340, { derived: true }),
  fact('equity', 2023, 'Q4', 950, { instant: true }),
];

describe.each(testDatabases())('financials on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      {
        ticker: 'ACME',
        prices: weekdayBars('2021-01-04', '2023-12-29', (day) => (day < '2023-07-03' ? 40 : 20)),
        splits: [{ day: '2023-07-03', numerator: 2, denominator: 1 }],
        dividends: [
          { exDate: '2022-06-15', amount: 0.4 },
          { exDate: '2023-09-15', amount: 0.3 },
        ],
        facts: acmeFacts,
      },
      {
        ticker: 'GAPP',
        prices: weekdayBars('2023-01-02', '2023-12-29', () => 10),
        facts: [
          fact('revenue', 2022, 'FY', 800),
          fact('revenue', 2023, 'Q1', 200),
          fact('revenue', 2023, 'Q2', 210),
          fact('revenue', 2023, 'Q4', 230),
        ],
      },
      { ticker: 'COIN', kind: 'crypto', prices: calendarBars('2023-01-01', '2023-01-05', () => 5) },
      {
        // A bank (deposits, loans, net interest income) that files a gross profit and an operating income.
        ticker: 'BANK',
        prices: weekdayBars('2023-01-02', '2023-12-29', () => 10),
        facts: [
          ...year(2023, {
            revenue: 1000,
            gross_profit: 400,
            operating_income: 150,
            net_income: 100,
            net_interest_income: 600,
          }),
          ...year(2023, {}, { deposits: 9000, loans: 7000, equity: 1000 }),
        ],
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function get(path: string, query: Record<string, string>) {
    const response = await t.app.inject({ url: `/api/data/financials/${path}`, query });
    expect(response.statusCode, response.body).toBe(200);
    return financialsResponse.parse(response.json());
  }

  it('gives the income statement per fiscal year, each value with the accession of its filing', async () => {
    const body = await get('income-statement', { tickers: 'ACME' });
    expect(body.period).toBe('annual');
    expect(body.metrics[0]).toEqual({ name: 'revenue', unit: 'currency', description: 'Revenue' });
    expect(body.series[0]).toMatchObject({
      ticker: 'ACME',
      currency: 'USD',
      quartersFiled: true,
      splits: [{ day: '2023-07-03', numerator: 2, denominator: 1 }],
      splitBasis: '2023-07-03',
    });
    const periods = body.series[0]?.periods ?? [];
    expect(periods.map((p) => [p.fiscalYear, p.fiscalPeriod, p.periodEnd])).toEqual([
      [2021, 'FY', '2021-12-31'],
      [2022, 'FY', '2022-12-31'],
      [2023, 'FY', '2023-12-31'],
    ]);
    expect(periods[2]?.values.revenue).toBe(1200);
    expect(periods[2]?.accessions.revenue).toEqual(['0000000001-23-000010']);
    expect(periods[2]?.derived).not.toContain('revenue');
    // Not filed: null, with no filing listed.
    expect(periods[0]?.values.costOfRevenue).toBeNull();
    expect(periods[0]?.accessions).not.toHaveProperty('costOfRevenue');
  });

  it('marks a fourth quarter derived from the 10-K, and bounds periods by from and to', async () => {
    const body = await get('income-statement', { tickers: 'ACME', period: 'quarterly', from: '2023-06-01' });
    const periods = body.series[0]?.periods ?? [];
    expect(periods.map((p) => p.fiscalPeriod)).toEqual(['Q2', 'Q3', 'Q4']);
    expect(periods[2]?.values.revenue).toBe(340);
    expect(periods[2]?.derived).toContain('revenue');
  });

  it('restates EPS before a split in today share terms (a split inside the range)', async () => {
    const body = await get('eps-basic', { tickers: 'ACME' });
    expect(body.series[0]?.periods.map((p) => p.values.epsBasic)).toEqual([1, -0.5, 1.5]);
  });

  it('has no payout ratio in a loss year, and takes DPS from the ex-dates when none was filed', async () => {
    const body = await get('payout', { tickers: 'ACME' });
    const [y2021, y2022, y2023] = body.series[0]?.periods ?? [];
    expect(y2021?.values.dividendsPerShare).toBe(0);
    // 0.4 paid before the 2:1 split is 0.2 per today's share; EPS -0.5: no payout ratio.
    expect(y2022?.values.dividendsPerShare).toBeCloseTo(0.2, 12);
    expect(y2022?.values.payoutRatio).toBeNull();
    expect(y2022?.derived).not.toContain('payoutRatio');
    expect(y2023?.values.payoutRatio).toBeCloseTo(0.3 / 1.5, 12);
    // Cash payout = 60 / (400 - 100).
    expect(y2023?.values.cashPayoutRatio).toBeCloseTo(0.2, 12);
    expect(y2023?.accessions.cashPayoutRatio).toEqual(['0000000001-23-000010']);
    expect(y2023?.derived).toContain('cashPayoutRatio');
  });

  it('computes margins, and returns on average equity and assets per fiscal year', async () => {
    const margins = await get('margins', { tickers: 'ACME', from: '2023-01-01' });
    expect(margins.series[0]?.periods[0]?.values).toMatchObject({
      grossMargin: 500 / 1200,
      operatingMargin: 300 / 1200,
      netMargin: 150 / 1200,
    });
    // from 2023 still uses the 2022 balance for the averages.
    const returns = await get('financial-returns', { tickers: 'ACME', from: '2023-01-01' });
    const period = returns.series[0]?.periods[0];
    expect(period?.values.roe).toBeCloseTo(150 / ((850 + 950) / 2), 12);
    expect(period?.values.roa).toBeCloseTo(150 / ((1900 + 2100) / 2), 12);
    expect(period?.accessions.roe?.sort()).toEqual(['0000000001-22-000010', '0000000001-23-000010']);
  });

  it('splits operating cash flow into its uses, net of new debt', async () => {
    const body = await get('capital-allocation', { tickers: 'ACME', from: '2023-01-01' });
    expect(body.series[0]?.periods[0]?.values).toMatchObject({
      freeCashFlow: 300,
      dividendsOfOperatingCashFlow: 0.15,
      buybacksOfOperatingCashFlow: 0.1,
      netDebtRepaid: 30,
      netDebtRepaidOfOperatingCashFlow: 0.075,
      acquisitionsOfOperatingCashFlow: null,
    });
  });

  it('returns the fields asked for with calc-financials, one series per ticker', async () => {
    const body = await get('calc-financials', { tickers: 'ACME,GAPP', fields: 'revenue,revenuePerShare' });
    expect(body.metrics.map((m) => m.name)).toEqual(['revenue', 'revenuePerShare']);
    expect(body.series.map((s) => s.ticker)).toEqual(['ACME', 'GAPP']);
    expect(Object.keys(body.series[0]?.periods[0]?.values ?? {})).toEqual(['revenue', 'revenuePerShare']);
    // 1000 / 50 filed shares, which are 100 of today's after the 2:1 split.
    expect(body.series[0]?.periods[0]?.values.revenuePerShare).toBe(10);
  });

  it('gives crypto (no fundamentals) an empty series rather than an error', async () => {
    const body = await get('income-statement', { tickers: 'COIN' });
    expect(body.series).toEqual([
      { ticker: 'COIN', currency: 'USD', quartersFiled: false, splits: [], splitBasis: null, periods: [] },
    ]);
  });

  it('sums the last four quarters for TTM, and falls back to the fiscal year when one is missing', async () => {
    const response = await t.app.inject({
      url: '/api/data/financials/ttm-financial',
      query: { tickers: 'ACME,GAPP,COIN' },
    });
    const [acme, gapp, coin] = ttmFinancials.parse(response.json()).series;
    expect(acme).toMatchObject({
      asOf: '2023-12-31',
      basis: 'ttm',
      period: { fiscalYear: 2023, fiscalPeriod: 'TTM', periodStart: '2023-01-01', periodEnd: '2023-12-31' },
    });
    expect(acme?.values.revenue).toBe(1200);
    expect(acme?.accessions.revenue).toHaveLength(4);
    expect(acme?.derived).toContain('revenue');
    // GAPP lacks its third quarter: the latest fiscal year, said so, never a null labelled TTM.
    expect(gapp).toMatchObject({
      asOf: '2022-12-31',
      basis: 'fy',
      period: { fiscalYear: 2022, fiscalPeriod: 'FY', periodEnd: '2022-12-31' },
      values: { revenue: 800 },
    });
    expect(coin).toEqual({
      ticker: 'COIN',
      currency: 'USD',
      quartersFiled: false,
      splits: [],
      splitBasis: null,
      template: 'general',
      basis: null,
      asOf: null,
      period: null,
      values: {},
      accessions: {},
      derived: [],
    });
  });

  it('gives a bank no gross or operating margin in the TTM answer, as its key statistics give none', async () => {
    const response = await t.app.inject({
      url: '/api/data/financials/ttm-financial',
      query: { tickers: 'BANK', fields: 'revenue,grossMargin,operatingMargin,netMargin' },
    });
    const [bank] = ttmFinancials.parse(response.json()).series;
    expect(bank?.template).toBe('bank');
    expect(bank?.values).toEqual({ revenue: 1000, grossMargin: null, operatingMargin: null, netMargin: 0.1 });
    expect(bank?.derived).not.toContain('grossMargin');
  });

  it('gives the TTM of the metrics asked for with fields, in the order asked', async () => {
    const response = await t.app.inject({
      url: '/api/data/financials/ttm-financial',
      query: { tickers: 'ACME', fields: 'netIncome,revenue,grossMargin' },
    });
    const [acme] = ttmFinancials.parse(response.json()).series;
    // ACME filed revenue alone for its quarters: no net income over four of them, hence no margin.
    expect(acme?.values).toEqual({ netIncome: null, revenue: 1200, grossMargin: null });
    expect(Object.keys(acme?.values ?? {})).toEqual(['netIncome', 'revenue', 'grossMargin']);
  });

  it.each([
    ['income-statement', { tickers: 'ACME', period: 'weekly' }, 'period'],
    ['calc-financials', { tickers: 'ACME', fields: 'revenue,magic' }, 'fields'],
    ['margins', { tickers: 'ACME', from: '2023-01-01', to: '2022-01-01' }, 'from'],
    ['payout', { tickers: 'ACME', to: 'yesterday' }, 'to'],
    ['ttm-financial', { tickers: 'ACME', fields: 'revenue,magic' }, 'fields'],
  ])('rejects a bad %s query %j with a 400 naming %s', async (path, query, field) => {
    const response = await t.app.inject({ url: `/api/data/financials/${path}`, query });
    expect(response.statusCode).toBe(400);
    expect((errorBody.parse(response.json()).error.details as { field: string }).field.split('.')[0]).toBe(field);
  });

  it('says ticker_not_found for an unknown ticker', async () => {
    const response = await t.app.inject({ url: '/api/data/financials/cash-flow', query: { tickers: 'ACME,NOPE' } });
    expect(response.statusCode).toBe(404);
    expect(errorBody.parse(response.json()).error).toMatchObject({
      code: 'ticker_not_found',
      details: { ticker: 'NOPE' },
    });
  });
});
