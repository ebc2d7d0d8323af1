import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { demoSource } from './demo/source.ts';
import { runIngest } from './loader.ts';
import type { Source } from './types.ts';

const TICKERS = ['SOLQ', 'WQND', 'QBTZ', 'ZBEV'];

function source(): Source {
  const demo = demoSource({ endDay: '2024-06-28' });
  return { name: 'scripted', listTickers: async () => TICKERS, fetchSecurity: (t) => demo.fetchSecurity(t) };
}

const count = async (database: Database, table: 'securities' | 'indicators' | 'daily_prices') =>
  Number((await database.db.selectFrom(table).select(database.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe.each(testDatabases())('an interrupted ingest on $engine', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it('stops between securities when asked, and the next run resumes it to a complete load', async () => {
    database = await migratedDatabase(target);
    let written = 0;
    const first = await runIngest({
      db: database.db,
      source: source(),
      tickers: 'all',
      concurrency: 1,
      progress: { start: () => undefined, tick: () => void written++, finish: () => undefined },
      stopping: () => written >= 2,
    });
    expect(first.interrupted).toBe(true);
    expect(first.loaded).toBe(2);
    expect(await count(database, 'securities')).toBe(2);
    // The securities written so far are whole; their screener rows are left to the resume, so the stop is
    // acted on at once (a hundred companies' rows took seconds).
    expect(await count(database, 'indicators')).toBe(0);
    const run = await database.db.selectFrom('ingest_runs').selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'failed', owner: null, summary: '{"interrupted":true,"written":2}' });
    const prices = await count(database, 'daily_prices');

    const second = await runIngest({ db: database.db, source: source(), tickers: 'all' });
    expect(second.resumedFrom).toBe(first.runId);
    expect(second.skipped).toBe(2);
    expect(second.loaded).toBe(2);
    expect(second.interrupted).toBe(false);
    expect(await count(database, 'securities')).toBe(4);
    expect(await count(database, 'indicators')).toBe(4);
    expect(await count(database, 'daily_prices')).toBeGreaterThan(prices);
    const finished = await database.db.selectFrom('ingest_runs').select('status').execute();
    expect(finished).toEqual([{ status: 'done' }]);
  });

  it('writes several securities at once (writers), fails one alone, and a stop leaves each written one whole', async () => {
    database = await migratedDatabase(target);
    const demo = demoSource({ endDay: '2024-06-28' });
    const failing: Source = {
      name: 'scripted',
      listTickers: async () => TICKERS,
      fetchSecurity: async (t) => {
        if (t === 'WQND') throw new Error('WQND: the source answered 500');
        return demo.fetchSecurity(t);
      },
    };
    let ticks = 0;
    const first = await runIngest({
      db: database.db,
      source: failing,
      tickers: 'all',
      writers: 2,
      progress: { start: () => undefined, tick: () => void ticks++, finish: () => undefined },
      stopping: () => ticks >= 2,
    });
    expect(first.interrupted).toBe(true);
    // Each written security is whole: its prices, its done mark and its screener row, or nothing of it.
    const done = await database.db.selectFrom('ingest_run_items').select(['ticker', 'status']).execute();
    const loaded = done.filter((d) => d.status === 'loaded').map((d) => d.ticker);
    expect(await count(database, 'securities')).toBe(loaded.length);
    expect(first.failed).toEqual(
      done.some((d) => d.status === 'failed') ? [{ ticker: 'WQND', error: 'WQND: the source answered 500' }] : [],
    );

    // The resume tries WQND again, whether the first try got to it or not, and it fails again.
    const second = await runIngest({ db: database.db, source: failing, tickers: 'all', writers: 2 });
    expect(second.resumedFrom).toBe(first.runId);
    expect(second.skipped).toBe(loaded.length);
    expect(second.interrupted).toBe(false);
    expect(second.failed).toEqual([{ ticker: 'WQND', error: 'WQND: the source answered 500' }]);
    expect(await count(database, 'securities')).toBe(3);
    expect(await count(database, 'indicators')).toBe(3);
    const items = await database.db
      .selectFrom('ingest_run_items')
      .select(['ticker', 'status'])
      .orderBy('ticker')
      .execute();
    expect(items).toEqual([
      { ticker: 'QBTZ', status: 'loaded' },
      { ticker: 'SOLQ', status: 'loaded' },
      { ticker: 'WQND', status: 'failed' },
      { ticker: 'ZBEV', status: 'loaded' },
    ]);
  });
});
