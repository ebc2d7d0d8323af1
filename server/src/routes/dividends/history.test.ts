import { dividendHistory, errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

describe.each(testDatabases())('dividend history on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      {
        ticker: 'QTRL',
        prices: weekdayBars('2023-01-02', '2024-12-31', () => 50),
        splits: [{ day: '2024-06-03', numerator: 2, denominator: 1 }],
        dividends: [
          { exDate: '2023-11-09', amount: 1, recordDate: '2023-11-10', payDate: '2023-11-24' },
          { exDate: '2024-02-08', amount: 1, recordDate: '2024-02-09', payDate: '2024-02-23' },
          { exDate: '2024-05-09', amount: 1 },
          { exDate: '2024-05-20', amount: 2, payDate: '2024-05-31' },
          { exDate: '2024-08-08', amount: 0.5, recordDate: '2024-08-08', payDate: '2024-08-22' },
        ],
      },
      { ticker: 'NODV', prices: weekdayBars('2024-01-02', '2024-12-31', () => 10) },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every payment newest first, with the dates the source gave, split-adjusted amounts and frequencies', async () => {
    const response = await t.app.inject({ url: '/api/data/dividends/history?ticker=QTRL' });
    expect(response.statusCode, response.body).toBe(200);
    const body = dividendHistory.parse(response.json());
    expect(body.ticker).toBe('QTRL');
    expect(body.payments.map((p) => [p.exDate, p.recordDate, p.payDate, p.frequency])).toEqual([
      ['2024-08-08', '2024-08-08', '2024-08-22', 'quarterly'],
      ['2024-05-20', null, '2024-05-31', 'irregular'], // a special payment eleven days after the regular one
      ['2024-05-09', null, null, 'quarterly'],
      ['2024-02-08', '2024-02-09', '2024-02-23', 'quarterly'],
      ['2023-11-09', '2023-11-10', '2023-11-24', 'quarterly'],
    ]);
    // Paid before the 2:1 split: 1.00 as paid is 0.50 in today's shares.
    expect(body.payments.at(-1)).toMatchObject({ amount: 1, amountSplitAdjusted: 0.5, currency: 'USD' });
    expect(body.payments[0]).toMatchObject({ amount: 0.5, amountSplitAdjusted: 0.5 });
  });

  it('downloads the same payments as CSV, unknown dates as empty cells', async () => {
    const response = await t.app.inject({ url: '/api/data/dividends/history?ticker=QTRL&format=csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="QTRL-dividends.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('exDate,recordDate,payDate,declaredDate,amount,amountSplitAdjusted,currency,frequency');
    expect(lines[3]).toBe('2024-05-09,,,,1,0.5,USD,quarterly');
    expect(lines).toHaveLength(6);
  });

  it('answers an empty list for a stock that pays nothing, 404 for an unknown ticker, 400 for a bad format', async () => {
    const none = await t.app.inject({ url: '/api/data/dividends/history?ticker=NODV' });
    expect(dividendHistory.parse(none.json()).payments).toEqual([]);
    const unknown = await t.app.inject({ url: '/api/data/dividends/history?ticker=NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(errorBody.parse(unknown.json()).error.code).toBe('ticker_not_found');
    const bad = await t.app.inject({ url: '/api/data/dividends/history?ticker=QTRL&format=xml' });
    expect(bad.statusCode).toBe(400);
    expect(errorBody.parse(bad.json()).error.message).toContain('format');
  });
});
