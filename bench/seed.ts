/*
 * Seed time of the demo universe (issue 23): a first start's load into a fresh embedded database, as
 * `npm start` runs it in the background of a serving process: the first part (the hand-made companies
 * and the first coins), then the rest. Prints both times and the rate; nothing is asserted (timing
 * belongs here, not in tests).
 *
 *   npm run bench:seed -- [--runs 1] [--pg postgres://...]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { seedDemoIfEmpty } from '../server/src/ingest/demo/seed.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 1);
const pgUrl = arg('pg');

async function freshDatabase(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (pgUrl) {
    const schema = `bench_seed_${Date.now()}`;
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-seed-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'ledgerlight.db') });
  await migrateToLatest(database);
  return {
    database,
    cleanup: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `demo seed benchmark, ${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
);
for (let run = 1; run <= runs; run++) {
  const { database, cleanup } = await freshDatabase();
  try {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const seed = await seedDemoIfEmpty(database.db);
    if (!seed) throw new Error('nothing seeded into an empty database');
    const firstMs = performance.now() - started;
    const rest = await seed.rest;
    const allMs = performance.now() - started;
    // On a shared machine the wall time is mostly waiting for a core: the CPU time this process used (all
    // its threads; not the PostgreSQL server's) is the figure to compare between versions.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    const loaded = seed.first.loaded + rest.reduce((sum, r) => sum + r.loaded, 0);
    const failed = seed.first.failed.length + rest.reduce((sum, r) => sum + r.failed.length, 0);
    out(
      `run ${run}: first part ${seed.first.loaded} securities in ${(firstMs / 1000).toFixed(1)} s; ` +
        `all ${loaded} in ${(allMs / 1000).toFixed(1)} s, ${(allMs / loaded).toFixed(0)} ms each, ` +
        `${cpuS.toFixed(1)} s of CPU${failed ? `, ${failed} FAILED` : ''} (load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
  } finally {
    await cleanup();
  }
}
