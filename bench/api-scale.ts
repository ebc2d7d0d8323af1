/*
 * bench:api's `scale` section: issue 35's budgets on a whole market (8,000 companies x 20 years, loaded
 * from archives by `bench:ingest -- --bulk --keep <dir>` and measured with `--data <dir>`): the database's
 * size; uncached, one connection: each of the home page's calls within 100 ms at p99, the screener's query
 * (three predicates, an order and $top=50) within 50 ms at p99, a search prefix within 10 ms at p99; and
 * the first home page call after a data change within 500 ms. A stock page's calls and the first of
 * them after a change are the `ticker` and `change` sections (issue 31's budgets, 25 and 300 ms).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { atMost } from './api-budgets.ts';
import { type Build, bumpVersion } from './api-builds.ts';
import type { Result } from './api-load.ts';
import type { SectionTools } from './api-payloads.ts';
import { Pool } from './http-client.ts';

const ACCEPT = 'Accept-Encoding: br, gzip\r\n';
/** The data cache re-reads the data version at most once a second (http/data-cache.ts, versionTtlMs). */
const VERSION_TTL_MS = 1000;

/** The data calls the home page makes (web/src/features/home/home-api.ts, the data status banner). */
export const HOME_CALLS = [
  '/api/data/company/home',
  '/api/data/market/movers?limit=5',
  '/api/data/market/crypto',
  '/api/data/market/sectors',
  '/api/data/market/ex-dividends?limit=8',
  '/api/data/status',
];

const withQuery = (p: string, tag: string) => `${p}${p.includes('?') ? '&' : '?'}_=${tag}`;
const median = (list: readonly number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? Number.NaN;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function databaseBytes(build: Build): number {
  const file = path.join(build.dataDir, 'ledgerlight.db');
  return [file, `${file}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
}

export async function scaleSection(
  tools: SectionTools,
  screenerUrl: (i: number) => string,
  out: (line: string) => void,
): Promise<void> {
  const { builds, tickers, connections, seconds, runs, load, printer } = tools;
  for (const build of builds)
    out(`\n${build.label}: database ${(databaseBytes(build) / 1024 ** 3).toFixed(2)} GB (${build.dataDir})`);
  printer.heading(
    `Issue 35 at ${tickers.length >= 1000 ? 'the whole market' : `${tickers.length} stocks`}: uncached (every URL distinct), br, ${seconds} s per figure`,
    'issue 35',
  );
  const distinct = (build: Build, tag: string, url: (i: number) => string) => (i: number) =>
    `${build.base}${withQuery(url(i), `${tag}-${Date.now()}-${i}`)}`;
  const measure = async (name: string, url: (i: number) => string, budget: number, many = false) => {
    const alone: Result[] = [];
    const loaded: Result[] = [];
    for (const build of builds) {
      alone.push(await load(distinct(build, 'one', url), 1, seconds, ACCEPT));
      if (many) loaded.push(await load(distinct(build, 'many', url), connections, seconds, ACCEPT));
    }
    const errors = [...alone, ...loaded].reduce((sum, r) => sum + r.errors, 0);
    printer.row(
      `${name}, p99, 1 conn.`,
      atMost(budget, 'ms'),
      alone.map((r) => r.p99),
      'ms',
      `p50 ${alone.map((r) => r.p50.toFixed(1)).join(' / ')} ms${errors ? `; ${errors} answers not 200` : ''}`,
    );
    if (many)
      printer.row(
        `${name}, p99, ${connections} conn.`,
        undefined,
        loaded.map((r) => r.p99),
      );
  };
  for (const call of HOME_CALLS) await measure(`home: ${call.replace('/api/data/', '')}`, () => call, 100);
  await measure('screener: 3 predicates, orderby, $top=50', screenerUrl, 50, true);
  await measure(
    'search: a two-letter prefix',
    (i) => `/api/data/company/search?q=${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26) % 26]}`,
    10,
    true,
  );

  // The first home page call after a data change, as the `change` section does for a stock page.
  const times = builds.map(() => HOME_CALLS.map(() => [] as number[]));
  for (let run = 0; run < runs; run++) {
    for (const [b, build] of builds.entries()) {
      const pool = new Pool('127.0.0.1', build.port, 1);
      try {
        for (const call of HOME_CALLS) await pool.get(call, ACCEPT);
        await bumpVersion(build);
        await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 200));
        for (const [k, call] of HOME_CALLS.entries()) {
          const started = performance.now();
          const answer = await pool.get(call, ACCEPT);
          times[b]?.[k]?.push(answer.status === 200 ? performance.now() - started : Number.POSITIVE_INFINITY);
        }
      } finally {
        pool.destroy();
      }
    }
  }
  for (const [k, call] of HOME_CALLS.entries()) {
    const per = times.map((list) => list[k] ?? []);
    printer.row(
      `home, first after a change: ${call.replace('/api/data/', '')}`,
      atMost(500, 'ms'),
      per.map(median),
      'ms',
      `runs: ${per.map((list) => list.map((t) => t.toFixed(0)).join(', ')).join(' / ')}`,
    );
  }
}
