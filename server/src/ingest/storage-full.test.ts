import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { storageFullSince } from '../db/storage-health.ts';
import { demoSource } from './demo/source.ts';
import { runIngest } from './loader.ts';
import { derivedCoverage } from './repair.ts';

/*
 * A full disk while running (issue 34), made by SQLite's page cap on this connection (max_page_count): every
 * write that needs a new page fails with SQLITE_FULL, as on a full file system. The real file system case
 * is in server/test/faults/storage.test.ts.
 */

const [sqlite] = testDatabases();

describe('a full disk while the server runs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  const cap = async (pages: number | 'now') => {
    const db = (t as TestApp).database.db;
    const count =
      pages === 'now' ? (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]?.page_count : pages;
    await sql.raw(`pragma max_page_count = ${count}`).execute(db);
  };

  it('answers writes 503 with the reason (never 500), /readyz 503, and the load waits and goes on', async () => {
    if (!sqlite) throw new Error('no SQLite target');
    t = await startTestApp(sqlite);
    const { app, database } = t;
    await cap('now');
    const event = () =>
      app.inject({ method: 'POST', url: '/api/events', payload: { name: 'page_view', path: '/de/stocks/SOLQ' } });
    // Events until the pages there are hold no more: each one saved (204) until one cannot be (503).
    let refused = await event();
    for (let n = 0; n < 1000 && refused.statusCode === 204; n++) refused = await event();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({ code: 'service_unavailable', details: { reason: 'storage_full' } });
    expect(refused.headers['retry-after']).toBe('30');
    expect(storageFullSince()).not.toBeNull();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.message).toMatch(/^The disk is full: writes have failed since /);

    const waits: string[] = [];
    const demo = demoSource({ endDay: '2024-06-28' });
    const loading = runIngest({
      db: database.db,
      source: {
        name: 'scripted',
        listTickers: async () => ['SOLQ', 'QBTZ'],
        fetchSecurity: (x) => demo.fetchSecurity(x),
      },
      tickers: 'all',
      concurrency: 1,
      onStorageFull: (ticker, _ms, error) => {
        waits.push(`${ticker}: ${(error as { code?: string }).code}`);
      },
    });
    // Room again after the first wait.
    for (let n = 0; n < 200 && waits.length === 0; n++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waits[0]).toBe('SOLQ: SQLITE_FULL');
    await cap(1_073_741_823);
    const summary = await loading;
    expect(summary).toMatchObject({ loaded: 2, failed: [], interrupted: false });
    expect(await derivedCoverage(database.db)).toEqual({
      securities: 2,
      withoutScreenerRow: 0,
      withoutPriceChunks: 0,
      withoutStatements: 0,
    });
    expect(storageFullSince()).toBeNull();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await event()).statusCode).toBe(204);
  });
});
