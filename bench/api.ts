/*
 * Data API benchmark, with issue 31's budgets printed beside each figure. On a generated dataset (default
 * 2,000 companies x 20 years of daily prices and statements, plus the demo coins) it starts the server
 * bundle as npm start runs it (api-builds.ts), and a bare node:http server answering a fixed body of the
 * same size (the ceiling), then drives them with keep-alive connections from this process
 * (bench/http-client.ts). Sections:
 *   - first: the beta's universe index of weekly returns, as the first key-statistics call makes it (beta-index.ts);
 *   - layouts: each storage layout read against the source rows it is made of (storage-layouts.ts);
 *   - raw:  three calls (a 10-year price chart of one ticker; the screener's OData query with three
 *           predicates, an $orderby and $top=50; the income statement of five tickers): cached against
 *           the ceiling (budget: 70 % of its requests/s), and uncached (every URL distinct through a
 *           parameter the server ignores, tickers rotating over the universe) with `--connections`, one
 *           connection and an open loop at half the saturated rate;
 *   - br:   the same asked with `Accept-Encoding: br, gzip`, the ceiling sending as many bytes;
 *   - ticker: every data call of one ticker, uncached (budgets 25 ms p99 alone, 60 ms with 8 connections);
 *   - change: the first call of each after a data change (budget 300 ms);
 *   - scale (asked for by name): issue 35's budgets on a whole market (bench/api-scale.ts): the home
 *           page's calls, the screener's query and search uncached, the database's size.
 * Budgets of issue 31 (docs/performance.md): every data call of one ticker at most 25 ms p99 with one
 * connection and 60 ms with 8; the screener's query at most 25 ms p99; cached at least 70 % of the bare
 * ceiling's requests/s; the first call after a data change within 300 ms.
 *
 * `--before <git ref>` measures the same sections against that ref too, exported into the temp folder
 * with its own dataset and server (bench/api-builds.ts), taken in turn with this checkout's, and prints
 * both columns. Uncached figures are the median of `--runs` runs (by p99), cached ones by requests/s.
 *
 *   npm run bench:api -- [--companies 2000] [--seconds 5] [--ticker-seconds 2] [--connections 8]
 *                        [--runs 3] [--port 3917] [--sections first,layouts,raw,br,ticker,change,scale]
 *                        [--before <ref>] [--data <dir>]
 *
 * Datasets are kept in the system's temp folder and reused by later runs of the same size (and commit).
 * `--data <dir>` measures a database made elsewhere instead (<dir>/ledgerlight.db and READY, e.g. the
 * whole market loaded by `npm run bench:ingest -- --bulk --keep <dir>`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { repairLoads } from '../server/src/ingest/repair.ts';
import { atLeast, atMost, type Budget, budgetPrinter } from './api-budgets.ts';
import {
  type Build,
  beforeBuild,
  buildServer,
  currentBuild,
  ensureDataset,
  startServer,
  stopServer,
  waitReady,
  warmReadSide,
} from './api-builds.ts';
import { loadTools, type Result } from './api-load.ts';
import { changeSection, recentStart, tickerSection } from './api-payloads.ts';
import { scaleSection } from './api-scale.ts';
import { compareUniverseIndex } from './beta-index.ts';
import { Pool } from './http-client.ts';
import { compareStorageLayouts } from './storage-layouts.ts';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name: string, fallback: number) => Number(option(name) ?? fallback);
const companies = arg('companies', 2000);
const seconds = arg('seconds', 5);
const tickerSeconds = arg('ticker-seconds', 2);
const connections = arg('connections', 8);
const runs = Math.max(1, arg('runs', 3));
const port = arg('port', 3917);
const ceilingPort = port + 1;
const beforeRef = option('before');
const sections = new Set((option('sections') ?? 'first,layouts,raw,br,ticker,change').split(',').map((x) => x.trim()));
/** What a browser sends; the server answers br. */
const ACCEPT_BR = 'Accept-Encoding: br, gzip\r\n';
const END = '2025-06-30';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (line: string) => process.stdout.write(`${line}\n`);

const dataOption = option('data');
const now = {
  ...currentBuild(root, companies, END, port),
  ...(dataOption ? { dataDir: path.resolve(dataOption) } : {}),
};
const builds: Build[] = beforeRef ? [beforeBuild(root, beforeRef, companies, END, port + 2), now] : [now];
const labels = builds.map((b) => `${b.label} (${b.commit.split(' ')[0]})`);
const printer = budgetPrinter(labels, out);
const { load, openLoad, withCpu, closePools } = loadTools({ connections, seconds, runs });

/** `measure` for every build in turn, `runs` times; per build the run with the median of `by`. */
async function inTurn(
  measure: (build: Build, run: number) => Promise<Result>,
  by: 'p99' | 'rps' = 'p99',
): Promise<Result[]> {
  const results = builds.map(() => [] as Result[]);
  for (let run = 0; run < runs; run++)
    for (const [k, build] of builds.entries()) results[k]?.push(await measure(build, run));
  return results.map((list) => {
    const middle = [...list].sort((a, b) => a[by] - b[by])[Math.floor((list.length - 1) / 2)] as Result;
    return { ...middle, p99s: list.map((r) => r.p99), errors: list.reduce((sum, r) => sum + r.errors, 0) };
  });
}

const runsNote = (results: readonly Result[]) =>
  results
    .map((r) => `${r.errors ? `${r.errors} errors, ` : ''}runs ${(r.p99s ?? []).map((p) => p.toFixed(1)).join(', ')}`)
    .join(' / ');

function startCeiling(bodies: Record<string, number>, compressed: Record<string, number>): ChildProcess {
  const code = `
    const http = require('node:http');
    const sizes = ${JSON.stringify(bodies)};
    const bodies = Object.fromEntries(Object.entries(sizes).map(([p, n]) =>
      [p, Buffer.from(JSON.stringify({ value: 'x'.repeat(Math.max(0, n - 12)) }))]));
    const brSizes = ${JSON.stringify(compressed)};
    const brBodies = Object.fromEntries(Object.entries(brSizes).map(([p, n]) =>
      ['/br' + p, require('node:crypto').randomBytes(n)]));
    http.createServer((req, res) => {
      const path = req.url.split('?')[0];
      const br = brBodies[path];
      if (br) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br',
          vary: 'Accept-Encoding', 'content-length': br.length });
        return res.end(br);
      }
      const body = bodies[path] ?? Buffer.from('{}');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(${ceilingPort}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit'] });
}

out(
  `bench:api: ${companies} companies, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}; builds: ${builds.map((b) => `${b.label} = ${b.commit}`).join(', ')}`,
);
for (const build of builds) await ensureDataset(build, companies, END, root);
if (sections.has('first') || sections.has('layouts')) {
  // A dataset made by an older checkout gets this one's migrations and the repair a start runs (014 made
  // price_months, 021 the chunks' bars) before it is read here.
  const database = openDatabase({ sqliteFile: path.join(now.dataDir, 'ledgerlight.db') });
  await migrateToLatest(database);
  await repairLoads(database.db);
  await database.close();
}
if (sections.has('first')) await compareUniverseIndex(path.join(now.dataDir, 'ledgerlight.db'), runs, out);
if (sections.has('layouts')) await compareStorageLayouts(path.join(now.dataDir, 'ledgerlight.db'), runs, out);
let ceiling: ChildProcess | undefined;
try {
  for (const build of builds) await buildServer(build.root);
  for (const build of builds) startServer(build);
  for (const build of builds) await waitReady(build);
  const list = await fetch(
    `${now.base}/api/data/indicator/odata?$select=ticker&$filter=${encodeURIComponent("kind eq 'stock'")}&$top=1000`,
  );
  const tickers = ((await list.json()) as { value: { ticker: string }[] }).value.map((r) => r.ticker);
  // The data's last day (a database loaded elsewhere ends where its archives did): where the pages' daily
  // part starts is counted from it.
  const status = (await (await fetch(`${now.base}/api/data/status`)).json()) as { pricesAsOf: string | null };
  const recent = recentStart(status.pricesAsOf ?? END);
  const pick = (i: number) => tickers[i % tickers.length] as string;
  const five = (i: number) => [0, 1, 2, 3, 4].map((k) => pick(i * 5 + k)).join(',');
  const screenerUrl = (i: number) =>
    `/api/data/indicator/odata?$filter=${encodeURIComponent(
      `pe lt ${30 + (i % 97) / 100} and dividendYieldPct gt 1 and sector eq 'Technology'`,
    )}&$orderby=marketCap desc&$top=50`.replaceAll(' ', '%20');
  const one = atMost(25, 'ms');
  const scenarios: { name: string; path: string; url: (i: number) => string; alone?: Budget; many?: Budget }[] = [
    {
      name: '10-year price chart, 1 ticker',
      path: '/price',
      url: (i) => `/api/data/chart/price?tickers=${pick(i)}&from=2015-07-01&to=${END}`,
      alone: one,
      many: atMost(60, 'ms'),
    },
    { name: 'screener: 3 predicates, orderby, $top=50', path: '/odata', url: screenerUrl, alone: one, many: one },
    {
      name: 'income statement, 5 tickers',
      path: '/income',
      url: (i) => `/api/data/financials/income-statement?tickers=${five(i)}`,
    },
  ];
  // The ceiling answers each scenario's path with a fixed body as large as this checkout's answer, and
  // /br<path> with as many bytes as its br answer, sent as br.
  const bodies: Record<string, number> = {};
  const compressed: Record<string, number> = {};
  for (const build of builds) {
    const probe = new Pool('127.0.0.1', build.port, 1);
    try {
      for (const s of scenarios) {
        const answer = await probe.get(s.url(0));
        if (answer.status !== 200) throw new Error(`${build.label}, ${s.name}: status ${answer.status}`);
        if (build !== now) continue;
        bodies[s.path] = answer.bytes;
        compressed[s.path] = (await probe.get(s.url(0), ACCEPT_BR)).bytes;
      }
    } finally {
      probe.destroy();
    }
  }
  ceiling = startCeiling(bodies, compressed);
  await new Promise((r) => setTimeout(r, 500));
  out(
    `\n${tickers.length} stocks listed; ${connections} connections, ${seconds} s per run; figures: the median of ${runs} runs, the builds in turn`,
  );

  /** The ceiling and each build's cached answer taken in turn, `runs` times; the medians by requests/s. */
  async function cachedRows(s: (typeof scenarios)[number], headers: string, ceilingPath: string, variant: string) {
    const ceilingUrl = () => `http://127.0.0.1:${ceilingPort}${ceilingPath}`;
    const cachedUrl = (build: Build) => () => `${build.base}${s.url(0)}`;
    await load(ceilingUrl, connections, 1, headers); // warm-ups; the server stores the answer
    for (const build of builds) await load(cachedUrl(build), connections, 1, headers);
    const ceilings: Result[] = [];
    const cached = await inTurn(async (build) => {
      if (build === builds[0])
        ceilings.push(await withCpu(ceiling?.pid, () => load(ceilingUrl, connections, seconds, headers)));
      return withCpu(build.server?.pid, () => load(cachedUrl(build), connections, seconds, headers));
    }, 'rps');
    const ceil = [...ceilings].sort((a, b) => a.rps - b.rps)[Math.floor((ceilings.length - 1) / 2)] as Result;
    const cpu = (r: Result) => (r.cpuMicros === undefined ? '?' : r.cpuMicros.toFixed(1));
    printer.row(
      `bare ceiling${variant}, req/s`,
      undefined,
      builds.map(() => ceil.rps),
      'req/s',
      `CPU per request ${cpu(ceil)} µs`,
    );
    printer.row(
      `cached${variant}, % of the ceiling's req/s`,
      atLeast(70, '%'),
      cached.map((r) => (r.rps / ceil.rps) * 100),
      '%',
      `req/s ${cached.map((r) => r.rps.toFixed(0)).join(' / ')}; CPU per request ${cached.map(cpu).join(' / ')} µs`,
    );
  }

  for (const s of sections.has('raw') ? scenarios : []) {
    printer.heading(`${s.name}: ${s.url(0)}`, s.name);
    await cachedRows(s, '', s.path, '');
    // A parameter the server ignores makes every URL distinct: no cache entry can answer it.
    const distinct = (build: Build, offset: number) => (i: number) =>
      `${build.base}${s.url(i + offset)}&_=${Date.now()}-${i}`;
    for (const build of builds) await load(distinct(build, 5), connections, 1); // warm-up
    const many = await inTurn((build, run) => load(distinct(build, 1 + run * 7919)));
    const alone = await inTurn((build, run) => load(distinct(build, 7 + run * 7919), 1));
    printer.row(
      `uncached, ${connections} connections, p99`,
      s.many,
      many.map((r) => r.p99),
      'ms',
      runsNote(many),
    );
    printer.row(
      `uncached, ${connections} connections, req/s`,
      undefined,
      many.map((r) => r.rps),
      'req/s',
    );
    printer.row(
      'uncached, 1 connection, p99',
      s.alone,
      alone.map((r) => r.p99),
      'ms',
      runsNote(alone),
    );
    // Half the saturated rate, arriving on a schedule: the latency people see while the server is busy.
    const open = await inTurn((build, run) =>
      openLoad(distinct(build, 13 + run * 7919), Math.max(1, Math.round((many[builds.indexOf(build)]?.rps ?? 2) / 2))),
    );
    printer.row(
      'uncached, open loop at half the saturated rate, p99',
      undefined,
      open.map((r) => r.p99),
      'ms',
      `${runsNote(open)}; the generator late by up to ${open.map((r) => (r.sentLate ?? 0).toFixed(0)).join(' / ')} ms`,
    );
  }
  for (const s of sections.has('br') ? scenarios : []) {
    printer.heading(`${s.name}, asked with Accept-Encoding: br, gzip (${compressed[s.path]} bytes)`, s.name);
    await cachedRows(s, ACCEPT_BR, `/br${s.path}`, ', br');
    const distinct = (build: Build, offset: number) => (i: number) =>
      `${build.base}${s.url(i + offset)}&_=br-${Date.now()}-${i}`;
    const many = await inTurn((build, run) => load(distinct(build, 3 + run * 7919), connections, seconds, ACCEPT_BR));
    printer.row(
      `uncached, br, ${connections} connections, p99`,
      s.many,
      many.map((r) => r.p99),
      'ms',
      runsNote(many),
    );
  }
  const tools = { builds, tickers, connections, seconds: tickerSeconds, runs, load, printer, recent };
  if (sections.has('ticker')) {
    for (const build of builds) {
      const started = performance.now();
      const bytes = warmReadSide(build.dataDir);
      out(
        `${build.label}: the read side's tables read once (${(bytes / 1e9).toFixed(1)} GB, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    await tickerSection(tools);
  }
  if (sections.has('change')) await changeSection(tools, screenerUrl(0));
  if (sections.has('scale')) await scaleSection(tools, screenerUrl, out);
  printer.summary();
  out(
    `\nAt ${connections} connections the server is saturated: p99 there is the queue, about 2-3 x ${connections} / (req/s). Load average at the end: ${os.loadavg()[0]?.toFixed(1)}.`,
  );
} finally {
  closePools();
  ceiling?.kill('SIGTERM');
  for (const build of builds) await stopServer(build);
}
