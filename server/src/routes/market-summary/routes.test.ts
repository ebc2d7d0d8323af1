import {
  cryptoStrip,
  errorBody,
  marketMovers,
  sectorPerformance,
  securityStatistics,
  upcomingExDividends,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';
import { bumpDataVersion } from '../../db/meta.ts';
import { addMonths } from '../../finance/types.ts';
import type { PriceBar } from '../../ingest/types.ts';

const LAST = '2024-12-31';
/** Closes: 50 a year before LAST, 80 a month before, `previous` the day before and `last` on LAST. */
const bars = (previous: number, last: number, volume = 1000): PriceBar[] =>
  weekdayBars('2023-06-01', LAST, (day) =>
    day === LAST ? last : day >= '2024-12-30' ? previous : day >= '2024-12-01' ? 90 : day >= '2024-01-01' ? 80 : 50,
  ).map((bar) => (bar.day === LAST ? { ...bar, volume } : bar));
const shares = (count: number) => [fact('shares_outstanding', 2024, 'Q3', count, { unit: 'shares', instant: true })];
const quarterly = (from: string, to: string, amount: number) =>
  weekdayBars(from, to, () => 1)
    .filter((bar) => /-(02|05|08|11)-1[0-4]$/.test(bar.day))
    .filter((bar, i, all) => i === 0 || bar.day.slice(0, 7) !== all[i - 1]?.day.slice(0, 7))
    .map((bar) => ({ exDate: bar.day, amount }));

describe.each(testDatabases())('market context calls on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      {
        ticker: 'UPQQ',
        profile: { sector: 'Utilities' },
        prices: bars(100, 104, 5000),
        facts: shares(3_000_000),
        dividends: quarterly('2023-01-01', LAST, 0.5),
      },
      { ticker: 'DNQQ', profile: { sector: 'Utilities' }, prices: bars(100, 90, 9000), facts: shares(1_000_000) },
      {
        ticker: 'FLQQ',
        profile: { sector: 'Technology' },
        prices: bars(100, 100, 100),
        // Announced: the next ex-day is in the data, after the last trading day.
        dividends: [
          { exDate: '2024-03-04', amount: 1 },
          { exDate: '2025-03-03', amount: 1.2 },
        ],
      },
      {
        ticker: 'OLQQ',
        profile: { sector: 'Technology' },
        prices: bars(100, 101, 10),
        // Stopped paying: nothing in the last year.
        dividends: [{ exDate: '2023-07-03', amount: 2 }],
      },
      { ticker: 'ZCQN', kind: 'crypto', prices: calendarBars('2024-01-01', LAST, (_, i) => 10 + i) },
      { ticker: 'QBGC', kind: 'crypto', prices: calendarBars('2024-01-01', LAST, () => 1000) },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists gainers, losers and the most traded stocks of the last day', async () => {
    const body = marketMovers.parse(await get('/api/data/market/movers?limit=2'));
    expect(body.asOf).toBe(LAST);
    expect(body.gainers.map((m) => m.ticker)).toEqual(['UPQQ', 'OLQQ']);
    expect(body.gainers[0]?.changePct).toBeCloseTo(4, 6);
    expect(body.losers.map((m) => m.ticker)).toEqual(['DNQQ']);
    expect(body.mostActive.map((m) => [m.ticker, m.volume])).toEqual([
      ['DNQQ', 9000],
      ['UPQQ', 5000],
    ]);
  });

  it('reads the universe once per data version: other queries of that version share it, a new version reads anew', async () => {
    const before = marketMovers.parse(await get('/api/data/market/movers?limit=3'));
    const sectorsBefore = sectorPerformance.parse(await get('/api/data/market/sectors'));
    // A row changed without a data change (as a write under way, before its run bumps the version).
    const row = { change_pct: 50 };
    const db = t.database.db;
    const old = await db
      .selectFrom('indicators')
      .select(['change_pct'])
      .where('ticker', '=', 'OLQQ')
      .executeTakeFirstOrThrow();
    await db.updateTable('indicators').set(row).where('ticker', '=', 'OLQQ').execute();
    try {
      // Another query of the same version (not in the answer cache): the version's universe.
      const same = marketMovers.parse(await get('/api/data/market/movers?limit=4'));
      expect(same.gainers.map((m) => m.ticker)).toEqual(before.gainers.map((m) => m.ticker));
      expect(sectorPerformance.parse(await get('/api/data/market/sectors?_=other'))).toEqual(sectorsBefore);
      await bumpDataVersion(db);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const after = marketMovers.parse(await get('/api/data/market/movers?limit=4'));
      expect(after.gainers[0]?.ticker).toBe('OLQQ');
    } finally {
      await db.updateTable('indicators').set(old).where('ticker', '=', 'OLQQ').execute();
      await bumpDataVersion(db);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
  });

  it('lists every coin, the most traded in currency first', async () => {
    const body = cryptoStrip.parse(await get('/api/data/market/crypto'));
    expect(body.coins.map((c) => c.ticker)).toEqual(['QBGC', 'ZCQN']);
    expect(body.coins[1]?.changePct).toBeGreaterThan(0);
  });

  it('weights each sector’s day, month and year change by market cap', async () => {
    const body = sectorPerformance.parse(await get('/api/data/market/sectors'));
    const utilities = body.sectors.find((s) => s.sector === 'Utilities');
    // Caps: UPQQ 3 M x 104, DNQQ 1 M x 90.
    const [up, down] = [3_000_000 * 104, 1_000_000 * 90];
    const mean = (a: number, b: number) => (up * a + down * b) / (up + down);
    expect(utilities?.companies).toBe(2);
    expect(utilities?.marketCap).toBeCloseTo(up + down, 0);
    expect(utilities?.dayPct).toBeCloseTo(mean(4, -10), 6);
    expect(utilities?.monthPct).toBeCloseTo(mean((104 / 80 - 1) * 100, (90 / 80 - 1) * 100), 6);
    expect(utilities?.yearPct).toBeCloseTo(mean((104 / 50 - 1) * 100, (90 / 50 - 1) * 100), 6);
    expect(body.weighting).toBe('cap');
    // No market caps: no cap-weighted change (never an equal-weighted one under the same label).
    const technology = body.sectors.find((s) => s.sector === 'Technology');
    expect(technology).toMatchObject({ dayPct: null, monthPct: null, yearPct: null });
    expect(body.sectors[0]?.sector).toBe('Utilities');
  });

  it('gives the next ex-dividend days, announced or projected, soonest first, for all or a watchlist', async () => {
    const body = upcomingExDividends.parse(await get('/api/data/market/ex-dividends'));
    // Projected as the stock's key statistics project it (the median gap of its last payments), one date on
    // both surfaces (issue 31).
    const upqq = securityStatistics.parse(await get('/api/data/company/statistics?ticker=UPQQ'));
    expect(upqq.nextDividend).toMatchObject({ exDate: '2025-02-12', estimated: true });
    expect(body.items.map((i) => [i.ticker, i.exDate, i.frequency, i.estimated, i.amount])).toEqual([
      ['UPQQ', upqq.nextDividend?.exDate, 'quarterly', true, 0.5],
      ['FLQQ', '2025-03-03', 'annual', false, 1.2],
    ]);
    const watch = upcomingExDividends.parse(await get('/api/data/market/ex-dividends?tickers=flqq,DNQQ'));
    expect(watch.items.map((i) => i.ticker)).toEqual(['FLQQ']);
  });

  it('refuses a bad limit or ticker with the field named', async () => {
    for (const url of ['/api/data/market/movers?limit=0', '/api/data/market/ex-dividends?tickers=a%20b']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(400);
      const body = errorBody.parse(response.json());
      expect(body.error.message).toMatch(/limit|tickers/);
    }
  });
});

describe('payment pattern', () => {
  it('adds months keeping the day where the month has it', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-11-11', 3)).toBe('2025-02-11');
    expect(addMonths('2024-12-31', -12)).toBe('2023-12-31');
  });
});
