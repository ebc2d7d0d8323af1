import { companyPeers, errorBody, nextReport } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

const chips = { sector: 'Technology', industry: 'Semiconductors' };
const software = { sector: 'Technology', industry: 'Software' };
const bank = { sector: 'Financials', industry: 'Banks' };
/** Quarterly filings 2022-2023: 10-Qs and the 10-K, each 40 days after its period (the factory's lag). */
const filings = [2022, 2023].flatMap((year) =>
  (['Q1', 'Q2', 'Q3', 'FY'] as const).map((period) => fact('revenue', year, period, 100)),
);

describe.each(testDatabases())('peers and next report on $label', (target) => {
  let t: TestApp;
  const caps: Record<string, number> = { SELF: 10e9, CHA: 12e9, CHB: 3e9, SWA: 9e9, SWB: 100e9, BNK: 10e9 };
  beforeAll(async () => {
    t = await startTestApp(target);
    // SELF rose from 40 to 50 over the year to 2024-03-08 (a Friday).
    const rising = weekdayBars('2023-01-02', '2024-03-08', (day) => (day <= '2023-03-08' ? 40 : 50));
    const flat = weekdayBars('2023-01-02', '2024-03-08', () => 20);
    await loadSecurities(t.database.db, [
      { ticker: 'SELF', profile: chips, prices: rising, facts: filings },
      { ticker: 'CHA', profile: chips, prices: flat },
      { ticker: 'CHB', profile: chips, prices: flat },
      { ticker: 'SWA', profile: software, prices: flat },
      { ticker: 'SWB', profile: software, prices: flat },
      { ticker: 'BNK', profile: bank, prices: flat },
      { ticker: 'COIN', kind: 'crypto', prices: calendarBars('2024-01-01', '2024-03-08', () => 1) },
    ]);
    // Market caps as the test reasons about them (the screener computes them from shares outstanding).
    for (const [ticker, cap] of Object.entries(caps))
      await t.database.db.updateTable('indicators').set({ market_cap: cap }).where('ticker', '=', ticker).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the industry first, then the sector, nearest by market cap, with their ratios and year change', async () => {
    const response = await t.app.inject({ url: '/api/data/company/peers?ticker=SELF' });
    expect(response.statusCode, response.body).toBe(200);
    const body = companyPeers.parse(response.json());
    expect(body.asOf).toBe('2024-03-08');
    expect(body.company).toMatchObject({ ticker: 'SELF', industry: 'Semiconductors', marketCap: 10e9, price: 50 });
    expect(body.company.change1yPct).toBeCloseTo(25);
    expect(body.peers.map((p) => p.ticker)).toEqual(['CHA', 'CHB', 'SWA', 'SWB']);
    expect(body.peers[0]).toMatchObject({ name: 'CHA Corp', marketCap: 12e9, change1yPct: 0 });
  });

  it('answers 404 for a coin or an unknown ticker', async () => {
    for (const ticker of ['COIN', 'NOPE']) {
      const response = await t.app.inject({ url: `/api/data/company/peers?ticker=${ticker}` });
      expect(response.statusCode).toBe(404);
      expect(errorBody.parse(response.json()).error.code).toBe('ticker_not_found');
    }
  });

  it('estimates the next report from the filing calendar, marked as an estimate', async () => {
    const response = await t.app.inject({ url: '/api/data/company/next-report?ticker=SELF' });
    expect(response.statusCode, response.body).toBe(200);
    // The 2023 10-K (filed 2024-02-09) is the last; Q1 2024 ends 2024-03-31, 40 days to file.
    expect(nextReport.parse(response.json())).toEqual({
      ticker: 'SELF',
      asOf: '2024-03-08',
      cadence: 'quarterly',
      estimated: true,
      expected: { date: '2024-05-10', periodEnd: '2024-03-31', fiscalPeriod: 'Q1', lagDays: 40, basedOn: 6 },
      lastFiled: { periodEnd: '2023-12-31', filed: '2024-02-09' },
    });
  });

  it('gives no date for a company without filings', async () => {
    const response = await t.app.inject({ url: '/api/data/company/next-report?ticker=CHA' });
    expect(nextReport.parse(response.json())).toMatchObject({ cadence: 'none', expected: null, lastFiled: null });
  });
});
