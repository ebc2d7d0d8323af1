/*
 * bench:api's dataset, made by the code of one checkout (bench/api-builds.ts runs it as a child process):
 * the demo generator's universe of `companies` companies x 20 years ending `end`, loaded by that
 * checkout's own ingest into `<dir>/ledgerlight.db`, then `<dir>/READY` written. Each build gets the
 * schema and stored rows its own migrations and ingest make (a build before issue 31 still writes its
 * stored answer copies; the build after cannot open a database migrated past what it knows, nor the
 * other way round). The generator is deterministic: both hold the same facts and prices.
 *
 *   node --import tsx bench/api-dataset.ts <checkout root> <dir> <companies> <end day>
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type DbModule = typeof import('../server/src/db/index.ts');
type SourceModule = typeof import('../server/src/ingest/demo/source.ts');
type LoaderModule = typeof import('../server/src/ingest/loader.ts');

const [root, dir, companiesArg, end] = process.argv.slice(2);
if (!root || !dir || !companiesArg || !end) {
  process.stderr.write('usage: api-dataset.ts <checkout root> <dir> <companies> <end day>\n');
  process.exit(2);
}
const companies = Number(companiesArg);
const from = (file: string) => pathToFileURL(path.join(root, 'server', 'src', file)).href;
const out = (line: string) => process.stdout.write(`${line}\n`);

if (!existsSync(path.join(dir, 'READY'))) {
  const { migrateToLatest, openDatabase } = (await import(from('db/index.ts'))) as DbModule;
  const { demoSource } = (await import(from('ingest/demo/source.ts'))) as SourceModule;
  const { runIngest } = (await import(from('ingest/loader.ts'))) as LoaderModule;
  mkdirSync(dir, { recursive: true });
  const database = openDatabase({ sqliteFile: path.join(dir, 'ledgerlight.db') });
  await migrateToLatest(database);
  const started = performance.now();
  out(`dataset: generating ${companies} companies x 20 years into ${dir} with ${root} (kept for later runs)`);
  const summary = await runIngest({
    db: database.db,
    source: demoSource({ companies, endDay: end }),
    tickers: 'all',
    concurrency: 2,
  });
  await database.close();
  if (summary.failed.length) throw new Error(`dataset failed: ${JSON.stringify(summary.failed.slice(0, 3))}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  out(`dataset: ${summary.counts.prices.toLocaleString('en')} price rows in ${seconds} s`);
  writeFileSync(path.join(dir, 'READY'), new Date().toISOString());
}
