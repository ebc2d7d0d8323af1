import { errorBody, securityStatistics } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';
import { dataCache } from '../../http/data-cache.ts';

/*
 * Key statistics over HTTP on both engines: two stocks whose weekly returns are known (BETA moves
 * with the universe's mean at twice its size, FLAT does not move), quarterly dividends, and a coin.
 */
const TO = '2026-06-30';
const FROM = '2023-01-02';
// A monthly swing of ±4 % for the "market": one month up, one down.
const swing = (day: string) => (Number(day.slice(5, 7)) % 2 === 0 ? 1.04 : 0.96);

// Closes that change only on the first trading day of a month, so month-end returns are exact.
const monthly = (factor: (day: string) => number) => {
  let close = 100;
  let month = '';
  return (day: string) => {
    if (day.slice(0, 7) !== month) {
      if (month) close *= factor(day);
      month = day.slice(0, 7);
    }
    return close;
  };
};

describe.each(testDatabases())('key statistics on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    // The universe is BETA and FLAT: its mean weekly return is half of BETA's.
    await loadSecurities(t.database.db, [
      {
        ticker: 'BETA',
        profile: { name: 'Beta Works' },
        prices: weekdayBars(FROM, TO, monthly(swing)),
        dividends: [
          { exDate: '2025-08-14', amount: 0.5 },
          { exDate: '2025-11-13', amount: 0.5 },
          { exDate: '2026-02-12', amount: 0.5 },
          { exDate: '2026-05-14', amount: 0.55 },
        ],
      },
      { ticker: 'FLAT', profile: { name: 'Flat Holdings' }, prices: weekdayBars(FROM, TO, () => 50) },
      {
        ticker: 'QBTZ',
        kind: 'crypto',
        profile: { name: 'Quibitz' },
        prices: calendarBars('2026-01-01', TO, (_d, i) => 10 + i),
      },
      {
        // A coin with supply: market caps every day, the total and maximum supply on two days only.
        ticker: 'QSUP',
        kind: 'crypto',
        profile: { name: 'Quasupply' },
        prices: calendarBars('2026-06-01', TO, () => 2),
        supply: [
          { day: '2026-06-01', marketCap: 2_000_000, circulating: 1_000_000, total: 1_200_000, max: 21_000_000 },
          { day: '2026-06-29', marketCap: 3_000_000, circulating: 1_500_000, total: 1_600_000, max: null },
          { day: TO, marketCap: 3_200_000, circulating: 1_600_000, total: null, max: null },
        ],
      },
      {
        // No cap: the fully diluted valuation counts the total supply.
        ticker: 'QNOC',
        kind: 'crypto',
        profile: { name: 'Quanocap' },
        prices: calendarBars('2026-06-01', TO, () => 0.5),
        supply: [{ day: TO, marketCap: 50, circulating: 100, total: 400, max: null }],
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (ticker: string) => {
    const response = await t.app.inject({ url: '/api/data/company/statistics', query: { ticker } });
    expect(response.statusCode, response.body).toBe(200);
    return securityStatistics.parse(response.json());
  };

  it('a stock: volume means, 52-week range, all-time high, beta 2 against the universe, last and next ex-date', async () => {
    const body = await get('BETA');
    expect(body).toMatchObject({ ticker: 'BETA', kind: 'stock', asOf: TO });
    // The factory trades 1,000 shares every day.
    expect(body.volume).toEqual({ lastDay: 1000, average30d: 1000, average3m: 1000 });
    expect(body.yearRange?.high).toBeGreaterThan(body.yearRange?.low ?? Number.POSITIVE_INFINITY);
    expect(body.allTimeHigh?.close).toBeGreaterThanOrEqual(body.yearRange?.high ?? 0);
    expect(body.fromAllTimeHighPct).toBeLessThanOrEqual(0);
    // BETA's weekly total return is twice the universe's mean (BETA's plus FLAT's 0, halved), over the
    // 3.5 years of weeks there are (at least the 104 beta needs).
    expect(body.beta?.value).toBeCloseTo(2, 1);
    expect(body.beta?.weeks).toBeGreaterThanOrEqual(104);
    expect(body.beta?.weeks).toBeLessThanOrEqual(184);
    expect(body.beta?.benchmark).toBe('universe_equal_weight');
    expect(body.lastDividend).toEqual({ exDate: '2026-05-14', amount: 0.55 });
    expect(body.nextDividend).toEqual({ exDate: '2026-08-13', amount: 0.55, estimated: true });
  });

  it('a stock that never moves has a beta of 0 and no dividends', async () => {
    const body = await get('FLAT');
    expect(body.beta?.value).toBeCloseTo(0, 10);
    expect(body.fromAllTimeHighPct).toBe(0);
    expect(body.lastDividend).toBeNull();
    expect(body.nextDividend).toBeNull();
  });

  it('a coin: its all-time high is the last close, and no beta', async () => {
    const body = await get('QBTZ');
    expect(body.kind).toBe('crypto');
    expect(body.allTimeHigh).toEqual({ close: 10 + 180, day: TO });
    expect(body.fromAllTimeHighPct).toBe(0);
    expect(body.volume.lastDay).toBe(10);
    expect(body.beta).toBeNull();
    // Its source gave no supply: no market cap rather than a made-up one.
    expect(body.supply).toBeNull();
  });

  it('a coin with supply: market cap at the last close, the newest total and maximum supply, FDV on the cap', async () => {
    const body = await get('QSUP');
    expect(body.supply).toEqual({
      asOf: TO,
      marketCap: 2 * 1_600_000,
      circulating: 1_600_000,
      total: 1_600_000,
      max: 21_000_000,
      fullyDilutedValuation: 2 * 21_000_000,
    });
    const noCap = await get('QNOC');
    expect(noCap.supply).toMatchObject({ marketCap: 50, max: null, total: 400, fullyDilutedValuation: 200 });
    // The profile, the screener row and the home cards carry the same market cap.
    const profile = await t.app.inject({ url: '/api/data/company', query: { ticker: 'QSUP' } });
    expect(profile.json()).toMatchObject({ kind: 'crypto', marketCap: 3_200_000 });
    const stock = await get('FLAT');
    expect(stock.supply).toBeNull();
  });

  it('a stock whose prices end in an earlier month is measured up to that month, against the universe of the new data', async () => {
    expect((await get('BETA')).beta?.value).toBeCloseTo(2, 1);
    // GONE moved as BETA did until it stopped trading (BETA's dividends aside): up to then the universe's
    // mean is 2/3 of its move.
    await loadSecurities(t.database.db, [
      { ticker: 'GONE', profile: { name: 'Gone Away' }, prices: weekdayBars(FROM, '2025-09-30', monthly(swing)) },
    ]);
    // The answers cache trusts the data version it read for a second: an ingest in this process says it.
    dataCache(t.database).clear();
    const gone = await get('GONE');
    expect(gone.asOf).toBe('2025-09-30');
    expect(gone.beta?.value).toBeCloseTo(1.5, 2);
    // The load made a new data version: BETA's index has GONE's months in it (2/3, then 1/2 of its move).
    const again = (await get('BETA')).beta?.value ?? 0;
    expect(again).toBeGreaterThan(1.5);
    expect(again).toBeLessThan(1.95);
  });

  it('an unknown ticker is a 404 naming it; a malformed one a 400 naming the field', async () => {
    const unknown = await t.app.inject({ url: '/api/data/company/statistics', query: { ticker: 'NOPE' } });
    expect(unknown.statusCode).toBe(404);
    expect(errorBody.parse(unknown.json()).error.code).toBe('ticker_not_found');
    const bad = await t.app.inject({ url: '/api/data/company/statistics', query: { ticker: 'a b' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('ticker');
  });
});
