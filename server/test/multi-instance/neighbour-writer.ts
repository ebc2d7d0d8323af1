import SQLite from 'better-sqlite3';
import pg from 'pg';

/*
 * A second process writing the database in short transactions, as a load does company after company
 * (issue 45): `node --import tsx neighbour-writer.ts <sqlite file | postgres url> <hold ms> <gap ms>`.
 * Each transaction takes the write lock, writes a row of app_meta, holds the lock `hold` ms, commits,
 * then rests `gap` ms. It runs until SIGTERM and prints how many transactions it committed and failed.
 */

const [target = '', holdArg = '20', gapArg = '50'] = process.argv.slice(2);
const holdMs = Number(holdArg);
const gapMs = Number(gapArg);
let committed = 0;
let failed = 0;
let running = true;
process.on('SIGTERM', () => {
  running = false;
});

const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function onSqlite(file: string): Promise<void> {
  const sqlite = new SQLite(file);
  sqlite.pragma('busy_timeout = 5000');
  const write = sqlite.prepare(
    "insert into app_meta (key, value) values ('neighbour', ?) on conflict (key) do update set value = excluded.value",
  );
  while (running) {
    try {
      sqlite.exec('begin immediate');
      write.run(String(committed));
      // The lock is held while the "company" is written: a busy wait, as a synchronous writer holds it.
      const until = Date.now() + holdMs;
      while (Date.now() < until);
      sqlite.exec('commit');
      committed++;
    } catch {
      failed++;
      if (sqlite.inTransaction) sqlite.exec('rollback');
    }
    await rest(gapMs);
  }
  sqlite.close();
}

async function onPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  while (running) {
    try {
      await client.query('begin');
      await client.query(
        "insert into app_meta (key, value) values ('neighbour', $1) on conflict (key) do update set value = excluded.value",
        [String(committed)],
      );
      await client.query('select pg_sleep($1)', [holdMs / 1000]);
      await client.query('commit');
      committed++;
    } catch {
      failed++;
      await client.query('rollback').catch(() => undefined);
    }
    await rest(gapMs);
  }
  await client.end();
}

await (target.startsWith('postgres') ? onPostgres(target) : onSqlite(target));
process.stdout.write(`${JSON.stringify({ committed, failed })}\n`);
