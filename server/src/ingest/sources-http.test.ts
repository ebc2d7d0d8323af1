import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { rebuildFactStatements } from '../derived/fact-statements.ts';
import { runIngest } from './loader.ts';
import { binanceSource, coinGeckoSource } from './sources/crypto.ts';
import { stooqSource } from './sources/csv.ts';
import { secSource } from './sources/sec.ts';
import { golden, json, jsonText, localClient, openPerTest, TEST_USER_AGENT } from './testing/local-http.ts';

/*
 * Each HTTP source end to end, offline: a local server on 127.0.0.1 serves the golden samples in the
 * vendors' formats, the configured client fetches them, the loader writes them into a real database.
 */

const DAY_MS = 86_400_000;

/** The submissions sample, renamed for another company. */
function submissionsFor(cik: number, ticker: string, name: string): string {
  const s = JSON.parse(golden('ok/sec-submissions.json')) as Record<string, unknown>;
  return JSON.stringify({ ...s, cik: String(cik), name, tickers: [ticker] });
}

describe.each(testDatabases())('HTTP sources into $engine', (target) => {
  const open = openPerTest();

  it('SEC: tickers, submissions and companyfacts with the User-Agent; a 503 is retried, a company without XBRL facts (404) loads its profile with no statements', async () => {
    let submissionsAsked = 0;
    const server = await open.server((_req, res, url) => {
      if (url.pathname === '/files/company_tickers.json') return jsonText(res, golden('ok/sec-company-tickers.json'));
      if (url.pathname === '/submissions/CIK0000990001.json') {
        // SEC answers an overloaded moment with 503: the client must wait and ask again.
        if (submissionsAsked++ === 0) return json(res, 503, { message: 'Service Unavailable' });
        return jsonText(res, golden('ok/sec-submissions.json'));
      }
      if (url.pathname === '/api/xbrl/companyfacts/CIK0000990001.json')
        return jsonText(res, golden('ok/sec-companyfacts.json'));
      if (url.pathname === '/submissions/CIK0000990002.json')
        return jsonText(res, submissionsFor(990002, 'ZQRT', 'Zquart Holdings Inc.'));
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    });
    const database = await open.database(target);
    const source = secSource({
      data: localClient(server, { requestsPerSecond: 10, backoffMs: 200, retries: 2 }),
      tickersUrl: `${server.baseUrl}/files/company_tickers.json`,
    });
    const summary = await runIngest({ db: database.db, source, tickers: ['QZAP', 'ZQRT', 'NOPE'] });

    expect(summary).toMatchObject({ loaded: 2, sourceFailed: false, noStatementsAtAll: false, rejected: [] });
    expect(summary.failed).toEqual([{ ticker: 'NOPE', error: 'NOPE is not in SEC company_tickers.json' }]);
    expect(summary.noStatements).toEqual([
      {
        ticker: 'ZQRT',
        reason: 'SEC has no XBRL company facts (HTTP 404 for /api/xbrl/companyfacts/CIK0000990002.json)',
      },
    ]);
    expect(server.hits.every((h) => h.userAgent === TEST_USER_AGENT)).toBe(true);
    expect(server.hitsTo('/files/company_tickers.json')).toHaveLength(1); // fetched once per run
    // A 404 is final: no retry. The 503 was retried after the backoff (arrival times on the server's side).
    expect(server.hitsTo('/api/xbrl/companyfacts/CIK0000990002.json')).toHaveLength(1);
    const [failedTry, retry] = server.hitsTo('/submissions/CIK0000990001.json');
    expect(retry).toBeDefined();
    expect((retry?.at ?? 0) - (failedTry?.at ?? 0)).toBeGreaterThanOrEqual(195);

    const db = database.db;
    const securities = await db.selectFrom('securities').selectAll().execute();
    expect(securities.map((s) => s.ticker).sort()).toEqual(['QZAP', 'ZQRT']);
    expect(securities.filter((s) => s.ticker === 'QZAP')).toMatchObject([
      {
        ticker: 'QZAP',
        kind: 'stock',
        name: 'Quzap Example Corp',
        cik: '990001',
        sic_code: '4941',
        sector: 'Utilities',
        exchange: 'NYSE',
        fiscal_year_end: '0930',
        website: 'https://quzap.example',
      },
    ]);
    const facts = await db
      .selectFrom('financial_facts')
      .select(['line_item', 'period', 'period_end', 'fiscal_period', 'value', 'accession', 'derived'])
      .where('line_item', '=', 'revenue')
      .orderBy('period')
      .orderBy('period_end')
      .execute();
    // The restated 2022 revenue (later filing) with its accession number, and the derived Q4.
    expect(facts).toContainEqual({
      line_item: 'revenue',
      period: 'annual',
      period_end: '2022-09-30',
      fiscal_period: 'FY',
      value: 1010,
      accession: '0000990001-23-000040',
      derived: 0,
    });
    expect(facts.find((f) => f.period === 'quarterly' && f.period_end === '2023-09-30')).toMatchObject({
      fiscal_period: 'Q4',
      value: 1100 - 250 - 270 - 280,
      derived: 1,
    });
    const run = await db.selectFrom('ingest_runs').selectAll().executeTakeFirstOrThrow();
    expect(run.status).toBe('done');
  });

  it('SEC: a second load drops the facts the filings no longer give (a period made of a cover-page date before)', async () => {
    const server = await open.server((_req, res, url) => {
      if (url.pathname === '/files/company_tickers.json') return jsonText(res, golden('ok/sec-company-tickers.json'));
      if (url.pathname === '/submissions/CIK0000990001.json') return jsonText(res, golden('ok/sec-submissions.json'));
      if (url.pathname === '/api/xbrl/companyfacts/CIK0000990001.json')
        return jsonText(res, golden('ok/sec-companyfacts.json'));
      json(res, 404, {});
    });
    const database = await open.database(target);
    const db = database.db;
    const source = secSource({ data: localClient(server), tickersUrl: `${server.baseUrl}/files/company_tickers.json` });
    await runIngest({ db, source, tickers: ['QZAP'] });
    const security = await db
      .selectFrom('securities')
      .select('id')
      .where('ticker', '=', 'QZAP')
      .executeTakeFirstOrThrow();
    // What the parser before issue 19 stored: the 10-K's cover count as a fiscal year of its own.
    await db
      .insertInto('financial_facts')
      .values({
        security_id: security.id,
        line_item: 'shares_outstanding',
        period: 'annual',
        period_start: null,
        period_end: '2023-10-20',
        fiscal_year: 2023,
        fiscal_period: 'FY',
        value: 1_000_000,
        unit: 'shares',
        concept: 'dei:EntityCommonStockSharesOutstanding',
        accession: '0000990001-23-000040',
        form: '10-K',
        filed: '2023-11-03',
        derived: 0,
      })
      .execute();
    await rebuildFactStatements(db, security.id);
    const ends = async () =>
      (
        await db
          .selectFrom('fact_statements')
          .select('period_ends')
          .where('security_id', '=', security.id)
          .where('period', '=', 'annual')
          .executeTakeFirstOrThrow()
      ).period_ends;
    expect(await ends()).toContain('2023-10-20');
    const again = await runIngest({ db, source, tickers: ['QZAP'], resume: false });
    expect(again).toMatchObject({ loaded: 1, counts: { facts: 1 } });
    expect(await ends()).toBe('2021-09-302022-09-302023-09-30');
    const stale = await db
      .selectFrom('financial_facts')
      .select('period_end')
      .where('security_id', '=', security.id)
      .where('period_end', '=', '2023-10-20')
      .execute();
    expect(stale).toEqual([]);
  });

  it('SEC: concurrent fetches of --all share the limit of 10 requests per second', async () => {
    const companies = Array.from({ length: 7 }, (_, i) => ({ cik: 990_010 + i, ticker: `QZR${'ABCDEFG'[i]}` }));
    const tickers = Object.fromEntries(
      companies.map((c, i) => [String(i), { cik_str: c.cik, ticker: c.ticker, title: `${c.ticker} Example Inc.` }]),
    );
    const server = await open.server((_req, res, url) => {
      if (url.pathname === '/files/company_tickers.json') return jsonText(res, JSON.stringify(tickers));
      const company = companies.find((c) => url.pathname.endsWith(`CIK${String(c.cik).padStart(10, '0')}.json`));
      if (!company) return json(res, 404, {});
      if (url.pathname.startsWith('/submissions/'))
        return jsonText(res, submissionsFor(company.cik, company.ticker, `${company.ticker} Example Inc.`));
      jsonText(res, golden('ok/sec-companyfacts.json'));
    });
    const database = await open.database(target);
    const source = secSource({
      data: localClient(server, { requestsPerSecond: 10 }),
      tickersUrl: `${server.baseUrl}/files/company_tickers.json`,
    });
    const summary = await runIngest({ db: database.db, source, tickers: 'all', concurrency: 4 });
    expect(summary).toMatchObject({ loaded: 7, failed: [] });

    const times = server.hits.map((h) => h.at).sort((a, b) => a - b);
    expect(times).toHaveLength(15);
    // Slots are 100 ms apart, so any 11 requests span at least 1 s. Arrival times carry scheduling
    // jitter on a loaded machine: the bound keeps a generous 250 ms margin (without the limit, all of
    // them would arrive within a few milliseconds).
    for (let i = 0; i + 10 < times.length; i++)
      expect((times[i + 10] as number) - (times[i] as number)).toBeGreaterThanOrEqual(750);
  });

  it('Stooq: the CSV download loads; "No data" fails its ticker; a second run changes nothing', async () => {
    const server = await open.server((_req, res, url) => {
      if (url.pathname === '/q/d/l/' && url.searchParams.get('s') === 'qzap.us' && url.searchParams.get('i') === 'd')
        return res.writeHead(200, { 'content-type': 'text/csv' }).end(golden('ok/prices.csv'));
      // Stooq answers an unknown symbol with 200 and a plain "No data".
      res.writeHead(200, { 'content-type': 'text/plain' }).end('No data');
    });
    const database = await open.database(target);
    const source = stooqSource(localClient(server), async () => []);
    const first = await runIngest({ db: database.db, source, tickers: ['QZAP', 'QNONE'] });
    expect(first).toMatchObject({ loaded: 1, counts: { prices: 3 } });
    expect(first.failed).toMatchObject([{ ticker: 'QNONE', error: expect.stringMatching(/column date/) }]);
    const prices = await database.db
      .selectFrom('daily_prices')
      .select(['day', 'open', 'close', 'volume'])
      .orderBy('day')
      .execute();
    expect(prices).toEqual([
      { day: '2024-01-02', open: 100.5, close: 101.25, volume: 120000 },
      { day: '2024-01-03', open: 101, close: 98.5, volume: 150000 },
      { day: '2024-01-04', open: 98.5, close: 97.5, volume: 90000 },
    ]);
    expect(server.hits.every((h) => h.userAgent === TEST_USER_AGENT)).toBe(true);

    const second = await runIngest({ db: database.db, source, tickers: ['QZAP'] });
    expect(second).toMatchObject({ loaded: 0, unchanged: 1, dataVersion: null, counts: { prices: 0 } });
  });

  it('Binance: klines load as UTC days, pages of 1000 follow each other, an unknown symbol is not retried', async () => {
    const first = Date.UTC(2019, 0, 1);
    const pagedDays = 1500;
    const server = await open.server((_req, res, url) => {
      const symbol = url.searchParams.get('symbol');
      if (url.pathname !== '/api/v3/klines' || url.searchParams.get('interval') !== '1d')
        return json(res, 404, { code: -1, msg: 'no such endpoint' });
      if (symbol === 'QBTCUSDT') return jsonText(res, golden('ok/binance-klines.json'));
      if (symbol === 'QPAGEUSDT') {
        // Like Binance: bars from startTime on, at most `limit` of them.
        const start = Math.max(Number(url.searchParams.get('startTime')), first);
        const limit = Number(url.searchParams.get('limit'));
        const bars = [];
        for (let t = start; t < first + pagedDays * DAY_MS && bars.length < limit; t += DAY_MS) {
          const close = (100 + (t - first) / DAY_MS).toFixed(8);
          bars.push([t, close, close, close, close, '1.00000000', t + DAY_MS - 1, close, 1, '0.5', close, '0']);
        }
        return json(res, 200, bars);
      }
      json(res, 400, { code: -1121, msg: 'Invalid symbol.' });
    });
    const database = await open.database(target);
    const summary = await runIngest({
      db: database.db,
      source: binanceSource(localClient(server), async () => []),
      tickers: ['QBTC', 'QPAGE', 'QNOPE'],
    });
    expect(summary).toMatchObject({ loaded: 2, counts: { prices: 2 + pagedDays } });
    expect(summary.failed).toEqual([
      { ticker: 'QNOPE', error: expect.stringMatching(/^HTTP 400 from .*symbol=QNOPEUSDT/) },
    ]);
    expect(server.hits.filter((h) => h.path.includes('QNOPEUSDT'))).toHaveLength(1);
    const pages = server.hits.filter((h) => h.path.includes('QPAGEUSDT')).map((h) => new URL(h.path, 'http://x'));
    expect(pages.map((p) => Number(p.searchParams.get('startTime')))).toEqual([0, first + 1000 * DAY_MS]);

    const db = database.db;
    const bySecurity = await db
      .selectFrom('daily_prices')
      .innerJoin('securities', 'securities.id', 'daily_prices.security_id')
      .select(['securities.ticker', 'securities.kind', 'day', 'open', 'close', 'volume'])
      .orderBy('securities.ticker')
      .orderBy('day')
      .execute();
    expect(bySecurity.filter((p) => p.ticker === 'QBTC')).toEqual([
      { ticker: 'QBTC', kind: 'crypto', day: '2024-01-01', open: 42283.58, close: 44179.55, volume: 27174.29903 },
      { ticker: 'QBTC', kind: 'crypto', day: '2024-01-02', open: 44179.55, close: 44946.91, volume: 65146.40661 },
    ]);
    const paged = bySecurity.filter((p) => p.ticker === 'QPAGE');
    expect(paged).toHaveLength(pagedDays);
    const dayAfterFirst = (n: number) => new Date(first + n * DAY_MS).toISOString().slice(0, 10);
    expect(paged.map((p) => p.day)).toEqual(Array.from({ length: pagedDays }, (_, n) => dayAfterFirst(n)));
    expect(paged.at(-1)?.close).toBe(100 + pagedDays - 1);
  });

  it('CoinGecko: market_chart loads closes and volumes; a 429 is retried', async () => {
    let asked = 0;
    const server = await open.server((_req, res, url) => {
      if (
        url.pathname === '/api/v3/coins/quzcoin/market_chart' &&
        url.searchParams.get('vs_currency') === 'usd' &&
        url.searchParams.get('days') === 'max'
      ) {
        if (asked++ === 0) return json(res, 429, { status: { error_code: 429, error_message: 'rate limited' } });
        return jsonText(res, golden('ok/coingecko-market-chart.json'));
      }
      json(res, 404, { error: 'coin not found' });
    });
    const database = await open.database(target);
    const summary = await runIngest({
      db: database.db,
      source: coinGeckoSource(localClient(server), async () => []),
      tickers: ['QZC=quzcoin', 'QNO=no-such-coin'],
    });
    expect(summary).toMatchObject({ loaded: 1, counts: { prices: 3 } });
    expect(summary.failed).toMatchObject([{ ticker: 'QNO=no-such-coin', error: expect.stringMatching(/^HTTP 404/) }]);
    expect(server.hitsTo('/api/v3/coins/quzcoin/')).toHaveLength(2);
    const prices = await database.db
      .selectFrom('daily_prices')
      .innerJoin('securities', 'securities.id', 'daily_prices.security_id')
      .select(['securities.ticker', 'securities.kind', 'day', 'close', 'volume'])
      .orderBy('day')
      .execute();
    // Midnight snapshots close the day before; the current price appended at the end is today's close.
    expect(prices).toEqual([
      { ticker: 'QZC', kind: 'crypto', day: '2023-12-31', close: 42261.04, volume: 14214948217.47 },
      { ticker: 'QZC', kind: 'crypto', day: '2024-01-01', close: 44179.92, volume: 18397056101.75 },
      { ticker: 'QZC', kind: 'crypto', day: '2024-01-02', close: 45100.5, volume: null },
    ]);
  });
});
