import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/*
 * Real server processes for the multi-instance and fault tests: `node --import tsx server/src/main.ts`
 * (the sources, so no build is needed), on loopback ports 3241-3259, stopped by pid. Every process a
 * test starts is tracked here and killed by stopAll() in afterAll, even when a test fails halfway.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const started = new Set<ChildProcess>();

export interface Output {
  text(): string;
}

function capture(child: ChildProcess): Output {
  let text = '';
  const add = (chunk: Buffer) => {
    // Bounded: a test that goes wrong must not fill memory with logs.
    text = (text + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return { text: () => text };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function signalProcess(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(child.pid, signal);
  } catch {
    // exited between the check and the signal
  }
}

/** Sends the signal, waits up to timeoutMs for the exit, then SIGKILLs. Resolves to the exit code. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) {
  const done = exited(child);
  signalProcess(child, signal);
  const timer = setTimeout(() => signalProcess(child, 'SIGKILL'), timeoutMs);
  try {
    return await done;
  } finally {
    clearTimeout(timer);
    started.delete(child);
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((child) => stopProcess(child, 'SIGKILL', 5000)));
}

/** Only what the server needs: no inherited DATABASE_URL, OIDC_* or NODE_ENV from the test runner. */
export function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent',
    FEEDS_DEMO: 'false',
    // Every request of a test comes from 127.0.0.1: the limits would count the test's own load.
    RATE_LIMIT_SEARCH: '0',
    RATE_LIMIT_ODATA: '0',
    RATE_LIMIT_EVENTS: '0',
    RATE_LIMIT_REF: '0',
    RATE_LIMIT_SIGN_IN: '0',
    ...extra,
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: Output;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startServer(port: number, env: Record<string, string>, readyMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: baseEnv({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const output = capture(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited ${child.exitCode}:\n${output.text()}`);
    try {
      // Ready, not only listening: the repair at start runs behind an open port and the data calls answer
      // 503 until it is done (http/repair-gate.ts); a second instance started beside a busy first one
      // was still repairing when a test asked it for data.
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child, 'SIGKILL');
      throw new Error(`server on ${port} not up after ${readyMs} ms:\n${output.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output, stop: (signal) => stopProcess(child, signal) };
}

/** `npm run ingest -- <args>` from the sources; resolves when it exits (or is killed). */
export function startIngest(args: string[], env: Record<string, string>): { child: ChildProcess; output: Output } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ingest/cli.ts', ...args], {
    cwd: repoRoot,
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  return { child, output: capture(child) };
}

export async function runIngest(args: string[], env: Record<string, string>) {
  const { child, output } = startIngest(args, env);
  const code = await exited(child);
  started.delete(child);
  return { code, output: output.text() };
}

/** A fresh database on the PostgreSQL of TEST_DATABASE_URL (not a schema: the server uses the default one). */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ll_mi_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function getJson(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/**
 * Waits until a server's first start has loaded the whole demo universe: it listens after the first
 * part and loads the rest in the background, a new data version per part (ADR 0013).
 */
export async function waitForDemoUniverse(url: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await getJson(`${url}/api/data/status`);
    if (status.status === 200 && status.body.seeding === null) return;
    if (Date.now() > deadline)
      throw new Error(`demo universe still loading after ${timeoutMs} ms: ${JSON.stringify(status.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A throwaway folder under the system temp dir, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
