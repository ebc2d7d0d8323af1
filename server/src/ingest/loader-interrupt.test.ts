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
    // The securities written so far are whole and already on the screener.
    expect(await count(database, 'indicators')).toBe(2);
    const run = await database.db.selectFrom('ingest_runs').selectAll().executeTakeFirstOrThrow();
    expect(run.status).toBe('running');

    // As after a SIGKILL between the last write and the end of the run: no indicator rows recomputed.
    await database.db.deleteFrom('indicators').execute();
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
});
