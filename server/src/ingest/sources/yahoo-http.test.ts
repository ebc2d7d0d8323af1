import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.ts';
import { runIngest } from '../loader.ts';
import { golden, type Handler, json, localClient, openPerTest } from '../testing/local-http.ts';
import { parseYahooChart, yahooSource } from './yahoo.ts';

/*
 * Yahoo's chart endpoint as it behaves, served from 127.0.0.1: the golden files are full-history
 * answers (period1=0 to now) whose quotes are divided by every split up to "today", and the stand-in
 * narrows them to the requested period the way Yahoo does: the same adjusted values, only the bars
 * and the events inside [period1, period2]. So a request whose range ended before a later split would
 * get prices still divided by it with no event to undo it: these tests fail if the source ever asks for
 * less than the history up to now.
 *
 * QSPL traded 300, 306 | 3:1 on 2024-03-06 | 102, 104, 105 | 2:1 on 2024-03-11 | 52.5.
 */

const fullHistory = (ticker: string) =>
  JSON.parse(golden(`ok/yahoo-chart-${ticker}-max.json`)) as { chart: { result: [YahooResult] } };

interface YahooResult {
  timestamp: number[];
  events?: Record<string, Record<string, { date: number }>>;
  indicators: { quote: Record<string, (number | null)[]>[]; adjclose: { adjclose: (number | null)[] }[] };
}

/** The full-history answer cut to [period1, period2] with only the requested event kinds. */
function narrowed(ticker: string, period1: number, period2: number, events: string[]): unknown {
  const body = fullHistory(ticker);
  const result = body.chart.result[0];
  const keep = result.timestamp.map((t) => t >= period1 && t <= period2);
  const cut = <T>(values: T[]) => values.filter((_, i) => keep[i]);
  const kinds: Record<string, string> = { div: 'dividends', split: 'splits', splits: 'splits' };
  const wanted = new Set(events.map((e) => kinds[e]));
  const inRange = Object.fromEntries(
    Object.entries(result.events ?? {})
      .filter(([kind]) => wanted.has(kind))
      .map(([kind, byTime]) => [
        kind,
        Object.fromEntries(Object.entries(byTime).filter(([, e]) => e.date >= period1 && e.date <= period2)),
      ]),
  );
  return {
    chart: {
      result: [
        {
          ...result,
          timestamp: cut(result.timestamp),
          events: inRange,
          indicators: {
            quote: result.indicators.quote.map((q) =>
              Object.fromEntries(Object.entries(q).map(([k, v]) => [k, cut(v)])),
            ),
            adjclose: result.indicators.adjclose.map((a) => ({ adjclose: cut(a.adjclose) })),
          },
        },
      ],
      error: null,
    },
  };
}

/** Yahoo's chart endpoint for QSPL and QNOS; any other ticker gets Yahoo's 404. */
const yahooChart: Handler = (_req, res, url) => {
  const ticker = /^\/v8\/finance\/chart\/([A-Z]+)$/.exec(url.pathname)?.[1];
  if (ticker !== 'QSPL' && ticker !== 'QNOS')
    return json(res, 404, { chart: { result: null, error: { code: 'Not Found', description: 'No data found' } } });
  const period1 = Number(url.searchParams.get('period1') ?? 0);
  const period2 = Number(url.searchParams.get('period2') ?? Date.now() / 1000);
  const events = (url.searchParams.get('events') ?? '').split(',');
  json(res, 200, narrowed(ticker, period1, period2, events));
};

/** Seconds of 2024-03-08 16:00 New York: the close of the last day before QSPL's 2:1 split. */
const BEFORE_SECOND_SPLIT = Date.UTC(2024, 2, 8, 21) / 1000;

describe('Yahoo chart: splits Yahoo adjusted for but the response does not list', () => {
  const open = openPerTest();

  it('a range ending before a split keeps prices divided by it: the parser can only undo listed splits', async () => {
    const server = await open.server(yahooChart);
    const body = await localClient(server).getJson(
      `/v8/finance/chart/QSPL?period1=0&period2=${BEFORE_SECOND_SPLIT}&interval=1d&events=div%2Csplits`,
    );
    const bundle = parseYahooChart(body, 'QSPL');
    expect(bundle.splits).toEqual([{ day: '2024-03-06', numerator: 3, denominator: 1 }]);
    // Traded at 300; Yahoo shows 50 (300 / 6) and only the 3:1 is in the answer: 150 is all we can get.
    expect(bundle.prices?.[0]?.close).toBe(150);
  });
});

describe.each(testDatabases())('Yahoo source against the chart stand-in on $engine', (target) => {
  const open = openPerTest();

  it('asks for the whole history up to now, so every split is listed and undone: prices and volumes as traded', async () => {
    const server = await open.server(yahooChart);
    const database = await open.database(target);
    const startedAt = Math.floor(Date.now() / 1000);
    const summary = await runIngest({
      db: database.db,
      source: yahooSource(localClient(server), async () => []),
      tickers: ['QSPL', 'QNOS'],
    });
    expect(summary).toMatchObject({ loaded: 2, failed: [], rejected: [] });

    const asked = server.hits.map((h) => new URL(h.path, server.baseUrl));
    expect(asked).toHaveLength(2);
    for (const url of asked) {
      expect(url.searchParams.get('period1')).toBe('0');
      expect(Number(url.searchParams.get('period2'))).toBeGreaterThanOrEqual(startedAt);
      expect(url.searchParams.get('events')?.split(',')).toContain('splits');
    }

    const rows = await database.db
      .selectFrom('daily_prices')
      .innerJoin('securities', 'securities.id', 'daily_prices.security_id')
      .select(['securities.ticker', 'day', 'open', 'high', 'low', 'close', 'volume', 'close_split_adj'])
      .orderBy('securities.ticker')
      .orderBy('day')
      .execute();
    const of = (ticker: string) => rows.filter((r) => r.ticker === ticker).map(({ ticker: _, ...r }) => r);
    // Both splits undone: the 3:1 inside what a shorter range would cover, the 2:1 after it.
    expect(of('QSPL')).toEqual([
      { day: '2024-03-04', open: 297, high: 303, low: 295.5, close: 300, volume: 1000, close_split_adj: 50 },
      { day: '2024-03-05', open: 300, high: 309, low: 298.5, close: 306, volume: 1200, close_split_adj: 51 },
      { day: '2024-03-06', open: 101, high: 103.5, low: 100.5, close: 102, volume: 3000, close_split_adj: 51 },
      { day: '2024-03-07', open: 102.5, high: 105, low: 102, close: 104, volume: 2000, close_split_adj: 52 },
      { day: '2024-03-08', open: 104, high: 106, low: 103.5, close: 105, volume: 2500, close_split_adj: 52.5 },
      { day: '2024-03-11', open: 52, high: 53.25, low: 51.75, close: 52.5, volume: 4000, close_split_adj: 52.5 },
    ]);
    // No split: Yahoo's values are the traded ones and stay as they are.
    expect(of('QNOS')).toEqual([
      { day: '2024-03-04', open: 40, high: 41, low: 39.5, close: 40.5, volume: 5000, close_split_adj: 40.5 },
      { day: '2024-03-05', open: 40.5, high: 41.5, low: 40, close: 41, volume: 5200, close_split_adj: 41 },
      { day: '2024-03-06', open: 41, high: 41.75, low: 40.5, close: 41.25, volume: 4800, close_split_adj: 41.25 },
    ]);
    const splits = await database.db
      .selectFrom('splits')
      .select(['day', 'numerator', 'denominator'])
      .orderBy('day')
      .execute();
    expect(splits).toEqual([
      { day: '2024-03-06', numerator: 3, denominator: 1 },
      { day: '2024-03-11', numerator: 2, denominator: 1 },
    ]);
  });
});
