import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../../test/databases.ts';
import type { Database } from '../../db/index.ts';
import { createHttpClient } from '../http-client.ts';
import { runIngest } from '../loader.ts';
import { json, type LocalServer, localServer } from '../testing/local-http.ts';
import { parseCoinGeckoCoin, withCoinSnapshot } from './coingecko-supply.ts';
import { coinGeckoDay, coinGeckoSource, parseCoinGeckoMarketChart } from './crypto.ts';
import { ParseError } from './parse-error.ts';

/*
 * A coin's market cap and supply from CoinGecko in its real formats (issue 22): market_chart's
 * market_caps, the /coins/{id} answer's market_data, and both through the source and the loader into
 * each database.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const golden = (name: string) => readFileSync(path.join(here, '__golden__', name), 'utf8');
const goldenJson = (name: string): unknown => JSON.parse(golden(name));

describe('CoinGecko market caps and supply', () => {
  it('market_chart: the market cap of each day and the circulating supply it implies at the same instant', () => {
    const { prices, supply, rejections } = parseCoinGeckoMarketChart(
      goldenJson('ok/coingecko-market-chart.json'),
      'BTC',
    );
    expect(rejections).toEqual([]);
    // The intraday point at the end has a price but no market cap yet: no supply for its day.
    expect(supply.map((d) => d.day)).toEqual(['2023-12-31', '2024-01-01']);
    expect(supply[0]).toMatchObject({ marketCap: 827596236151.1, total: null, max: null });
    expect(supply[0]?.circulating).toBeCloseTo(827596236151.1 / 42261.04, 3);
    // About 19.58 million bitcoin at the end of 2023, much the same on both days.
    expect(supply[1]?.circulating).toBeCloseTo(865399525323.2 / 44179.92, 3);
    expect((supply[1]?.circulating ?? 0) / (supply[0]?.circulating ?? 1) - 1).toBeLessThan(0.001);
    expect(supply[1]?.circulating).toBeGreaterThan(19.5e6);
    expect(supply[1]?.circulating).toBeLessThan(19.7e6);
    expect(prices.map((p) => p.day)).toEqual(['2023-12-31', '2024-01-01', '2024-01-02']);
  });

  it('market_chart: a cap of 0 is an unknown supply, not an error; bad points are reported and skipped', () => {
    const { supply, rejections } = parseCoinGeckoMarketChart(
      goldenJson('not-ok/coingecko-market-chart-bad-caps.json'),
      'QZC',
    );
    // Only the 2024-01-02 snapshot (closing 2024-01-01) has a usable cap; CoinGecko's numbers may come as text.
    expect(supply).toEqual([
      { day: '2024-01-01', marketCap: 865399525323.2, circulating: 865399525323.2 / 44179.92, total: null, max: null },
    ]);
    expect(rejections.map((r) => [r.field, r.reason])).toEqual([
      ['market_caps', 'point 2: bad market cap -5'],
      ['market_caps', 'point 3: bad time "yesterday"'],
      ['market_caps', 'point 4: not a [time, market cap] pair'],
    ]);
    expect(rejections.every((r) => r.source === 'coingecko' && r.ticker === 'QZC')).toBe(true);
  });

  it('/coins/{id}: circulating, total and maximum supply and the market cap, dated by last_updated', () => {
    expect(parseCoinGeckoCoin(goldenJson('ok/coingecko-coin.json'))).toEqual({
      day: '2024-01-02',
      marketCap: 883231987412,
      circulating: 19585468,
      total: 21000000,
      max: 21000000,
    });
    // A token CoinGecko has no circulating supply for (0), without a cap (null) or FDV ({}).
    expect(parseCoinGeckoCoin(goldenJson('ok/coingecko-coin-no-circulating.json'))).toEqual({
      day: '2024-01-02',
      marketCap: null,
      circulating: null,
      total: 100000000,
      max: null,
    });
    expect(() => parseCoinGeckoCoin(goldenJson('not-ok/coingecko-coin-not-found.json'))).toThrow(ParseError);
    expect(() => parseCoinGeckoCoin([])).toThrow(/market_data/);
  });

  it("the coin answer's supply replaces the implied one on its day; the other days keep theirs", () => {
    const chart = parseCoinGeckoMarketChart(goldenJson('ok/coingecko-market-chart.json'), 'BTC');
    const coin = parseCoinGeckoCoin(goldenJson('ok/coingecko-coin.json'));
    const merged = withCoinSnapshot(chart.supply, coin, null);
    expect(merged.map((d) => d.day)).toEqual(['2023-12-31', '2024-01-01', '2024-01-02']);
    expect(merged.at(-1)).toEqual({
      day: '2024-01-02',
      marketCap: 883231987412,
      circulating: 19585468,
      total: 21000000,
      max: 21000000,
    });
    expect(merged.slice(0, 2)).toEqual(chart.supply);
    // An answer without a date goes on the last price day; one without any supply changes nothing.
    const undated = withCoinSnapshot([], { ...coin, day: null }, '2024-01-05');
    expect(undated.map((d) => d.day)).toEqual(['2024-01-05']);
    const empty = { day: '2024-01-02', marketCap: null, circulating: null, total: null, max: null };
    expect(withCoinSnapshot(chart.supply, empty, null)).toEqual(chart.supply);
    expect(coinGeckoDay(Date.parse('2024-01-02T00:04:00Z'))).toBe('2024-01-01');
  });
});

describe.each(testDatabases())('CoinGecko supply into $engine', (target) => {
  let database: Database | undefined;
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    await database?.close();
    server = undefined;
    database = undefined;
  });

  const serve = (coinAnswer: 'ok' | 'missing') =>
    localServer((_req, res, url) => {
      const send = (name: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(golden(name));
      if (url.pathname === '/api/v3/coins/bitcoin/market_chart') return send('ok/coingecko-market-chart.json');
      if (
        url.pathname === '/api/v3/coins/bitcoin' &&
        url.searchParams.get('market_data') === 'true' &&
        url.searchParams.get('tickers') === 'false' &&
        coinAnswer === 'ok'
      )
        return send('ok/coingecko-coin.json');
      json(res, 404, JSON.parse(golden('not-ok/coingecko-coin-not-found.json')));
    });

  const ingest = (s: LocalServer) =>
    runIngest({
      db: (database as Database).db,
      source: coinGeckoSource(
        createHttpClient({
          baseUrl: s.baseUrl,
          userAgent: 'Ledgerlight-test admin@example.com',
          requestsPerSecond: 50,
        }),
        async () => [],
      ),
      tickers: ['BTC=bitcoin'],
      resume: false,
    });

  const stored = () =>
    (database as Database).db
      .selectFrom('coin_supply')
      .select(['day', 'market_cap', 'circulating_supply', 'total_supply', 'max_supply'])
      .orderBy('day')
      .execute();

  it('keeps the market cap of every day and the supply of the coin answer; a second run writes nothing', async () => {
    server = await serve('ok');
    database = await migratedDatabase(target);
    const first = await ingest(server);
    expect(first).toMatchObject({ loaded: 1, rejected: [], counts: { prices: 3, supply: 3 } });
    const rows = await stored();
    expect(rows.map((r) => [r.day, r.total_supply, r.max_supply])).toEqual([
      ['2023-12-31', null, null],
      ['2024-01-01', null, null],
      ['2024-01-02', 21000000, 21000000],
    ]);
    expect(rows[0]?.market_cap).toBe(827596236151.1);
    expect(rows[2]).toMatchObject({ market_cap: 883231987412, circulating_supply: 19585468 });
    // Its screener row (and so the profile and the home cards): the last close x the circulating supply.
    const indicator = await database.db
      .selectFrom('indicators')
      .select(['market_cap', 'price'])
      .where('ticker', '=', 'BTC')
      .executeTakeFirstOrThrow();
    expect(indicator.market_cap).toBeCloseTo(45100.5 * 19585468, 0);

    const again = await ingest(server);
    expect(again).toMatchObject({ loaded: 0, unchanged: 1, counts: { supply: 0 } });
  });

  it('without the coin answer the prices and market caps still load, and the missing answer is reported', async () => {
    server = await serve('missing');
    database = await migratedDatabase(target);
    const summary = await ingest(server);
    expect(summary).toMatchObject({ loaded: 1, failed: [], counts: { prices: 3, supply: 2 } });
    expect(summary.rejected).toEqual([
      {
        source: 'coingecko',
        ticker: 'BTC',
        field: 'market_data',
        reason: expect.stringMatching(/^coin answer: HTTP 404/),
      },
    ]);
    expect((await stored()).map((r) => [r.day, r.max_supply])).toEqual([
      ['2023-12-31', null],
      ['2024-01-01', null],
    ]);
  });
});
