/*
 * The screener as of a day and the backtest (issue 43, ADR 0026), measured in process in a fresh embedded
 * database, with the load average beside each figure (a shared machine inflates every one of them):
 *   - the month rows written (indicator_months): per security and per security-month;
 *   - the screener as of a month end, uncached (a different month end each call), from the stored rows;
 *     p50 and p99 (budget 100 ms p99 at 2,000 companies);
 *   - the screener as of another day, computed on read, and the event loop's longest hold meanwhile
 *     (budget ~50 ms);
 *   - a monthly backtest over `--years` from a month end, the first time and again (budgets 3 s and
 *     100 ms at 2,000 companies).
 * `--companies N` of the demo universe are loaded and their month rows written; `--scale M` then copies
 * them (securities, closes, screener and month rows) up to M stocks, so that the reads are measured at a
 * size whose month rows would take hours to write here. Prints figures; asserts nothing.
 *
 *   npx tsx bench/as-of.ts -- [--companies 40] [--scale 2000] [--years 15] [--calls 20]
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { bumpDataVersion } from '../server/src/db/meta.ts';
import { addMonths } from '../server/src/finance/types.ts';
import { demoSource } from '../server/src/ingest/demo/source.ts';
import { runIngest } from '../server/src/ingest/loader.ts';
import { monthEndOf, monthEndsBetween, writeIndicatorMonths } from '../server/src/metrics/indicator-months.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const companies = Number(arg('companies') ?? 40);
const scale = Number(arg('scale') ?? 0);
const years = Number(arg('years') ?? 15);
const calls = Number(arg('calls') ?? 20);
const END = '2024-06-28';
const load = () => `load ${os.loadavg()[0]?.toFixed(1)}`;
const out = (line: string) => process.stdout.write(`${line} (${load()})\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const database = openDatabase({ sqliteFile: ':memory:' });
await migrateToLatest(database);
let t = performance.now();
await runIngest({ db: database.db, source: demoSource({ endDay: END, companies }), tickers: 'all' });
const ids = (await database.db.selectFrom('securities').select('id').orderBy('id').execute()).map((s) => s.id);
out(`loaded ${companies} companies (${ids.length} securities) in ${seconds(performance.now() - t)}`);

t = performance.now();
const written = await writeIndicatorMonths(database.db, ids);
const writeMs = performance.now() - t;
out(
  `month rows written: ${written} in ${seconds(writeMs)}, ${(writeMs / ids.length).toFixed(0)} ms a security, ` +
    `${(writeMs / written).toFixed(1)} ms a security-month`,
);
if (scale > 0) await copyStocks(database, scale);
const stocks = (await database.db.selectFrom('securities').select('id').where('kind', '=', 'stock').execute()).length;

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  RATE_LIMIT_ODATA: '0',
});
const app = await buildApp({ config, database, logger: false });
const get = async (url: string, query: Record<string, string>) => {
  const response = await app.inject({ url, query });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  return response.json();
};
const screen = { $filter: 'dividendYieldPct gt 2 and pe lt 25', $orderby: 'dividendYieldPct desc', $top: '50' };

// Uncached: each call a month end not asked before (the rows of a day are kept per data version).
const monthEnds = monthEndsBetween(addMonths(END, -12 * years), addMonths(END, -1)).reverse();
const times: number[] = [];
for (const asOf of monthEnds.slice(0, calls)) {
  t = performance.now();
  await get('/api/data/indicator/odatav2', { ...screen, asOf });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(0);
out(
  `${stocks} stocks: screener as of a month end, uncached, ${times.length} calls: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
);

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
t = performance.now();
await get('/api/data/indicator/odatav2', { ...screen, asOf: '2023-06-15' });
delay.disable();
out(
  `screener as of 2023-06-15 (not a month end: computed on read): ${seconds(performance.now() - t)}, ` +
    `event loop held at most ${(delay.max / 1e6).toFixed(0)} ms`,
);

await bumpDataVersion(database.db);
const backtest = {
  $filter: 'dividendYieldPct gt 0',
  from: monthEndOf(addMonths(END, -12 * years)),
  to: END,
  rebalance: 'monthly',
  top: '20',
  orderBy: 'dividendYieldPct desc',
};
t = performance.now();
const answer = (await get('/api/data/indicator/backtest', backtest)) as { rebalances: unknown[] };
out(
  `backtest ${years} years monthly (${answer.rebalances.length} rebalances) from a month end, first: ${seconds(performance.now() - t)}`,
);
t = performance.now();
await get('/api/data/indicator/backtest', backtest);
out(`the same backtest again: ${(performance.now() - t).toFixed(0)} ms`);
await app.close();
await database.close();

/**
 * Copies the loaded stocks (their security rows under new tickers, closes, screener rows, month rows and
 * the month rows' sources) until there are `target` stocks: the reads see `target` stocks' rows.
 */
async function copyStocks({ db }: Database, target: number): Promise<void> {
  const originals = await db.selectFrom('securities').selectAll().where('kind', '=', 'stock').execute();
  const columnsOf = async (table: string) =>
    (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
  const copied = ['price_years', 'indicators', 'indicator_months', 'indicator_month_sources'];
  const columns = new Map(await Promise.all(copied.map(async (table) => [table, await columnsOf(table)] as const)));
  let n = originals.length;
  for (let copy = 1; n < target; copy++) {
    for (const original of originals) {
      if (n >= target) break;
      const { id: _id, ...rest } = original;
      const ticker = `${original.ticker}${copy}`;
      const { id } = await db
        .insertInto('securities')
        .values({ ...rest, ticker })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const table of copied) {
        const list = columns.get(table) as string[];
        const values = list.map((c) => (c === 'security_id' ? String(id) : c === 'ticker' ? `'${ticker}'` : `"${c}"`));
        await sql
          .raw(
            `insert into ${table} (${list.map((c) => `"${c}"`).join(', ')}) select ${values.join(', ')} from ${table} where security_id = ${original.id}`,
          )
          .execute(db);
      }
      n++;
    }
  }
  await bumpDataVersion(db);
  out(`copied the ${originals.length} stocks up to ${n}`);
}
