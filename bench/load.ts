/*
 * Load benchmark (issue 9): a realistic mix of what the pages call, at 50 concurrent keep-alive
 * connections for 60 s, against one server on PostgreSQL. It prints requests/s, p50 and p99 per call,
 * unexpected statuses (the goal: none) and the server's memory (RSS, heap) before and after, read from
 * its own /metrics (the goal: no growth beyond the caches' bounds).
 *
 *   BENCH_DATABASE_URL=postgres://... npm run bench:load -- [--seconds 60] [--connections 50]
 *       [--companies 300] [--port 3259] [--pool 10]
 *
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL) names a PostgreSQL server; the benchmark creates the
 * database ledgerlight_bench_<companies> there, loads the generated universe once and reuses it.
 * The server is the bundle `npm start` runs (server/dist/main.js, built first as bench:api builds it)
 * with rate limits off: every request comes from this one address.
 *
 * BENCH_READ_URLS (comma-separated, optional) names streaming replicas of that server (docs/scaling.md): the
 * server gets them as DATABASE_READ_URLS, pointed at the same database, and the benchmark prints how many
 * transactions each replica ran during the load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../server/src/db/index.ts';
import { demoSource } from '../server/src/ingest/demo/source.ts';
import { runIngest } from '../server/src/ingest/loader.ts';
import { buildServer, startFlags } from './api-builds.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 60);
const connections = arg('connections', 50);
const companies = arg('companies', 300);
const port = arg('port', 3259);
/** The server's DATABASE_POOL_MAX: connections to the primary, and to each read replica. */
const pool = arg('pool', 10);
const END = '2025-06-30';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (line: string) => process.stdout.write(`${line}\n`);

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  out('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server: postgres://user@host:5432/postgres');
  process.exit(2);
}

async function ensureDatabase(): Promise<string> {
  const name = `ledgerlight_bench_${companies}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolMax: 4 });
  await migrateToLatest(database);
  const done = await database.db
    .selectFrom('ingest_runs')
    .select('id')
    .where('source', '=', 'demo')
    .where('status', '=', 'done')
    .executeTakeFirst();
  if (!done) {
    const started = performance.now();
    out(`dataset: loading ${companies} generated companies x 20 years into ${name} (once; reused later)`);
    const summary = await runIngest({
      db: database.db,
      source: demoSource({ companies, endDay: END }),
      tickers: 'all',
      concurrency: 2,
    });
    out(`dataset: ${summary.loaded} securities in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else out(`dataset: reusing ${name}`);
  await database.close();
  return url.toString();
}

/** The replicas' URLs with the benchmark database's name in place of theirs. */
function readUrls(databaseUrl: string): string[] {
  const name = new URL(databaseUrl).pathname;
  return (process.env.BENCH_READ_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => {
      const url = new URL(u);
      url.pathname = name;
      return url.toString();
    });
}

/** Transactions each replica has run in the benchmark database (its own statistics). */
async function replicaTransactions(urls: string[]): Promise<number[]> {
  return Promise.all(
    urls.map(async (url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select xact_commit::int as n from pg_stat_database where datname = current_database()',
        );
        return Number(rows[0]?.n ?? 0);
      } finally {
        await client.end();
      }
    }),
  );
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const base = `http://127.0.0.1:${port}`;

function request(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await request(url)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function memory(): Promise<{ rss: number; heap: number }> {
  const text = (await request(`${base}/metrics`)).body;
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { rss: read('process_resident_memory_bytes'), heap: read('nodejs_heap_size_used_bytes') };
}

interface Call {
  name: string;
  weight: number;
  /** Statuses that are a right answer (sign-in status is 401 for an anonymous visitor). */
  ok: number[];
  url(i: number): string;
}

function mix(tickers: string[]): Call[] {
  const pick = (i: number) => tickers[(i * 7919) % tickers.length] as string;
  const five = (i: number) => [0, 1, 2, 3, 4].map((k) => pick(i + k * 13)).join(',');
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const ok = [200];
  return [
    // The home page: cards, news, the data status banner, who is signed in.
    { name: 'home cards', weight: 6, ok, url: () => '/api/data/company/home' },
    { name: 'home news', weight: 6, ok, url: (i) => `/api/rss/home?locale=${['en', 'de', 'hu'][i % 3]}` },
    { name: 'data status', weight: 8, ok, url: () => '/api/data/status' },
    { name: 'sign-in status', weight: 8, ok: [401], url: () => '/api/auth/wallet/test-login' },
    { name: 'auth config', weight: 4, ok, url: () => '/api/auth/config' },
    // A stock page: profile, price and drawdown charts, dividends, statements.
    { name: 'company', weight: 8, ok, url: (i) => `/api/data/company?ticker=${pick(i)}` },
    {
      name: 'price chart 10y',
      weight: 10,
      ok,
      url: (i) => `/api/data/chart/price?tickers=${pick(i)}&from=2015-07-01&to=${END}`,
    },
    { name: 'drawdown chart', weight: 6, ok, url: (i) => `/api/data/chart/downside-potential?tickers=${pick(i)}` },
    { name: 'dividends per share', weight: 5, ok, url: (i) => `/api/data/dividends/dps?tickers=${pick(i)}` },
    {
      name: 'income statement x5',
      weight: 5,
      ok,
      url: (i) => `/api/data/financials/income-statement?tickers=${five(i)}`,
    },
    // The screener: a few filters people combine, paged.
    {
      name: 'screener odata',
      weight: 12,
      ok,
      url: (i) =>
        `/api/data/indicator/odata?$filter=${encodeURIComponent(
          `pe lt ${10 + (i % 40)} and dividendYieldPct gt ${(i % 5) / 2}`,
        )}&$orderby=marketCap%20desc&$top=50&$skip=${(i % 3) * 50}`,
    },
    { name: 'green stocks', weight: 4, ok, url: () => '/api/data/green/stocks' },
    // The search box: a prefix per keystroke.
    {
      name: 'search',
      weight: 10,
      ok,
      url: (i) => `/api/data/company/search?q=${letters[i % 26]}${letters[(i * 7) % 26]}`,
    },
  ];
}

interface Stats {
  times: number[];
  errors: number;
  examples: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number) : Number.NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const databaseUrl = await ensureDatabase();
  const replicas = readUrls(databaseUrl);
  await buildServer(root);
  const server = spawn(process.execPath, [...startFlags(root), 'server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_POOL_MAX: String(pool),
      // The dataset is the demo universe cut at --companies: without this the server's first-start seeding
      // saw the rest of the universe missing and loaded it in the background during the measurement.
      ...(companies <= 420 ? { DEMO_COMPANIES: String(companies) } : {}),
      ...(replicas.length > 0 ? { DATABASE_READ_URLS: replicas.join(',') } : {}),
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_ODATA: '0',
      RATE_LIMIT_EVENTS: '0',
      RATE_LIMIT_REF: '0',
      RATE_LIMIT_SIGN_IN: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`${base}/readyz`, server);
    const list = JSON.parse(
      (await request(`${base}/api/data/indicator/odata?$select=ticker&$filter=kind%20eq%20'stock'&$top=1000`)).body,
    ) as { value: { ticker: string }[] };
    const tickers = list.value.map((r) => r.ticker);
    const calls = mix(tickers);
    const schedule = calls.flatMap((call) => Array.from({ length: call.weight }, () => call));
    const stats = new Map<string, Stats>(calls.map((c) => [c.name, { times: [], errors: 0, examples: [] }]));

    // Warm-up: one of each, so the memory baseline includes loaded code, not a cold process.
    for (const call of calls) await request(`${base}${call.url(0)}`);
    const before = await memory();
    const replicaBefore = await replicaTransactions(replicas);
    out(`\n${tickers.length} stocks; ${connections} connections for ${seconds} s; server pid ${server.pid}`);
    out(`pool: ${pool} connections to the primary and to each replica`);
    out(`read replicas: ${replicas.length === 0 ? 'none' : replicas.map((u) => new URL(u).host).join(', ')}\n`);

    const deadline = performance.now() + seconds * 1000;
    let counter = 0;
    const worker = async () => {
      while (performance.now() < deadline) {
        const i = counter++;
        const call = schedule[(i * 31) % schedule.length] as Call;
        const s = stats.get(call.name) as Stats;
        const started = performance.now();
        try {
          const res = await request(`${base}${call.url(i)}`);
          s.times.push(performance.now() - started);
          if (!call.ok.includes(res.status)) {
            s.errors++;
            if (s.examples.length < 3) s.examples.push(`${res.status} ${res.body.slice(0, 160)}`);
          }
        } catch (error) {
          s.errors++;
          if (s.examples.length < 3) s.examples.push(String(error));
        }
      }
    };
    // Memory every 10 s while the load runs: a heap that levels off once the caches are full is bounded;
    // one that keeps climbing slice after slice is a leak (a single before/after pair cannot tell).
    const samples: { at: number; rss: number; heap: number }[] = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      memory().then(
        (m) => samples.push({ at: (performance.now() - started) / 1000, ...m }),
        () => undefined,
      );
    }, 10_000);
    await Promise.all(Array.from({ length: connections }, worker));
    clearInterval(sampler);
    const elapsed = (performance.now() - started) / 1000;
    const after = await memory();
    const replicaAfter = await replicaTransactions(replicas);

    out('| call | requests | req/s | p50 ms | p99 ms | errors |');
    out('| --- | ---: | ---: | ---: | ---: | ---: |');
    let total = 0;
    let errors = 0;
    for (const call of calls) {
      const s = stats.get(call.name) as Stats;
      const sorted = [...s.times].sort((a, b) => a - b);
      total += sorted.length;
      errors += s.errors;
      out(
        `| ${call.name} | ${sorted.length} | ${(sorted.length / elapsed).toFixed(0)} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} | ${s.errors} |`,
      );
    }
    out(`| all | ${total} | ${(total / elapsed).toFixed(0)} | | | ${errors} |`);
    out(
      `\nserver memory: RSS ${mb(before.rss)} -> ${mb(after.rss)}, heap used ${mb(before.heap)} -> ${mb(after.heap)}`,
    );
    out(`under load: ${samples.map((m) => `${m.at.toFixed(0)} s: heap ${mb(m.heap)}, RSS ${mb(m.rss)}`).join('; ')}`);
    const half = samples.slice(Math.floor(samples.length / 2));
    if (half.length >= 2) {
      // Heap used includes garbage not yet collected (a sawtooth); RSS shows what the process holds.
      const first = half[0] as { rss: number };
      const peak = Math.max(...half.map((m) => m.rss));
      out(
        `second half of the run: RSS ${mb(first.rss)} at its start, at most ${mb(peak)} after (growth ${mb(peak - first.rss)})`,
      );
    }
    replicas.forEach((url, i) => {
      const ran = (replicaAfter[i] ?? 0) - (replicaBefore[i] ?? 0);
      out(`replica ${new URL(url).host}: ${ran} transactions during the load`);
    });
    for (const [name, s] of stats) for (const e of s.examples) out(`  ${name}: ${e}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
