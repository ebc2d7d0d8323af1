/*
 * bench:ingest --bulk: the whole-market load of issue 35 on generated archives. The archives are written
 * first by a child process (bench/archives.ts, so the generator's memory is not counted), then loaded by
 * `sec-bulk` and `stooq-bulk` into a fresh database in this process; printed beside the budgets at 8,000
 * companies x 20 years: the load time (20 min SQLite, 30 min PostgreSQL; a smaller run also shows the
 * time scaled linearly to 8,000), the peak memory (process.resourceUsage().maxRSS, 1.5 GB) and the
 * database's size. It runs with the ingest CLI's heap cap (scripts/ingest.mjs: --max-old-space-size=1024).
 *
 *   npm run bench:ingest -- --bulk [--companies 8000] [--archives <folder with the zips>] [--pg postgres://...]
 *                              [--keep <dir>]   (SQLite: the loaded database kept as <dir>/ledgerlight.db)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { sql } from 'kysely';
import type { Database } from '../server/src/db/index.ts';
import { type BulkOutcome, runBulk } from '../server/src/ingest/bulk/commands.ts';
import { planSecBulk } from '../server/src/ingest/bulk/sec-bulk.ts';
import { planStooqBulk } from '../server/src/ingest/bulk/stooq-bulk.ts';
import type { Progress } from '../server/src/ingest/loader.ts';

const BUDGET_COMPANIES = 8000;
const MEMORY_BUDGET = 1.5 * 1024 ** 3;

export interface BulkBenchOptions {
  companies: number;
  archives?: string;
  engine: 'sqlite' | 'postgres';
  fresh(label: string): Promise<{ database: Database; sqliteDir?: string; cleanup: () => Promise<void> }>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;

function folderSize(dir: string): number {
  return readdirSync(dir).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
}

async function databaseSize(database: Database, sqliteDir?: string): Promise<number> {
  if (sqliteDir) return folderSize(sqliteDir);
  const row = await sql<{ bytes: string }>`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'm')`.execute(database.db);
  return Number(row.rows[0]?.bytes ?? 0);
}

/** A line a minute (companies done, minutes since the load began, RSS): a run cut short still shows its rate. */
function everyMinute(label: string, began: number): Progress {
  let done = 0;
  let total = 0;
  let last = performance.now();
  const line = () =>
    process.stdout.write(
      `  ${label}: ${done}/${total} at ${minutes(performance.now() - began)}, RSS ${gb(process.memoryUsage.rss())}\n`,
    );
  return {
    start(all, alreadyDone) {
      total = all;
      done = alreadyDone;
    },
    tick() {
      done++;
      if (performance.now() - last < 60_000) return;
      last = performance.now();
      line();
    },
    finish: line,
  };
}

function ensureOk(label: string, outcome: BulkOutcome) {
  const failed = outcome.summary?.failed ?? [];
  if (failed.length || outcome.rejected.length)
    throw new Error(`${label}: ${JSON.stringify([...failed, ...outcome.rejected].slice(0, 3))}`);
}

/** true when this process was started without the ingest CLI's heap cap: the bench then runs itself again with it. */
export function rerunWithHeapCap(): boolean {
  if (getHeapStatistics().heap_size_limit <= 1.2 * 1024 ** 3) return false;
  const child = spawnSync(
    process.execPath,
    ['--max-old-space-size=1024', '--import', 'tsx', ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exitCode = child.status ?? 1;
  return true;
}

export async function bulkBench(options: BulkBenchOptions): Promise<void> {
  let folder = options.archives;
  let generated: string | null = null;
  if (!folder) {
    generated = mkdtempSync(path.join(os.tmpdir(), 'bench-archives-'));
    folder = generated;
    const t = performance.now();
    const child = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        path.join(root, 'bench/archives.ts'),
        '--companies',
        String(options.companies),
        '--out',
        folder,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (child.status !== 0) throw new Error('writing the archives failed');
    process.stdout.write(
      `archives for ${options.companies} companies written in ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
    );
  }
  const files = {
    companyfacts: path.join(folder, 'companyfacts.zip'),
    submissions: path.join(folder, 'submissions.zip'),
    stooq: path.join(folder, 'd_us_txt.zip'),
  };
  for (const f of Object.values(files)) if (!existsSync(f)) throw new Error(`missing ${f}`);
  process.stdout.write(
    `archives: ${Object.values(files)
      .map((f) => `${path.basename(f)} ${mb(statSync(f).size)}`)
      .join(', ')}\n`,
  );
  const { database, sqliteDir, cleanup } = await options.fresh('bulk');
  const quiet = { print: () => undefined };
  try {
    const t = performance.now();
    const sec = await runBulk(
      { database, ...quiet },
      'sec-bulk',
      await planSecBulk(database.db, files),
      [],
      everyMinute('sec-bulk', t),
    );
    ensureOk('sec-bulk', sec);
    const secMs = performance.now() - t;
    process.stdout.write(`  sec-bulk done at ${minutes(secMs)}\n`);
    const stooq = await runBulk(
      { database, ...quiet },
      'stooq-bulk',
      await planStooqBulk(database.db, files.stooq),
      [],
      everyMinute('stooq-bulk', t),
    );
    ensureOk('stooq-bulk', stooq);
    const totalMs = performance.now() - t;
    const peak = process.resourceUsage().maxRSS * 1024;
    const size = await databaseSize(database, sqliteDir);
    const budgetMs = (options.engine === 'sqlite' ? 20 : 30) * 60_000;
    const scaled = (totalMs * BUDGET_COMPANIES) / options.companies;
    const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
    process.stdout.write(
      [
        `bulk load, ${options.companies} companies (${sec.summary?.loaded ?? 0} from SEC archives, ${stooq.summary?.loaded ?? 0} from Stooq), ${options.engine}:`,
        `  sec-bulk ${minutes(secMs)}, stooq-bulk ${minutes(totalMs - secMs)}`,
        `  load time      ${minutes(totalMs).padStart(12)}   budget ${minutes(budgetMs)} at ${BUDGET_COMPANIES}` +
          (options.companies === BUDGET_COMPANIES
            ? `  ${verdict(totalMs <= budgetMs)}`
            : `  (scaled to ${BUDGET_COMPANIES}: ${minutes(scaled)}, ${verdict(scaled <= budgetMs)})`),
        `  peak memory    ${gb(peak).padStart(12)}   budget ${gb(MEMORY_BUDGET)}  ${verdict(peak <= MEMORY_BUDGET)}`,
        `  database size  ${gb(size).padStart(12)}   (${mb(size)})`,
        '',
      ].join('\n'),
    );
  } finally {
    await cleanup();
    if (generated) rmSync(generated, { recursive: true, force: true });
  }
}
