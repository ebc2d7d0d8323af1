import { dividendHistory, dividendsByMonth, upcomingExDividends } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

/*
 * One payment frequency on every surface (issue 31's rule, finance/dividend-frequency.ts frequencyAsOf).
 * A quarterly payer with a special dividend in its year: five ex-days in the paying months 3, 6, 7, 9
 * and 12. Before, the home's ex-dividend list counted ex-days (five: "quarterly"), the dividend calendar
 * read the paying months ("irregular") and the history read each gap: three answers for one company.
 */
const LAST = '2024-12-31';
const PAYMENTS = [
  { exDate: '2023-12-08', amount: 0.5 },
  { exDate: '2024-03-08', amount: 0.5 },
  { exDate: '2024-06-07', amount: 0.5 },
  { exDate: '2024-07-15', amount: 2 },
  { exDate: '2024-09-06', amount: 0.5 },
  { exDate: '2024-12-06', amount: 0.5 },
  // Declared, after the last trading day.
  { exDate: '2025-03-07', amount: 0.55 },
];

describe.each(testDatabases())('payment frequency on every surface, $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      { ticker: 'SPQQ', prices: weekdayBars('2023-06-01', LAST, () => 40), dividends: PAYMENTS },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };

  it('calls a quarterly payer with a special dividend quarterly on the list, the calendar and the history', async () => {
    const list = upcomingExDividends.parse(await get('/api/data/market/ex-dividends'));
    expect(list.asOf).toBe(LAST);
    expect(list.items.map((i) => [i.ticker, i.exDate, i.frequency])).toEqual([['SPQQ', '2025-03-07', 'quarterly']]);
    // The calendar's default year ends on the same day as the list: the last close, not the wall clock.
    const byMonth = dividendsByMonth.parse(await get('/api/data/dividends/by-month?tickers=SPQQ'));
    expect(byMonth.to).toBe(LAST);
    const [calendar] = byMonth.series;
    expect(calendar).toMatchObject({ pattern: 'quarterly', payingMonths: [3, 6, 7, 9, 12] });
    const history = dividendHistory.parse(await get('/api/data/dividends/history?ticker=SPQQ'));
    // Per payment: the special one and the one after it are off the quarterly cadence, the rest on it.
    expect(history.payments.map((p) => [p.exDate, p.frequency])).toEqual([
      ['2025-03-07', 'quarterly'],
      ['2024-12-06', 'quarterly'],
      ['2024-09-06', 'irregular'],
      ['2024-07-15', 'monthly'],
      ['2024-06-07', 'quarterly'],
      ['2024-03-08', 'quarterly'],
      ['2023-12-08', 'quarterly'],
    ]);
  });

  it('gives none on the calendar for a year without payments', async () => {
    const [calendar] = dividendsByMonth.parse(
      await get('/api/data/dividends/by-month?tickers=SPQQ&from=2022-01-01&to=2022-12-31'),
    ).series;
    expect(calendar).toMatchObject({ pattern: 'none', payingMonths: [] });
  });
});
