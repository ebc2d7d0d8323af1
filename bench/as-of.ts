/*
 * The screener as of a day and the backtest (issue 43, ADR 0026), measured in process on the demo
 * universe (or --companies N of it) in a fresh embedded database: the rows of a day computed uncached,
 * one OData page over them, a monthly backtest the first time and again. Prints times; asserts nothing.
 *
 *   npx tsx bench/as-of.ts -- [--companies 200] [--years 5]
 */
import { performance } from 'node:perf_hooks';
import { migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { demoSource } from '../server/src/ingest/demo/source.ts';
import { runIngest } from '../server/src/ingest/loader.ts';
import { addMonths } from '../server/src/metrics/closes.ts';
import { readUniverseHistory, universeRowsOn } from '../server/src/metrics/universe-as-of.ts';
import { backtestOf } from '../server/src/routes/indicator/backtest-run.ts';
import { screenerPage } from '../server/src/routes/indicator/screener.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const companies = arg('companies') === undefined ? undefined : Number(arg('companies'));
const years = Number(arg('years') ?? 5);
const END = '2024-06-28';

const database = openDatabase({ sqliteFile: ':memory:' });
await migrateToLatest(database);
const source = demoSource({ endDay: END, ...(companies === undefined ? {} : { companies }) });
let t = performance.now();
await runIngest({ db: database.db, source, tickers: 'all' });
const stocks = (await database.db.selectFrom('securities').select('id').where('kind', '=', 'stock').execute()).length;
console.log(`loaded ${stocks} stocks in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;
t = performance.now();
const history = await readUniverseHistory(database.reader);
console.log(`history read: ${ms(t)}`);
for (const day of ['2023-06-30', '2022-12-30', '2021-03-31']) {
  t = performance.now();
  const rows = universeRowsOn(history, day);
  console.log(`rows of ${day} from the read history: ${rows.length} in ${ms(t)}`);
}
for (const day of ['2023-06-30', '2020-09-30']) {
  const query = { $filter: 'dividendYieldPct gt 2 and pe lt 25', $orderby: 'dividendYieldPct desc', asOf: day };
  t = performance.now();
  await screenerPage(database, query, { defaultTop: 50, withCount: true, probeNext: false, asOf: day });
  console.log(`screener page as of ${day}, uncached (read + compute + SQL): ${ms(t)}`);
  t = performance.now();
  await screenerPage(database, { ...query, $filter: 'pe lt 15' }, { defaultTop: 50, withCount: true, probeNext: false, asOf: day });
  console.log(`another filter the same day (rows cached, SQL over them): ${ms(t)}`);
}
const query = {
  $filter: 'dividendYieldPct gt 0',
  from: addMonths(END, -12 * years),
  to: END,
  rebalance: 'monthly' as const,
  top: 20,
  orderBy: 'dividendYieldPct desc',
};
t = performance.now();
const answer = await backtestOf(database, query);
console.log(`backtest ${years} years monthly (${answer.rebalances.length} rebalances), first: ${ms(t)}`);
t = performance.now();
await backtestOf(database, query);
console.log(`the same backtest again: ${ms(t)}`);
await database.close();
