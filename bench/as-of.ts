/*
 * The screener as of a day and the backtest (issue 43, ADR 0026), measured in process on the demo
 * universe (or --companies N of it) in a fresh embedded database: the rows of a day computed uncached,
 * one OData page over them, a monthly backtest the first time and again. Prints times; asserts nothing.
 *
 *   npx tsx bench/as-of.ts -- [--companies 200] [--years 5]
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { addMonths } from '../server/src/finance/types.ts';
import { demoSource } from '../server/src/ingest/demo/source.ts';
import { runIngest } from '../server/src/ingest/loader.ts';
import { readUniverseHistory, universeRowsOn } from '../server/src/metrics/universe-as-of.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const companies = arg('companies') === undefined ? undefined : Number(arg('companies'));
const years = Number(arg('years') ?? 5);
const END = '2024-06-28';
const out = (line: string) => process.stdout.write(`${line}\n`);

const database = openDatabase({ sqliteFile: ':memory:' });
await migrateToLatest(database);
const source = demoSource({ endDay: END, ...(companies === undefined ? {} : { companies }) });
let t = performance.now();
await runIngest({ db: database.db, source, tickers: 'all' });
const stocks = (await database.db.selectFrom('securities').select('id').where('kind', '=', 'stock').execute()).length;
out(`loaded ${stocks} stocks in ${((performance.now() - t) / 1000).toFixed(1)} s`);

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
const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;
t = performance.now();
const history = await readUniverseHistory(database.reader);
out(`history read: ${ms(t)}`);
for (const day of ['2023-06-30', '2022-12-30', '2021-03-31']) {
  t = performance.now();
  const rows = universeRowsOn(history, day);
  out(`rows of ${day} from the read history: ${rows.length} in ${ms(t)}`);
}
for (const day of ['2023-06-30', '2020-09-30']) {
  const query = { $filter: 'dividendYieldPct gt 2 and pe lt 25', $orderby: 'dividendYieldPct desc', asOf: day };
  t = performance.now();
  await get('/api/data/indicator/odatav2', query);
  out(`screener page as of ${day}, uncached (read + compute + SQL): ${ms(t)}`);
  t = performance.now();
  await get('/api/data/indicator/odatav2', { ...query, $filter: 'pe lt 15' });
  out(`another filter the same day (rows cached, SQL over them): ${ms(t)}`);
}
const query = {
  $filter: 'dividendYieldPct gt 0',
  from: addMonths(END, -12 * years),
  to: END,
  rebalance: 'monthly',
  top: '20',
  orderBy: 'dividendYieldPct desc',
};
t = performance.now();
const answer = (await get('/api/data/indicator/backtest', query)) as { rebalances: unknown[] };
out(`backtest ${years} years monthly (${answer.rebalances.length} rebalances), first: ${ms(t)}`);
t = performance.now();
await get('/api/data/indicator/backtest', query);
out(`the same backtest again: ${ms(t)}`);
await app.close();
await database.close();
