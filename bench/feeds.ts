/*
 * Feed refresh against a responsive server (issue 21). Starts the server as `npm start` does (the built
 * bundle, so the feed reader threads load from server/dist/feed-worker.js) with one hostile feed served
 * from this process over loopback, and asks /healthz every few milliseconds from the moment the server
 * listens until its refresher logs the run: the latencies printed are the server's answers while that
 * feed was fetched, read on its thread and stored. Scenarios: no feed (the machine's own noise), the
 * worst feed of the issue (a 1.8 MB summary of 600,000 nested unclosed <b>), and a 50 MB feed at the
 * configurable maximum. For each feed it also prints how long reading it takes on a thread of its own:
 * the time it would have blocked every request if it ran on the event loop.
 *
 *   npx tsx bench/feeds.ts [--port 3931] [--runs 3]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFeed } from '../server/src/news/decode-feed.ts';
import { manyItemsFeed, nestedTagsFeed } from '../server/src/news/hostile-feeds.ts';
import { parseFeed } from '../server/src/news/parse-feed.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const port = arg('port', 3931);
const runs = Math.max(1, arg('runs', 3));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (line: string) => process.stdout.write(`${line}\n`);

const scenarios: { name: string; body: string | null }[] = [
  { name: 'no feed (noise)', body: null },
  { name: 'worst: 600,000 nested <b> (1.8 MB)', body: nestedTagsFeed(1_800_000) },
  { name: '50 MB feed, 20,000 items', body: manyItemsFeed(49_900_000) },
];

function feedServer(body: string): Promise<http.Server> {
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body),
  );
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function startServer(dataDir: string, feedsFile: string): { child: ChildProcess; refreshed: Promise<void> } {
  const child = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      FEEDS_FILE: feedsFile,
      FEEDS_ALLOW_LOOPBACK: 'true',
      FEED_MAX_BYTES: '50000000',
      FEED_FETCH_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const refreshed = new Promise<void>((resolve) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (/"msg":"(feeds refreshed|feed refresh failed)"/.test(line)) resolve();
      }
    });
  });
  return { child, refreshed };
}

/**
 * /healthz latencies (ms) from the moment it first answers until `until` settles (or `ms` pass); without
 * `until`, for `ms` from that moment.
 */
async function probe(until: Promise<void> | null, ms: number): Promise<number[]> {
  const url = `http://127.0.0.1:${port}/healthz`;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let settled = false;
  void until?.then(() => {
    settled = true;
  });
  const end = Date.now() + ms;
  const latencies: number[] = [];
  while (!settled && Date.now() < end) {
    const started = performance.now();
    await (await fetch(url)).text();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return latencies.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fmt = (ms: number) => ms.toFixed(1).padStart(7);

const { buildOutdated } = (await import(path.join(root, 'scripts', 'build.mjs'))) as {
  buildOutdated(options?: { log?: (line: string) => void }): Promise<void>;
};
await buildOutdated({ log: out });
out('scenario                                  run  answers    p50 ms   p99 ms   max ms   read on a thread');
for (const scenario of scenarios) {
  let readMs = '';
  if (scenario.body !== null) {
    const started = performance.now();
    parseFeed(decodeFeed(Buffer.from(scenario.body)), 'https://feed.example/');
    readMs = `${(performance.now() - started).toFixed(0)} ms`;
  }
  for (let run = 1; run <= runs; run++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'll-bench-feeds-'));
    const feeds = scenario.body === null ? null : await feedServer(scenario.body);
    const feedsFile = path.join(dataDir, 'feeds.json');
    const url = feeds ? `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/feed.xml` : null;
    writeFileSync(feedsFile, JSON.stringify({ feeds: url ? [{ url, kind: 'home', locale: 'en' }] : [] }));
    const server = startServer(dataDir, feedsFile);
    const noise = scenario.body === null;
    const latencies = await probe(noise ? null : server.refreshed, noise ? 5_000 : 120_000);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    feeds?.close();
    rmSync(dataDir, { recursive: true, force: true });
    out(
      `${scenario.name.padEnd(40)} ${String(run).padStart(4)} ${String(latencies.length).padStart(8)} ${fmt(at(latencies, 0.5))}  ${fmt(at(latencies, 0.99))}  ${fmt(latencies.at(-1) ?? 0)}   ${readMs}`,
    );
  }
}
