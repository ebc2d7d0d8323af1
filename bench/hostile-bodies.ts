/*
 * Hostile request bodies (issue 34): how /healthz and a cached data call answer while a few clients post
 * deeply nested JSON (`[[[...]]]`), against the same volume of flat JSON (`[1,1,...]`) and against no
 * bodies at all. Before the body limits a 1 MB nested body held the event loop ~190 ms: four clients
 * sending five a second pushed /healthz from 2 ms to 1,137 ms at p50 (flat bodies: 27 ms). The goal:
 * hostile within a small factor of flat.
 *
 *   npm run bench:hostile -- [--seconds 10] [--clients 4] [--rate 5] [--port 3257]
 *
 * The server runs from the sources (node --import tsx server/src/main.ts) on a fresh SQLite database in a
 * temporary folder, with a small demo universe (DEMO_COMPANIES=60) and rate limits off (every request
 * comes from this one address). Bodies go to POST /api/events in two sizes: 1 MB (beyond its 8 KB limit:
 * refused by its Content-Length) and 8 KB (within it: the nesting is refused by the scan before parsing).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 10);
const clients = arg('clients', 4);
const rate = arg('rate', 5);
const port = arg('port', 3257);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = `http://127.0.0.1:${port}`;
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const deep = (bytes: number) => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;
const flat = (bytes: number) => `[${'1,'.repeat(bytes / 2 - 1)}1]`;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DEMO_COMPANIES: '60',
      WEB_DIST_DIR: '/nonexistent',
      FEEDS_DEMO: 'false',
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_ODATA: '0',
      RATE_LIMIT_EVENTS: '0',
      RATE_LIMIT_REF: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let n = 0; n < 600; n++) {
    try {
      const status = await fetch(`${base}/api/data/status`);
      if (status.ok && ((await status.json()) as { seeding: unknown }).seeding === null) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  server.kill('SIGKILL');
  throw new Error('the server did not start and load its demo universe within 120 s');
}

/** Posts `body` from each client `rate` times a second until `until`; counts the answers by status. */
async function senders(body: string, until: number, statuses: Map<number, number>): Promise<void> {
  const one = async () => {
    while (Date.now() < until) {
      const started = Date.now();
      try {
        const response = await fetch(`${base}/api/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1); // the server closed the connection on a refused body
      }
      await sleep(Math.max(0, 1000 / rate - (Date.now() - started)));
    }
  };
  await Promise.all(Array.from({ length: clients }, one));
}

/** Latencies (ms) of `url`, asked one at a time every 20 ms until `until`. */
async function probe(url: string, until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function phase(name: string, body: string | null) {
  const until = Date.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  const [health, data] = await Promise.all([
    probe(`${base}/healthz`, until),
    probe(`${base}/api/data/company?ticker=SOLQ`, until),
    body === null ? Promise.resolve() : senders(body, until, statuses),
  ]);
  const answered = [...statuses].map(([status, n]) => `${status === 0 ? 'closed' : status} x${n}`).join(', ');
  const ms = (v: number) => v.toFixed(1).padStart(7);
  out(
    `${name.padEnd(22)} healthz p50 ${ms(percentile(health, 50))} p99 ${ms(percentile(health, 99))}   ` +
      `cached data p50 ${ms(percentile(data, 50))} p99 ${ms(percentile(data, 99))}   ${answered}`,
  );
  return { health: percentile(health, 50), data: percentile(data, 50) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-hostile-'));
const server = await startServer(dataDir);
try {
  // Twice: the data cache keeps an answer from its second request on.
  for (let i = 0; i < 3; i++) await (await fetch(`${base}/api/data/company?ticker=SOLQ`)).arrayBuffer();
  out(`${clients} clients x ${rate} bodies/s to POST /api/events, ${seconds} s per phase (latencies in ms)`);
  await phase('no bodies', null);
  for (const bytes of [8 * 1024 - 16, 1024 * 1024]) {
    const size = bytes > 100_000 ? '1 MB' : '8 KB';
    const flatRun = await phase(`flat ${size}`, flat(bytes));
    const deepRun = await phase(`nested ${size}`, deep(bytes));
    out(
      `  nested / flat at ${size}: healthz x${(deepRun.health / flatRun.health).toFixed(2)}, ` +
        `cached data x${(deepRun.data / flatRun.data).toFixed(2)}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
