import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { readDataVersion } from '../db/meta.ts';
import { demoSource } from './demo/source.ts';
import { runIngest } from './loader.ts';
import { derivedCoverage, repairLoads } from './repair.ts';
import { ownerAlive, RUN_LEASE_MS, runOwner } from './run-owner.ts';
import type { Source } from './types.ts';

// Two stocks with statements (and prices), a coin (prices only), another stock.
const TICKERS = ['SOLQ', 'WQND', 'QBTZ', 'ZBEV'];

function source(name = 'scripted'): Source {
  const demo = demoSource({ endDay: '2024-06-28' });
  return { name, listTickers: async () => TICKERS, fetchSecurity: (t) => demo.fetchSecurity(t) };
}

const idOf = async (database: Database, ticker: string) =>
  (await database.db.selectFrom('securities').select('id').where('ticker', '=', ticker).executeTakeFirstOrThrow()).id;

describe('ownerAlive', () => {
  it('knows this process, a dead pid on this host, and leases on other hosts', () => {
    expect(ownerAlive(runOwner(), null)).toBe(true);
    expect(ownerAlive(null, null)).toBe(false);
    // Our pid under another boot id: a process that died before this one started (a restarted container).
    expect(ownerAlive(`${os.hostname()}:${process.pid}:feedbeef`, null)).toBe(false);
    expect(ownerAlive(`${os.hostname()}:${process.ppid}:feedbeef`, null)).toBe(true);
    expect(ownerAlive(`${os.hostname()}:2147483646:feedbeef`, null)).toBe(false);
    const now = Date.parse('2026-01-01T12:00:00Z');
    const recent = new Date(now - 60_000).toISOString();
    const stale = new Date(now - RUN_LEASE_MS - 1).toISOString();
    expect(ownerAlive('elsewhere.example:12:abcd', recent, now)).toBe(true);
    expect(ownerAlive('elsewhere.example:12:abcd', stale, now)).toBe(false);
  });
});

describe.each(testDatabases())('the consistency check at start on $engine', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it('finds nothing to do after a whole load', async () => {
    database = await migratedDatabase(target);
    await runIngest({ db: database.db, source: source(), tickers: 'all' });
    const version = await readDataVersion(database.db);
    const report = await repairLoads(database.db);
    expect(report).toEqual({ abandonedRuns: [], priceChunks: [], statements: [], screenerRows: [] });
    expect(await readDataVersion(database.db)).toBe(version);
  });

  it('writes every missing derived row through the loader writers, and says which', async () => {
    database = await migratedDatabase(target);
    await runIngest({ db: database.db, source: source(), tickers: 'all' });
    const db = database.db;
    const before = {
      indicators: await db.selectFrom('indicators').selectAll().orderBy('security_id').execute(),
      years: await db.selectFrom('price_years').selectAll().orderBy('security_id').orderBy('year').execute(),
      months: await db.selectFrom('price_months').selectAll().orderBy('security_id').execute(),
      statements: await db.selectFrom('fact_statements').selectAll().orderBy('security_id').orderBy('period').execute(),
    };
    // What a process killed at the wrong moments (or a hand-edited database) could leave.
    const [solq, wqnd, qbtz] = [
      await idOf(database, 'SOLQ'),
      await idOf(database, 'WQND'),
      await idOf(database, 'QBTZ'),
    ];
    await db.deleteFrom('indicators').where('security_id', 'in', [solq, qbtz]).execute();
    await db.deleteFrom('price_years').where('security_id', '=', wqnd).execute();
    await db.deleteFrom('price_months').where('security_id', '=', qbtz).execute();
    await db.deleteFrom('fact_statements').where('security_id', '=', solq).where('period', '=', 'quarterly').execute();
    // A year chunk written before chunks kept their bars (migration 021).
    await db
      .updateTable('price_years')
      .set({ bars: null })
      .where('security_id', '=', solq)
      .where('year', '=', 2024)
      .execute();
    expect(await derivedCoverage(db)).toEqual({
      securities: 4,
      withoutScreenerRow: 2,
      withoutPriceChunks: 3,
      withoutStatements: 1,
    });
    const version = await readDataVersion(db);

    const report = await repairLoads(db);
    expect(report.priceChunks.sort()).toEqual(['QBTZ', 'SOLQ', 'WQND']);
    expect(report.statements).toEqual(['SOLQ']);
    expect(report.screenerRows.sort()).toEqual(['QBTZ', 'SOLQ', 'WQND']);
    expect(await derivedCoverage(db)).toEqual({
      securities: 4,
      withoutScreenerRow: 0,
      withoutPriceChunks: 0,
      withoutStatements: 0,
    });
    expect(await readDataVersion(db)).toBeGreaterThan(version);
    // The same rows the loader wrote (the screener's but their time of writing).
    const strip = (rows: { updated_at: string }[]) => rows.map(({ updated_at: _at, ...rest }) => rest);
    expect(strip(await db.selectFrom('indicators').selectAll().orderBy('security_id').execute())).toEqual(
      strip(before.indicators),
    );
    expect(await db.selectFrom('price_years').selectAll().orderBy('security_id').orderBy('year').execute()).toEqual(
      before.years,
    );
    expect(await db.selectFrom('price_months').selectAll().orderBy('security_id').execute()).toEqual(before.months);
    expect(
      await db.selectFrom('fact_statements').selectAll().orderBy('security_id').orderBy('period').execute(),
    ).toEqual(before.statements);
  });

  it('abandons a run whose process is gone, keeps a live one, and the next identical run resumes it', async () => {
    database = await migratedDatabase(target);
    const db = database.db;
    let written = 0;
    const killed = await runIngest({
      db,
      source: source(),
      tickers: 'all',
      concurrency: 1,
      progress: { start: () => undefined, tick: () => void written++, finish: () => undefined },
      stopping: () => written >= 2,
    });
    // As a SIGKILL leaves it: still 'running', owned by a process that no longer exists, no screener rows.
    await db
      .updateTable('ingest_runs')
      .set({ status: 'running', finished_at: null, summary: null, owner: `${os.hostname()}:2147483646:dead` })
      .execute();
    await db.deleteFrom('indicators').execute();
    // Another run, still loading in a live process on another host: left alone.
    const live = await db
      .insertInto('ingest_runs')
      .values({
        source: 'other',
        args: '[]',
        status: 'running',
        total: 1,
        started_at: new Date().toISOString(),
        finished_at: null,
        summary: null,
        owner: 'elsewhere.example:7:beef',
        heartbeat_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const report = await repairLoads(db);
    expect(report.abandonedRuns).toEqual([
      { id: killed.runId, source: 'scripted', owner: `${os.hostname()}:2147483646:dead` },
    ]);
    expect(report.screenerRows).toHaveLength(2);
    const runs = await db.selectFrom('ingest_runs').select(['id', 'status', 'summary']).orderBy('id').execute();
    expect(runs).toEqual([
      {
        id: killed.runId,
        status: 'failed',
        summary: JSON.stringify({ abandoned: `${os.hostname()}:2147483646:dead`, written: 2 }),
      },
      { id: live.id, status: 'running', summary: null },
    ]);

    const resumed = await runIngest({ db, source: source(), tickers: 'all' });
    expect(resumed).toMatchObject({ resumedFrom: killed.runId, skipped: 2, loaded: 2, interrupted: false });
    expect(await derivedCoverage(db)).toMatchObject({ securities: 4, withoutScreenerRow: 0 });
    const after = await db.selectFrom('ingest_runs').select('status').where('id', '=', killed.runId).executeTakeFirst();
    expect(after?.status).toBe('done');
  });
});
