import { errorBody, sheetData, sheetList } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities } from '../../../test/market-factory.ts';

describe.each(testDatabases())('data sheets on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      {
        ticker: 'ACME',
        // Prices too: the loader's screener step cannot yet store a stock without prices on PostgreSQL.
        prices: calendarBars('2024-01-01', '2024-01-03', () => 10),
        facts: [
          fact('revenue', 2022, 'FY', 1000),
          fact('net_income', 2022, 'FY', 100),
          fact('revenue', 2023, 'FY', 1100),
          fact('net_income', 2023, 'FY', -20),
          fact('revenue', 2023, 'Q1', 260),
          fact('equity', 2023, 'FY', 500, { instant: true }),
        ],
      },
      { ticker: 'COIN', kind: 'crypto', prices: calendarBars('2024-01-01', '2024-01-03', () => 1) },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the sheets that have data, with their period counts; none for crypto', async () => {
    const body = sheetList.parse((await t.app.inject({ url: '/api/data/sheet/?ticker=ACME' })).json());
    expect(body.sheets.find((s) => s.id === 'income-statement')).toEqual({
      id: 'income-statement',
      annualPeriods: 2,
      quarterlyPeriods: 1,
    });
    expect(body.sheets.find((s) => s.id === 'balance-sheet')).toMatchObject({ annualPeriods: 1, quarterlyPeriods: 0 });
    // The cash flow opens with net income, as filed statements do; nothing of capital allocation is filed.
    expect(body.sheets.find((s) => s.id === 'cash-flow')).toMatchObject({ annualPeriods: 2, quarterlyPeriods: 0 });
    expect(body.sheets.map((s) => s.id)).not.toContain('capital-allocation');
    const coin = sheetList.parse((await t.app.inject({ url: '/api/data/sheet?ticker=COIN' })).json());
    expect(coin.sheets).toEqual([]);
  });

  it('gives a sheet as rows of line items by period columns, with accessions', async () => {
    const response = await t.app.inject({ url: '/api/data/sheet/data/acme/income-statement' });
    expect(response.statusCode).toBe(200);
    const body = sheetData.parse(response.json());
    expect(body.columns.map((c) => c.periodEnd)).toEqual(['2022-12-31', '2023-12-31']);
    const revenue = body.rows.find((r) => r.lineItem === 'revenue');
    expect(revenue).toMatchObject({ unit: 'currency', values: [1000, 1100] });
    expect(revenue?.accessions).toEqual([['0000000001-22-000010'], ['0000000001-23-000010']]);
    expect(body.rows.find((r) => r.lineItem === 'costOfRevenue')?.values).toEqual([null, null]);
  });

  it('serves the same table as CSV with format=csv or Accept: text/csv, JSON staying cached apart', async () => {
    const csv = await t.app.inject({ url: '/api/data/sheet/data/ACME/margins?format=csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('lineItem,unit,FY 2022 (2022-12-31),FY 2023 (2023-12-31)');
    expect(lines.find((l) => l.startsWith('netMargin'))).toBe(`netMargin,ratio,0.1,${-20 / 1100}`);
    expect(lines.find((l) => l.startsWith('grossMargin'))).toBe('grossMargin,ratio,,');

    const url = '/api/data/sheet/data/ACME/margins';
    await t.app.inject({ url });
    await t.app.inject({ url }); // stored from the second request on
    const json = await t.app.inject({ url });
    expect(json.headers['x-cache']).toBe('hit');
    const byHeader = await t.app.inject({ url, headers: { accept: 'text/csv' } });
    expect(byHeader.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(byHeader.body).toBe(csv.body);
  });

  it('rejects an unknown sheet or a quarterly financial-returns with a 400, an unknown ticker with a 404', async () => {
    const sheet = await t.app.inject({ url: '/api/data/sheet/data/ACME/horoscope' });
    expect(sheet.statusCode).toBe(400);
    expect((errorBody.parse(sheet.json()).error.details as { field: string }).field).toBe('sheet');
    const period = await t.app.inject({ url: '/api/data/sheet/data/ACME/financial-returns?period=quarterly' });
    expect((errorBody.parse(period.json()).error.details as { field: string }).field).toBe('period');
    const unknown = await t.app.inject({ url: '/api/data/sheet/data/NOPE/payout' });
    expect(errorBody.parse(unknown.json()).error.code).toBe('ticker_not_found');
  });
});
