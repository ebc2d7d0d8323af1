/*
 * Every data call a page makes for one ticker and its whole history, asked with `Accept-Encoding: br,
 * gzip` as a browser asks. Part of bench/api.ts, two sections:
 *   - ticker: each call uncached (a parameter the server ignores makes every URL distinct, the tickers
 *     rotating over the universe), its p99 with one connection (budget 25 ms) and with `connections`
 *     (budget 60 ms), and its bytes on the wire;
 *   - change: the first call of each after a data change (the data version bumped as an ingest bumps it,
 *     then the data cache's version check let expire): budget 300 ms. In a stock page's order: the first
 *     key-statistics call of a data version builds the beta's universe index.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Budget, budgetPrinter } from './api-budgets.ts';
import { atMost } from './api-budgets.ts';
import { type Build, bumpVersion } from './api-builds.ts';
import type { loadTools, Result } from './api-load.ts';
import { Pool } from './http-client.ts';

const ACCEPT = 'Accept-Encoding: br, gzip\r\n';
/** The data cache re-reads the data version at most once a second (http/data-cache.ts, versionTtlMs). */
const VERSION_TTL_MS = 1000;

/**
 * The Monday two years before the data's last day: where a stock page's daily part starts (web
 * ui/chart-range.ts recentStart, which counts from today; here from the dataset's end, as on a page read
 * while its data is current).
 */
export function recentStart(end: string): string {
  const day = new Date(`${end}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() - 2);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * The calls, for a stock ticker: paths with their query. `recent`: where the page's daily part starts
 * (recentStart). The two whole-history daily calls (20 years, about 1 MB and 0.6 MB of JSON) are the API's,
 * asked for by name: no page makes them.
 */
export function oneTickerCalls(ticker: string, recent: string): string[] {
  const t = encodeURIComponent(ticker);
  const financials = [
    'income-statement',
    'balance-sheet',
    'cash-flow',
    'margins',
    'per-share',
    'payout',
    'capital-allocation',
    'eps-basic',
    'revenue-per-share',
  ];
  return [
    `/api/data/company?ticker=${t}`,
    `/api/data/company/statistics?ticker=${t}`,
    `/api/data/company/${t}/links`,
    `/api/data/chart/price?tickers=${t}`,
    `/api/data/v2/chart/price?tickers=${t}`,
    `/api/data/v2/chart/price?tickers=${t}&from=${recent}&resolution=daily`,
    `/api/data/v2/chart/price?tickers=${t}&resolution=daily`,
    `/api/data/chart/downside-potential?tickers=${t}`,
    `/api/data/chart/dividend-yield-by-time?tickers=${t}`,
    `/api/data/chart/valuation-ratios?tickers=${t}`,
    `/api/data/chart/valuation-ratios?tickers=${t}&from=${recent}&resolution=daily`,
    `/api/data/chart/valuation-ratios?tickers=${t}&resolution=daily`,
    `/api/data/dividends/dps?tickers=${t}`,
    `/api/data/dividends/by-month?tickers=${t}`,
    `/api/data/indicator/div-perc?ticker=${t}`,
    ...financials.flatMap((name) => [
      `/api/data/financials/${name}?tickers=${t}`,
      `/api/data/financials/${name}?tickers=${t}&period=quarterly`,
    ]),
    `/api/data/financials/financial-returns?tickers=${t}`,
    `/api/data/financials/ttm-financial?tickers=${t}`,
    `/api/data/sheet?ticker=${t}`,
    `/api/data/sheet/data/${t}/income-statement?period=quarterly`,
  ];
}

/**
 * The floor of a whole-history daily call: a bare node:http server (no database, no computing, no
 * framework) holding the answer of `file` parsed once, and serialising and compressing it (brotli 1, as the
 * server does) on each request. Where the floor misses a budget, no server that serialises and compresses
 * each answer keeps it on this machine.
 */
function startFloor(file: string, port: number): ChildProcess {
  const code = `
    const http = require('node:http');
    const zlib = require('node:zlib');
    const answer = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    http.createServer((req, res) => {
      const body = Buffer.from(JSON.stringify(answer));
      const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT };
      zlib.brotliCompress(body, { params }, (error, out) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br',
          'content-length': out.length });
        res.end(out);
      });
    }).listen(${port}, '127.0.0.1', () => process.send('listening'));`;
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

/** The whole-history daily calls (no `from`, daily): the API's, asked for by name. */
const wholeHistoryDaily = (url: string) => url.endsWith('&resolution=daily') && !url.includes('from=');

export interface SectionTools {
  builds: readonly Build[];
  /** Where a stock page's daily part starts for this dataset (recentStart of its last day). */
  recent: string;
  tickers: readonly string[];
  connections: number;
  /** Length of one closed-loop run of one call. */
  seconds: number;
  runs: number;
  load: ReturnType<typeof loadTools>['load'];
  printer: ReturnType<typeof budgetPrinter>;
}

const withQuery = (path: string, tag: string) => `${path}${path.includes('?') ? '&' : '?'}_=${tag}`;
const median = (list: readonly number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? Number.NaN;

/** Bytes on the wire (br) of one answer, and its status. */
async function probe(build: Build, path: string): Promise<{ status: number; bytes: number }> {
  const pool = new Pool('127.0.0.1', build.port, 1);
  try {
    return await pool.get(withQuery(path, `probe-${Date.now()}`), ACCEPT);
  } finally {
    pool.destroy();
  }
}

export async function tickerSection(tools: SectionTools): Promise<void> {
  const { builds, tickers, connections, seconds, load, printer, recent } = tools;
  const calls = tickers.map((ticker) => oneTickerCalls(ticker, recent));
  const names = oneTickerCalls('T', recent);
  printer.heading(
    `Every data call of one ticker (T) under /api/data/, uncached, br; ${seconds} s per figure, the tickers rotating over ${tickers.length} stocks`,
    'one ticker, uncached',
  );
  const one: Budget = atMost(25, 'ms');
  const many: Budget = atMost(60, 'ms');
  for (const [k, name] of names.entries()) {
    const url = (build: Build, tag: string) => (i: number) =>
      `${build.base}${withQuery(calls[i % calls.length]?.[k] ?? '', `${tag}-${Date.now()}-${i}`)}`;
    const alone: Result[] = [];
    const loaded: Result[] = [];
    const sizes: string[] = [];
    for (const build of builds) {
      const first = await probe(build, calls[0]?.[k] ?? '');
      sizes.push(`${first.status === 200 ? '' : `status ${first.status}, `}${(first.bytes / 1000).toFixed(1)} kB`);
      alone.push(await load(url(build, 'one'), 1, seconds, ACCEPT));
      loaded.push(await load(url(build, 'many'), connections, seconds, ACCEPT));
    }
    const errors = [...alone, ...loaded].reduce((sum, r) => sum + r.errors, 0);
    const note = `br ${sizes.join(' / ')}${errors ? `; ${errors} answers not 200` : ''}`;
    const short = name.replace('/api/data/', '');
    printer.row(
      `${short}, p99, 1 conn.`,
      one,
      alone.map((r) => r.p99),
      'ms',
      note,
    );
    printer.row(
      `${short}, p99, ${connections} conn.`,
      many,
      loaded.map((r) => r.p99),
    );
    if (wholeHistoryDaily(name)) await floorRow(tools, calls[0]?.[k] ?? '', short);
  }
}

/** The floor (startFloor) of one whole-history call with the first ticker's answer, as a context row. */
async function floorRow(tools: SectionTools, call: string, short: string): Promise<void> {
  const { builds, connections, seconds, load, printer } = tools;
  const now = builds.at(-1) as Build;
  const file = path.join(os.tmpdir(), `ledgerlight-bench-floor-${process.pid}.json`);
  writeFileSync(file, await (await fetch(`${now.base}${call}`)).text());
  // Beside the server (its port), the ceiling (+1) and the build before (+2).
  const port = now.port + 3;
  const floor = startFloor(file, port);
  try {
    await new Promise((resolve, reject) => {
      floor.once('message', resolve);
      floor.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    });
    const result = await load(() => `http://127.0.0.1:${port}/floor`, connections, seconds, ACCEPT);
    printer.row(
      `${short}, floor: serialise + brotli only, p99, ${connections} conn.`,
      undefined,
      builds.map(() => result.p99),
      'ms',
      'context: the answer parsed once, no database, no computing, a bare node:http server',
    );
  } finally {
    floor.kill();
    rmSync(file, { force: true });
  }
}

export async function changeSection(tools: SectionTools, screener: string): Promise<void> {
  const { builds, tickers, runs, printer, recent } = tools;
  const names = [
    ...oneTickerCalls('T', recent).map((name) => name.replace('/api/data/', '')),
    'screener, 3 predicates',
  ];
  printer.heading(
    `The first call after a data change (the data version bumped), in a stock page's order, under /api/data/; the median of ${runs} changes`,
    'first after a change',
  );
  // times[build][call][run]
  const times = builds.map(() => names.map(() => [] as number[]));
  for (let run = 0; run < runs; run++) {
    const paths = [...oneTickerCalls(tickers[(run * 7 + 3) % tickers.length] ?? '', recent), screener];
    for (const [b, build] of builds.entries()) {
      const pool = new Pool('127.0.0.1', build.port, 1);
      try {
        // Each asked before the change, as a visitor had: what the change must then make again.
        for (const path of paths) await pool.get(path, ACCEPT);
        await bumpVersion(build);
        await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 200));
        for (const [k, path] of paths.entries()) {
          const started = performance.now();
          const answer = await pool.get(path, ACCEPT);
          times[b]?.[k]?.push(answer.status === 200 ? performance.now() - started : Number.POSITIVE_INFINITY);
        }
      } finally {
        pool.destroy();
      }
    }
  }
  for (const [k, name] of names.entries()) {
    const per = times.map((list) => list[k] ?? []);
    const note = per.map((list) => list.map((t) => t.toFixed(0)).join(', ')).join(' / ');
    printer.row(name, atMost(300, 'ms'), per.map(median), 'ms', `runs: ${note}`);
  }
}
