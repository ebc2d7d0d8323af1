import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { readDataVersion, readMeta } from '../db/meta.ts';
import { demoSource } from './demo/source.ts';
import { createHttpClient } from './http-client.ts';
import { PRICES_AS_OF, runIngest } from './loader.ts';
import { yahooSource } from './sources/yahoo.ts';
import type { SecurityBundle, Source } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const END = '2024-06-28';

/** A source over a few demo tickers, with hooks to fail or corrupt one ticker. */
function scriptedSource(
  overrides: Record<string, (b: SecurityBundle) => SecurityBundle | Promise<never>> = {},
): Source & {
  fetched: string[];
} {
  const demo = demoSource({ endDay: END });
  const fetched: string[] = [];
  return {
    name: 'scripted',
    fetched,
    listTickers: async () => ['SOLQ', 'QBTZ', 'ZBEV'],
    async fetchSecurity(ticker) {
      fetched.push(ticker);
      const bundle = await demo.fetchSecurity(ticker);
      const hook = overrides[ticker];
      return hook ? hook(bundle) : bundle;
    },
  };
}

const counts = async (database: Database) => {
  const db = database.db;
  const one = async (table: 'daily_prices' | 'dividends' | 'financial_facts' | 'securities' | 'splits') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    securities: await one('securities'),
    prices: await one('daily_prices'),
    dividends: await one('dividends'),
    facts: await one('financial_facts'),
  };
};

describe.each(testDatabases())('loader on $engine', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it('is idempotent: a second identical run changes nothing and does not bump the data version', async () => {
    database = await migratedDatabase(target);
    const first = await runIngest({ db: database.db, source: scriptedSource(), tickers: 'all' });
    expect(first).toMatchObject({ loaded: 3, unchanged: 0, failed: [], sourceFailed: false, dataVersion: 1 });
    const after = await counts(database);
    expect(after.securities).toBe(3);
    expect(after.prices).toBeGreaterThan(2 * 5000);
    const indicators = await database.db.selectFrom('indicators').selectAll().orderBy('ticker').execute();
    expect(indicators.map((i) => i.ticker)).toEqual(['QBTZ', 'SOLQ', 'ZBEV']);
    expect(indicators.find((i) => i.ticker === 'SOLQ')).toMatchObject({ is_green_energy: 1, as_of: END });
    expect(indicators.find((i) => i.ticker === 'ZBEV')?.pb).toBeNull(); // negative equity
    expect(await readMeta(database.db, PRICES_AS_OF)).toBe(END);

    const second = await runIngest({ db: database.db, source: scriptedSource(), tickers: 'all' });
    expect(second).toMatchObject({
      loaded: 0,
      unchanged: 3,
      dataVersion: null,
      counts: { prices: 0, dividends: 0, splits: 0, facts: 0 },
    });
    expect(await counts(database)).toEqual(after);
    expect(await readDataVersion(database.db)).toBe(1);
  });

  it('reports rejected records and loads the rest', async () => {
    database = await migratedDatabase(target);
    const source = scriptedSource({
      SOLQ: (b) => ({
        ...b,
        rejections: [{ source: 'scripted', ticker: 'SOLQ', field: 'close', reason: 'line 7: bad close "abc"' }],
      }),
    });
    const summary = await runIngest({ db: database.db, source, tickers: ['SOLQ'] });
    expect(summary.rejected).toEqual([
      { source: 'scripted', ticker: 'SOLQ', field: 'close', reason: 'line 7: bad close "abc"' },
    ]);
    expect(summary.loaded).toBe(1);
    const stored = await database.db.selectFrom('ingest_rejections').selectAll().execute();
    expect(stored).toMatchObject([{ run_id: summary.runId, ticker: 'SOLQ', field: 'close' }]);
  });

  it('a crash in the middle of a security leaves nothing of it, and the others load', async () => {
    database = await migratedDatabase(target);
    // Passes the parser's checks but breaks the database's: the write fails after prices were written.
    const source = scriptedSource({
      ZBEV: (b) => ({
        ...b,
        facts: [
          ...(b.facts ?? []),
          { ...(b.facts?.[0] as NonNullable<SecurityBundle['facts']>[number]), period: 'weekly' as 'annual' },
        ],
      }),
    });
    const summary = await runIngest({ db: database.db, source, tickers: 'all' });
    expect(summary.loaded).toBe(2);
    expect(summary.failed.map((f) => f.ticker)).toEqual(['ZBEV']);
    const zbev = await database.db
      .selectFrom('securities')
      .select('id')
      .where('ticker', '=', 'ZBEV')
      .executeTakeFirst();
    expect(zbev).toBeUndefined();
    expect((await counts(database)).securities).toBe(2);
  });

  it('resumes an interrupted run without fetching again what was done, and a whole failed source is flagged', async () => {
    database = await migratedDatabase(target);
    const crashing = scriptedSource({
      QBTZ: () => {
        throw new Error('process killed');
      },
    });
    // Simulate the process dying on the second ticker: the run stays 'running'.
    await expect(
      runIngest({
        db: database.db,
        source: crashing,
        tickers: 'all',
        concurrency: 1,
        progress: {
          start: () => undefined,
          tick: (ticker) => {
            if (ticker === 'SOLQ') throw new Error('killed');
          },
          finish: () => undefined,
        },
      }),
    ).rejects.toThrow('killed');
    const run = await database.db.selectFrom('ingest_runs').selectAll().executeTakeFirstOrThrow();
    expect(run.status).toBe('running');
    // The process that owned it is gone (a run still owned by a live process is never taken over).
    await database.db.updateTable('ingest_runs').set({ owner: null }).execute();

    const again = scriptedSource();
    const resumed = await runIngest({ db: database.db, source: again, tickers: 'all' });
    expect(resumed).toMatchObject({ resumedFrom: run.id, skipped: 1, loaded: 2 });
    expect(again.fetched).toEqual(['QBTZ', 'ZBEV']);
    expect((await counts(database)).securities).toBe(3);

    const broken: Source = {
      name: 'broken',
      listTickers: async () => ['A', 'B'],
      fetchSecurity: async () => Promise.reject(new Error('HTTP 503')),
    };
    const failed = await runIngest({ db: database.db, source: broken, tickers: 'all' });
    expect(failed.sourceFailed).toBe(true);
    expect(failed.failed).toHaveLength(2);
  });
});

describe.each(testDatabases())('a source over HTTP on $engine', (target) => {
  let server: Server;
  let baseUrl = '';
  const requests: { url: string; userAgent: string | undefined }[] = [];
  let database: Database;

  beforeAll(async () => {
    const chart = readFileSync(path.join(here, 'sources/__golden__/ok/yahoo-chart.json'), 'utf8');
    let attempts = 0;
    server = createServer((req, res) => {
      requests.push({ url: req.url ?? '', userAgent: req.headers['user-agent'] });
      // The first request fails like an overloaded vendor: the client must retry.
      if (attempts++ === 0) {
        res.writeHead(503).end();
        return;
      }
      if (req.url?.startsWith('/v8/finance/chart/QZAP'))
        res.writeHead(200, { 'content-type': 'application/json' }).end(chart);
      else
        res.writeHead(404).end('{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found"}}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    database = await migratedDatabase(target);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('fetches with the configured User-Agent, retries a 503, adjusts for the split and reports an unknown ticker', async () => {
    const http = createHttpClient({
      baseUrl,
      userAgent: 'ledgerlight-test admin@example.com',
      requestsPerSecond: 50,
      retries: 2,
      backoffMs: 5,
    });
    const summary = await runIngest({
      db: database.db,
      source: yahooSource(http, async () => []),
      tickers: ['QZAP', 'NOPE'],
    });
    expect(summary.loaded).toBe(1);
    expect(summary.failed).toMatchObject([{ ticker: 'NOPE' }]);
    expect(requests.every((r) => r.userAgent === 'ledgerlight-test admin@example.com')).toBe(true);
    const prices = await database.db.selectFrom('daily_prices').selectAll().orderBy('day').execute();
    expect(prices.map((p) => [p.day, p.close, p.close_split_adj])).toEqual([
      ['2023-09-04', 101, 50.5],
      ['2023-09-05', 51.5, 51.5],
      ['2023-09-06', 50.75, 50.75],
    ]);
    // The dividend of 09-06 scales the days before it by (1 - 0.25 / 51.5).
    expect(prices[1]?.close_adj).toBeCloseTo(51.5 * (1 - 0.25 / 51.5), 10);
    const dividend = await database.db.selectFrom('dividends').selectAll().executeTakeFirstOrThrow();
    expect(dividend).toMatchObject({ ex_date: '2023-09-06', amount: 0.25, amount_split_adj: 0.25, source: 'yahoo' });
  });
});
