/*
 * Data API load benchmark (issue 4, "Speed"). On a real-size generated dataset (default 2,000 companies
 * x 20 years of daily prices, plus the demo coins) it starts the server as `npm start` does, and a bare
 * node:http server answering a fixed JSON body of the same size (the ceiling), then drives each with
 * keep-alive connections from this process:
 *   - a 10-year price chart of one ticker,
 *   - an OData screener query with three predicates, an $orderby and $top=50,
 *   - the income statement of five tickers;
 * cached (the same URL again: the in-process cache answers) and uncached (every URL distinct through a
 * parameter the server ignores, tickers rotating over the universe: SQL every time). It prints
 * requests/s, p50 and p99 of each. Not part of `npm test`: timings belong here, not in tests.
 *
 * Each uncached measurement runs `--runs` times (3) after a warm-up, and the run with the median p99 is
 * printed, with the p99 of every run beside it: on a shared 2-core machine one run alone swings by a
 * third either way (docs/performance.md).
 *
 * Then (issue 20) the same calls asked with `Accept-Encoding: br, gzip`, cached and uncached, against the
 * ceiling sending as many compressed bytes, and against the ceiling sending the very bytes of a hit, headers
 * included (cached should reach 80 % of that: a hit sends stored bytes, before routing, ADR 0019), and
 * every data call of one ticker's whole history, uncached, one at a time (bench/api-payloads.ts), with
 * the first call of each after the server's start (a data version's first key-statistics call builds the
 * beta's universe index). Section "first", before the server starts: that index made from the days of
 * every stock and from their month ends, in turn (bench/beta-index.ts).
 *
 *   npm run bench:api -- [--companies 2000] [--seconds 5] [--connections 8] [--runs 3] [--port 3917]
 *                        [--sections first,raw,br,ticker]
 *
 * The generated database is kept in the system's temp folder and reused by later runs of the same size.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { demoSource } from '../server/src/ingest/demo/source.ts';
import { runIngest } from '../server/src/ingest/loader.ts';
import { loadTools, type Result } from './api-load.ts';
import { measureOneTicker, printOneTicker } from './api-payloads.ts';
import { compareUniverseIndex } from './beta-index.ts';
import { derivedRebuilt } from './derived-rebuilt.ts';
import { Pool } from './http-client.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const companies = arg('companies', 2000);
const seconds = arg('seconds', 5);
const connections = arg('connections', 8);
const runs = Math.max(1, arg('runs', 3));
const port = arg('port', 3917);
const ceilingPort = port + 1;
const sectionsArg = process.argv.indexOf('--sections');
const sections = new Set(
  (sectionsArg > 0 ? (process.argv[sectionsArg + 1] ?? '') : 'first,raw,br,ticker').split(',').map((x) => x.trim()),
);
/** What a browser sends; the server answers br. */
const ACCEPT_BR = 'Accept-Encoding: br, gzip\r\n';
const END = '2025-06-30';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(os.tmpdir(), `ledgerlight-bench-api-${companies}-${END}`);
const out = (line: string) => process.stdout.write(`${line}\n`);

async function ensureDataset(): Promise<void> {
  const ready = path.join(dataDir, 'READY');
  if (existsSync(ready)) {
    out(`dataset: reusing ${dataDir}`);
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'ledgerlight.db') });
  await migrateToLatest(database);
  const started = performance.now();
  out(`dataset: generating ${companies} companies x 20 years into ${dataDir} (minutes; kept for later runs)`);
  const summary = await runIngest({
    db: database.db,
    source: demoSource({ companies, endDay: END }),
    tickers: 'all',
    concurrency: 2,
  });
  await database.close();
  if (summary.failed.length) throw new Error(`dataset failed: ${JSON.stringify(summary.failed.slice(0, 3))}`);
  out(
    `dataset: ${summary.counts.prices.toLocaleString('en')} price rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  writeFileSync(ready, new Date().toISOString());
}

function startProcess(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** The derived rows the server rebuilds at start (ADR 0016), read from the dataset the server uses. */
async function rebuilt(): Promise<void> {
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'ledgerlight.db') });
  try {
    await derivedRebuilt(database, out);
  } finally {
    await database.close();
  }
}

/** The headers of a stored br answer (asked until the cache answers it), without the ones Node adds. */
async function hitHeaders(url: string): Promise<[string, string][]> {
  for (let i = 0; i < 5; i++) {
    const raw = await new Promise<string[]>((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.rawHeaders));
        })
        .on('error', reject);
    });
    const pairs: [string, string][] = [];
    for (let k = 0; k < raw.length; k += 2) pairs.push([raw[k] as string, raw[k + 1] as string]);
    if (!pairs.some(([name, value]) => name.toLowerCase() === 'x-cache' && value === 'hit')) continue;
    const added = new Set(['date', 'connection', 'keep-alive', 'content-length']);
    return pairs.filter(([name]) => !added.has(name.toLowerCase()));
  }
  throw new Error(`${url}: never answered from the cache`);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get(url, (res) => resolve(res.statusCode === 200)).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function request(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

const { load, openLoad, median, withCpu, closePools } = loadTools({ connections, seconds, runs });

const base = `http://127.0.0.1:${port}`;
await ensureDataset();
if (sections.has('first')) {
  // The server's migrations (014 made price_months) run on this database before anything reads it.
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'ledgerlight.db') });
  await migrateToLatest(database);
  await database.close();
  await compareUniverseIndex(path.join(dataDir, 'ledgerlight.db'), runs, out);
}
const server = startProcess('node', ['scripts/start.mjs'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_DATA: 'off',
  FEEDS_DEMO: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  // One client sends everything here: the per-address limits would measure the limiter, not the API.
  RATE_LIMIT_ODATA: '0',
  RATE_LIMIT_EVENTS: '0',
  RATE_LIMIT_REF: '0',
  RATE_LIMIT_SEARCH: '0',
});
let ceiling: ChildProcess | undefined;
try {
  await waitFor(`${base}/readyz`);
  await rebuilt();
  const tickers = (
    JSON.parse(
      (
        await request(
          `${base}/api/data/indicator/odata?$select=ticker&$filter=${encodeURIComponent("kind eq 'stock'")}&$top=1000`,
        )
      ).body,
    ) as {
      value: { ticker: string }[];
    }
  ).value.map((r) => r.ticker);
  const pick = (i: number) => tickers[i % tickers.length] as string;
  const five = (i: number) => [0, 1, 2, 3, 4].map((k) => pick(i * 5 + k)).join(',');
  const scenarios = [
    {
      name: '10-year price chart, 1 ticker',
      path: '/price',
      url: (i: number) => `/api/data/chart/price?tickers=${pick(i)}&from=2015-07-01&to=${END}`,
    },
    {
      name: 'odata: 3 predicates, orderby, $top=50',
      path: '/odata',
      url: (i: number) =>
        `/api/data/indicator/odata?$filter=${encodeURIComponent(
          `pe lt ${30 + (i % 97) / 100} and dividendYieldPct gt 1 and sector eq 'Technology'`,
        )}&$orderby=marketCap desc&$top=50`.replaceAll(' ', '%20'),
    },
    {
      name: 'income statement, 5 tickers',
      path: '/income',
      url: (i: number) => `/api/data/financials/income-statement?tickers=${five(i)}`,
    },
  ];
  // The ceiling answers each scenario's path with a fixed body as large as the real response, and
  // /br<path> with as many bytes as its br answer, sent as br.
  const bodies: Record<string, number> = {};
  const compressed: Record<string, number> = {};
  const probe = new Pool('127.0.0.1', port, 1);
  for (const s of scenarios) {
    const res = await request(`${base}${s.url(0)}`);
    if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${res.body.slice(0, 200)}`);
    bodies[s.path] = Buffer.byteLength(res.body);
    compressed[s.path] = (await probe.get(s.url(0), ACCEPT_BR)).bytes;
  }
  probe.destroy();
  // What a hit answers besides its body (request id, tags, cache and security headers): the ceiling's
  // second variant sends them too, so it writes the very bytes the server writes.
  const hitHeads: Record<string, [string, string][]> = {};
  for (const s of scenarios) hitHeads[`/brh${s.path}`] = await hitHeaders(`${base}${s.url(0)}`);
  const ceilingCode = `
    const http = require('node:http');
    const sizes = ${JSON.stringify(bodies)};
    const bodies = Object.fromEntries(Object.entries(sizes).map(([p, n]) =>
      [p, JSON.stringify({ value: 'x'.repeat(Math.max(0, n - 12)) })]));
    const brSizes = ${JSON.stringify(compressed)};
    const brBodies = Object.fromEntries(Object.entries(brSizes).map(([p, n]) =>
      ['/br' + p, require('node:crypto').randomBytes(n)]));
    const heads = ${JSON.stringify(hitHeads)};
    http.createServer((req, res) => {
      const path = req.url.split('?')[0];
      const head = heads[path];
      if (head) {
        const body = brBodies[path.replace('/brh', '/br')];
        res.writeHead(200, [...head.flat(), 'content-length', String(body.length)]);
        return res.end(body);
      }
      const br = brBodies[path];
      if (br) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br',
          vary: 'Accept-Encoding', 'content-length': br.length });
        return res.end(br);
      }
      const body = bodies[path] ?? '{}';
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }).listen(${ceilingPort}, '127.0.0.1');`;
  ceiling = startProcess('node', ['-e', ceilingCode], {});
  await new Promise((r) => setTimeout(r, 500));

  out(
    `\n${companies} companies, ${tickers.length} stocks listed; ${connections} connections, ${seconds} s per run; uncached: the median of ${runs} runs\n`,
  );
  out(
    `${'scenario'.padEnd(40)} ${'variant'.padEnd(26)} ${'bytes'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  vs ceiling / p99 of each run`,
  );
  const row = (name: string, variant: string, bytes: number, r: Result, ceil?: Result, note = '') =>
    out(
      `${name.padEnd(40)} ${variant.padEnd(26)} ${String(bytes).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}  ${[
        ceil ? `${((r.rps / ceil.rps) * 100).toFixed(0)}%` : '',
        r.p99s && r.p99s.length > 1 ? `runs: ${r.p99s.map((p) => p.toFixed(1)).join(', ')}` : '',
        r.sentLates ? `(sent late by up to ${r.sentLates.map((p) => p.toFixed(0)).join(', ')} ms;` : '',
        r.p99sFromSend ? `p99 from the send: ${r.p99sFromSend.map((p) => p.toFixed(1)).join(', ')})` : '',
        r.errors ? `(${r.errors} errors)` : '',
        note,
      ]
        .filter(Boolean)
        .join(' ')}`,
    );
  for (const s of sections.has('raw') ? scenarios : []) {
    const bytes = bodies[s.path] as number;
    await load(() => `http://127.0.0.1:${ceilingPort}${s.path}`); // warm-up
    const ceil = await load(() => `http://127.0.0.1:${ceilingPort}${s.path}`);
    const cached = await load(() => `${base}${s.url(0)}`);
    // A parameter the server ignores makes every URL distinct: no cache entry can answer it.
    const distinct = (offset: number) => (i: number) => `${base}${s.url(i + offset)}&_=${Date.now()}-${i}`;
    await load(distinct(5), connections, 1); // warm-up: the uncached path compiled and its pages read once
    const uncached = await median((run) => load(distinct(1 + run * 7919)));
    // One connection: the latency of a request on its own, without waiting behind the other seven.
    const alone = await median((run) => load(distinct(7 + run * 7919), 1));
    // Half the saturated rate, arriving on a schedule: the latency people see while the server is busy.
    const rate = Math.max(1, Math.round(uncached.rps / 2));
    const halfLoad = await median((run) => openLoad(distinct(13 + run * 7919), rate));
    row(s.name, 'ceiling', bytes, ceil);
    row(s.name, 'cached', bytes, cached, ceil);
    row(s.name, `uncached, ${connections} connections`, bytes, uncached, ceil);
    row(s.name, 'uncached, 1 connection', bytes, alone);
    row(s.name, `uncached, ${rate}/s open loop`, bytes, halfLoad);
  }
  if (sections.has('br')) {
    out(`\nThe same, asked with Accept-Encoding: br, gzip; the ceiling sends as many bytes as the br answer`);
    for (const s of scenarios) {
      const bytes = compressed[s.path] as number;
      const ceilingUrl = () => `http://127.0.0.1:${ceilingPort}/br${s.path}`;
      const sameUrl = () => `http://127.0.0.1:${ceilingPort}/brh${s.path}`;
      const cachedUrl = () => `${base}${s.url(0)}`;
      await load(ceilingUrl, connections, 1, ACCEPT_BR); // warm-ups; the server's stores the br bytes
      await load(sameUrl, connections, 1, ACCEPT_BR);
      await load(cachedUrl, connections, 1, ACCEPT_BR);
      // The three taken in turn, `runs` times, each the median by req/s: what else runs on the machine
      // then weighs on all three alike.
      const turns: Result[][] = [[], [], []];
      for (let run = 0; run < runs; run++) {
        turns[0]?.push(await withCpu(ceiling?.pid, () => load(ceilingUrl, connections, seconds, ACCEPT_BR)));
        turns[1]?.push(await withCpu(ceiling?.pid, () => load(sameUrl, connections, seconds, ACCEPT_BR)));
        turns[2]?.push(await withCpu(server.pid, () => load(cachedUrl, connections, seconds, ACCEPT_BR)));
      }
      const [ceil, same, cached] = turns.map(
        (results) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor((results.length - 1) / 2)] as Result,
      ) as [Result, Result, Result];
      const distinct = (offset: number) => (i: number) => `${base}${s.url(i + offset)}&_=br-${Date.now()}-${i}`;
      const uncached = await median((run) => load(distinct(3 + run * 7919), connections, seconds, ACCEPT_BR));
      row(s.name, 'ceiling, br', bytes, ceil);
      row(s.name, 'ceiling, br, same headers', bytes, same, ceil);
      const vsSame = `(${((cached.rps / same.rps) * 100).toFixed(0)}% of the same-headers ceiling)`;
      row(s.name, 'cached, br', bytes, cached, ceil, vsSame);
      const cpu = (r: Result) => (r.cpuMicros === undefined ? '?' : r.cpuMicros.toFixed(1));
      out(
        `${''.padEnd(40)} CPU per request, µs (the serving process): ceiling ${cpu(ceil)}, same headers ${cpu(same)}, cached ${cpu(cached)}`,
      );
      row(s.name, `uncached, br, ${connections} conn.`, bytes, uncached, ceil);
    }
  }
  if (sections.has('ticker')) {
    out('');
    printOneTicker(await measureOneTicker('127.0.0.1', port, pick(0)), out);
  }
  out(
    '\nGoals: cached >= 50% of the ceiling req/s (compressed: 80 % of the ceiling sending the same bytes, headers included); uncached p99 <= 25 ms.',
  );
  out(
    `At ${connections} connections the server is saturated: p99 there is the queue, about 2-3 x ${connections} / (req/s).`,
  );
} finally {
  agent.destroy();
  closePools();
  ceiling?.kill('SIGTERM');
  server.kill('SIGTERM');
}
