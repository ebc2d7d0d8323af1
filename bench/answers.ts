/*
 * Every API answer on the bench dataset (issue 24), compared with bench/answers-bench.json: the same
 * calls as server/test/answers-unchanged.test.ts (server/test/answers.ts), on the 2,000-company dataset
 * of bench:api, in-process through Fastify's inject. Before and after a change meant to keep behaviour,
 * every answer must be byte for byte what it was. Not part of `npm test`: the dataset takes minutes to
 * make (`npm run bench:api` makes it once and keeps it; this reuses it, migrates and repairs it as a start
 * would).
 *
 *   npm run bench:answers            compare with bench/answers-bench.json
 *   npm run bench:answers -- --write write it (on the code before the change)
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { repairLoads } from '../server/src/ingest/repair.ts';
import { answerPrints, answerRequests, changedAnswers, readPrints, writePrints } from '../server/test/answers.ts';

const END = '2025-06-30';
const dataDir = path.join(os.tmpdir(), `ledgerlight-bench-api-2000-${END}`);
const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), 'answers-bench.json');
const out = (line: string) => process.stdout.write(`${line}\n`);

if (!existsSync(path.join(dataDir, 'READY'))) {
  out(`no bench dataset in ${dataDir}: run \`npm run bench:api\` once to make it`);
  process.exit(1);
}
const database = openDatabase({ sqliteFile: path.join(dataDir, 'ledgerlight.db') });
// As a start: the migrations, then the repair of what they left to write again (021: the chunks' bars).
await migrateToLatest(database);
await repairLoads(database.db);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  RATE_LIMIT_SIGN_IN: '0',
  RATE_LIMIT_SEARCH: '0',
  RATE_LIMIT_ODATA: '0',
  RATE_LIMIT_EVENTS: '0',
  RATE_LIMIT_REF: '0',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
try {
  const requests = answerRequests({
    stocks: ['SOLQ', 'ZFAB', 'PHQV', 'GZTH'],
    coin: 'QBTZ',
    midDay: '2022-08-15',
    recentYear: '2024-01-01',
  });
  const started = performance.now();
  const prints = await answerPrints(app, requests);
  out(`${requests.length} answers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (process.argv.includes('--write')) {
    writePrints(golden, prints);
    out(`written to ${golden}`);
  } else {
    const changed = changedAnswers(readPrints(golden) ?? {}, prints);
    for (const name of changed) out(`changed: ${name}`);
    out(changed.length === 0 ? 'every answer unchanged' : `${changed.length} answers changed`);
    process.exitCode = changed.length === 0 ? 0 : 1;
  }
} finally {
  await app.close();
  await database.close();
}
