/*
 * Ingest throughput on a realistic generated dataset (default 2,000 companies x 20 years of daily
 * prices with statements), printed beside a baseline measured in the same run: a bare multi-row
 * insert of the same rows (no reads, no diff, no adjustment, no indicators), one transaction per
 * security like the loader. Both passes generate the data on the fly; a generation-only pass is
 * timed too, so the cost of the loader itself can be read off.
 *
 *   npm run bench:ingest -- [--companies 2000] [--pg postgres://...]
 *
 * With --bulk: the whole-market load from generated archives instead (bench/ingest-bulk.ts, issue 35);
 * on SQLite `--keep <dir>` keeps the loaded database as <dir>/ledgerlight.db for `bench:api -- --data <dir>`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { demoSource } from '../server/src/ingest/demo/source.ts';
import { runIngest } from '../server/src/ingest/loader.ts';
import { factRow } from '../server/src/ingest/store.ts';
import { bulkBench, rerunWithHeapCap } from './ingest-bulk.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const bulk = process.argv.includes('--bulk');
const companies = Number(arg('companies') ?? (bulk ? 8000 : 2000));
const pgUrl = arg('pg');
/** --bulk on SQLite: load into <dir>/ledgerlight.db and keep it (with READY), for `bench:api -- --data <dir>`. */
const keep = arg('keep');
const END = '2025-06-30';

async function freshDatabase(
  label: string,
): Promise<{ database: Database; sqliteDir?: string; cleanup: () => Promise<void> }> {
  if (pgUrl) {
    const schema = `bench_${label}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = openDatabase({ url: pgUrl, searchPath: schema, poolMax: 4 });
    await migrateToLatest(database);
    return {
      database,
      cleanup: async () => {
        await sql.raw(`drop schema ${schema} cascade`).execute(database.db);
        await database.close();
      },
    };
  }
  if (keep) {
    rmSync(keep, { recursive: true, force: true });
    mkdirSync(keep, { recursive: true });
  }
  const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  const database = openDatabase({ sqliteFile: path.join(dir, keep ? 'ledgerlight.db' : 'bench.db') });
  await migrateToLatest(database);
  return {
    database,
    sqliteDir: dir,
    cleanup: async () => {
      await database.close();
      if (keep) writeFileSync(path.join(dir, 'READY'), new Date().toISOString());
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

const source = () => demoSource({ companies, endDay: END });

async function generationOnly(): Promise<{ ms: number; prices: number; facts: number }> {
  const s = source();
  const tickers = (await s.listTickers()).slice(0, companies);
  let prices = 0;
  let facts = 0;
  const t = performance.now();
  for (const ticker of tickers) {
    const b = await s.fetchSecurity(ticker);
    prices += b.prices?.length ?? 0;
    facts += b.facts?.length ?? 0;
  }
  return { ms: performance.now() - t, prices, facts };
}

async function loaderPass(): Promise<number> {
  const { database, cleanup } = await freshDatabase('loader');
  try {
    const s = source();
    const tickers = (await s.listTickers()).slice(0, companies);
    const t = performance.now();
    const summary = await runIngest({ db: database.db, source: s, tickers, concurrency: 2 });
    if (summary.failed.length) throw new Error(`loader failed: ${JSON.stringify(summary.failed.slice(0, 3))}`);
    return performance.now() - t;
  } finally {
    await cleanup();
  }
}

async function baselinePass(): Promise<number> {
  const { database, cleanup } = await freshDatabase('baseline');
  const db = database.db;
  try {
    const s = source();
    const tickers = (await s.listTickers()).slice(0, companies);
    const now = new Date().toISOString();
    const t = performance.now();
    for (const ticker of tickers) {
      const b = await s.fetchSecurity(ticker);
      await db.transaction().execute(async (tx) => {
        const { id } = await tx
          .insertInto('securities')
          .values({
            ticker,
            kind: b.profile.kind,
            name: b.profile.name ?? ticker,
            currency: 'USD',
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        const prices = (b.prices ?? []).map((p) => ({
          security_id: id,
          ...p,
          close_split_adj: p.close,
          close_adj: p.close,
        }));
        for (let i = 0; i < prices.length; i += 500)
          await tx
            .insertInto('daily_prices')
            .values(prices.slice(i, i + 500))
            .execute();
        const facts = (b.facts ?? []).map((f) => factRow(id, f));
        for (let i = 0; i < facts.length; i += 500)
          await tx
            .insertInto('financial_facts')
            .values(facts.slice(i, i + 500) as never)
            .execute();
      });
    }
    return performance.now() - t;
  } finally {
    await cleanup();
  }
}

if (bulk && rerunWithHeapCap()) process.exit();
if (bulk) {
  const archives = arg('archives');
  await bulkBench({
    companies,
    engine: pgUrl ? 'postgres' : 'sqlite',
    fresh: freshDatabase,
    ...(archives ? { archives } : {}),
  });
  process.exit(0);
}

const engine = pgUrl ? 'postgresql' : 'sqlite (file, WAL)';
process.stdout.write(`ingest benchmark: ${companies} companies x 20 years, ${engine}\n`);
const gen = await generationOnly();
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString('en');
process.stdout.write(
  `rows: ${gen.prices.toLocaleString('en')} prices, ${gen.facts.toLocaleString('en')} facts; generation alone ${(gen.ms / 1000).toFixed(1)} s\n`,
);
const baseline = await baselinePass();
const loader = await loaderPass();
const row = (label: string, ms: number) =>
  `${label.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(7)} s ${rate(gen.prices, ms).padStart(10)} price rows/s ${rate(gen.facts, ms).padStart(9)} facts/s`;
process.stdout.write(`${row('baseline: bare multi-row insert', baseline)}\n`);
process.stdout.write(`${row('loader: diff, adjust, indicators', loader)}\n`);
process.stdout.write(
  `${row('loader minus generation', loader - gen.ms)}\n${row('baseline minus generation', baseline - gen.ms)}\nloader / baseline time: ${(loader / baseline).toFixed(2)}x\n`,
);
