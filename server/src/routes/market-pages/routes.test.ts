import { coinList, errorBody, marketMap } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';
import type { PriceBar } from '../../ingest/types.ts';

const LAST = '2024-12-31';
/** Closes: 50 before 2024, 80 in 2024 until December, 90 in December, `previous` the day before, `last` on LAST. */
const bars = (previous: number, last: number): PriceBar[] =>
  weekdayBars('2023-06-01', LAST, (day) =>
    day === LAST ? last : day >= '2024-12-30' ? previous : day >= '2024-12-01' ? 90 : day >= '2024-01-01' ? 80 : 50,
  );
const shares = (count: number) => [fact('shares_outstanding', 2024, 'Q3', count, { unit: 'shares', instant: true })];

describe.each(testDatabases())('the coin list and the market map (issue 46) on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      { ticker: 'UPQQ', profile: { sector: 'Utilities' }, prices: bars(100, 110), facts: shares(3_000_000) },
      { ticker: 'DNQQ', profile: { sector: 'Utilities' }, prices: bars(100, 90), facts: shares(1_000_000) },
      { ticker: 'TCQQ', profile: { sector: 'Technology' }, prices: bars(100, 100), facts: shares(2_000_000) },
      // No market cap (no shares): not on the map, which sizes tiles by it.
      { ticker: 'NOQQ', profile: { sector: 'Technology' }, prices: bars(100, 100) },
      // A coin rising by 1 a day: 7 days ago its close was 7 lower.
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

  it('lists every coin with its figures, the largest market cap first', async () => {
    const body = coinList.parse(await get('/api/data/market/coins'));
    expect(body.asOf).toBe(LAST);
    expect(body.coins.map((coin) => coin.ticker)).toHaveLength(2);
    const rising = body.coins.find((coin) => coin.ticker === 'ZCQN');
    // 2024 is a leap year: LAST is its 366th day, so the close is 10 + 365.
    expect(rising?.price).toBe(375);
    expect(rising?.change1dPct).toBeCloseTo((375 / 374 - 1) * 100, 6);
    expect(rising?.change7dPct).toBeCloseTo((375 / 368 - 1) * 100, 6);
    expect(rising?.drawdownPct).toBe(0);
    expect(rising?.sparkline.at(-1)).toEqual({ day: LAST, close: 375 });
    expect(rising?.sparkline.length).toBeGreaterThan(50);
    const flat = body.coins.find((coin) => coin.ticker === 'QBGC');
    expect(flat?.change7dPct).toBe(0);
    expect(flat?.volume).toBeGreaterThan(0);
    const caps = body.coins.map((coin) => coin.marketCap ?? -1);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
  });

  it.each([
    ['1D', { UPQQ: 10, DNQQ: -10, TCQQ: 0 }],
    ['1W', { UPQQ: (110 / 90 - 1) * 100, DNQQ: 0, TCQQ: (100 / 90 - 1) * 100 }],
    ['1M', { UPQQ: (110 / 80 - 1) * 100, DNQQ: (90 / 80 - 1) * 100, TCQQ: 25 }],
    ['YTD', { UPQQ: 120, DNQQ: 80, TCQQ: 100 }],
  ] as const)(
    'colours each stock by its change over %s, sized by market cap, largest first',
    async (range, changes) => {
      const body = marketMap.parse(await get(`/api/data/market/map?range=${range}`));
      expect(body).toMatchObject({ asOf: LAST, range });
      expect(body.stocks.map((s) => s.ticker)).toEqual(['UPQQ', 'TCQQ', 'DNQQ']);
      expect(body.stocks.map((s) => s.sector)).toEqual(['Utilities', 'Technology', 'Utilities']);
      for (const stock of body.stocks)
        expect(stock.changePct, `${range} ${stock.ticker}`).toBeCloseTo(
          changes[stock.ticker as keyof typeof changes],
          6,
        );
    },
  );

  it('takes the one-year change from the screener row, and 1D when no range is given', async () => {
    const year = marketMap.parse(await get('/api/data/market/map?range=1Y'));
    expect(year.stocks.every((s) => s.changePct !== null)).toBe(true);
    expect(marketMap.parse(await get('/api/data/market/map')).range).toBe('1D');
  });

  it('answers an unknown range with a 400 naming it', async () => {
    const response = await t.app.inject({ url: '/api/data/market/map?range=2W' });
    expect(response.statusCode).toBe(400);
    expect(errorBody.parse(response.json()).error.details).toMatchObject({ field: 'range' });
  });
});
