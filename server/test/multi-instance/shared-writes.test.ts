import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { WALLET_SESSION_COOKIE } from '../../src/auth/wallet/sessions.ts';
import { pgUrl } from '../databases.ts';
import {
  baseEnv,
  createDatabase,
  getJson,
  repoRoot,
  runIngest,
  type ServerProcess,
  startServer,
  stopAll,
  stopProcess,
  tempDir,
} from './harness.ts';

/*
 * Issue 45: the server and a load share the database. A second process writes in short transactions (as a
 * load does, company after company) while the server takes 100 users' writes: none may answer 500. Then a
 * demo load runs beside the server while users write and the neighbour writes: no company may fail. On
 * SQLite both sides' transactions take the write lock first and wait for it; on PostgreSQL (row locks)
 * the same test shows nothing changes there.
 */

const targets = [{ engine: 'sqlite', port: 3245 }, ...(pgUrl ? [{ engine: 'postgres', port: 3246 }] : [])] as const;

const neighbours = new Set<ChildProcess>();

function startNeighbour(target: string): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/test/multi-instance/neighbour-writer.ts', target, '25', '40'],
    { cwd: repoRoot, env: baseEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  neighbours.add(child);
  return child;
}

async function stopNeighbour(child: ChildProcess): Promise<{ committed: number; failed: number }> {
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await stopProcess(child, 'SIGTERM', 10_000);
  return JSON.parse(out.trim() || '{"committed":0,"failed":-1}');
}

/** A folder of `<TICKER>.csv` daily prices for `ingest csv`: a quick load of many small companies. */
function priceFiles(dir: string, companies: number, days: number): string {
  fs.mkdirSync(dir, { recursive: true });
  for (let c = 0; c < companies; c++) {
    const lines = ['Date,Open,High,Low,Close,Volume'];
    for (let d = 0; d < days; d++) {
      const day = new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
      const close = 50 + c + Math.sin(d / 9) * 5;
      lines.push(`${day},${close},${close + 1},${close - 1},${close},${1000 + d}`);
    }
    fs.writeFileSync(path.join(dir, `L${String(c).padStart(3, '0')}.csv`), `${lines.join('\n')}\n`);
  }
  return dir;
}

const LOAD_COMPANIES = 24;

const json = { 'content-type': 'application/json' };

/** A wallet signs in (two writes: the nonce, then the session) and gets its session cookie. */
async function walletSignIn(server: ServerProcess): Promise<{ status: number[]; cookie: string | null }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const issued = await getJson(`${server.url}/api/auth/wallet/nonce?address=${account.address}`);
  if (issued.status !== 200) return { status: [issued.status], cookie: null };
  const signature = await account.signMessage({ message: issued.body.message });
  const login = await fetch(`${server.url}/api/auth/wallet/verify-login?address=${account.address}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: issued.body.token, signature }),
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${WALLET_SESSION_COOKIE}=`));
  return { status: [issued.status, login.status], cookie: cookie?.split(';')[0] ?? null };
}

/** `count` user writes from 4 clients at once: watchlists, analytics events and wallet sign-ins in turn. */
async function userWrites(server: ServerProcess, count: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  // One user per client: one user's own concurrent PUTs are routes/me's case (me.test.ts).
  const client = async () => {
    const { status, cookie } = await walletSignIn(server);
    statuses.push(...status);
    for (let i = next++; i < count; i = next++) {
      if (i % 3 === 0 && cookie) {
        const put = await getJson(`${server.url}/api/me/watchlist`, {
          method: 'PUT',
          headers: { ...json, cookie },
          body: JSON.stringify({ tickers: [`T${i}`, 'ACME'] }),
        });
        statuses.push(put.status);
      } else if (i % 3 === 1) {
        const event = await getJson(`${server.url}/api/events`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'page_view', path: `/stocks/T${i}` }),
        });
        statuses.push(event.status);
      } else statuses.push(...(await walletSignIn(server)).status);
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  return statuses;
}

const failures = (statuses: number[]) => statuses.filter((s) => s >= 300);

describe.each(targets)('a load and the server writing one $engine database', ({ engine, port }) => {
  const temp = tempDir('ll-shared-writes-');
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    // A test that failed half-way leaves no neighbour writing.
    await Promise.all([...neighbours].map((child) => stopProcess(child, 'SIGKILL', 5000)));
    await stopAll();
    await drop?.();
    temp.remove();
  }, 60_000);

  it('answers no user write with an error while another process writes, and loses no company of a load', async () => {
    let env: Record<string, string> = { DATA_DIR: temp.dir };
    let target = path.join(temp.dir, 'ledgerlight.db');
    if (engine === 'postgres' && pgUrl) {
      const database = await createDatabase(pgUrl);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
      target = database.url;
    }
    const server = await startServer(port, { ...env, DEMO_DATA: 'off', SESSION_SECRET: 'x'.repeat(40) });

    const neighbour = startNeighbour(target);

    const statuses = await userWrites(server, 100);
    expect(statuses.length).toBeGreaterThanOrEqual(100);
    expect(failures(statuses), server.output.text().slice(-3000)).toEqual([]);

    // A load beside the server while users and the neighbour keep writing.
    let writing = true;
    const during: number[] = [];
    const users = (async () => {
      while (writing) during.push(...(await userWrites(server, 12)));
    })();
    const dir = priceFiles(path.join(temp.dir, 'prices'), LOAD_COMPANIES, 300);
    const load = await runIngest(['csv', '--dir', dir, '--all'], env);
    writing = false;
    await users;
    const neighbourDid = await stopNeighbour(neighbour);
    expect(load.code, load.output).toBe(0);
    expect(load.output).toContain(`csv: ${LOAD_COMPANIES} loaded, 0 unchanged, 0 failed`);
    expect(failures(during), server.output.text().slice(-3000)).toEqual([]);
    expect(neighbourDid.committed).toBeGreaterThan(10);
    expect(server.output.text()).not.toContain('database is locked');
  }, 180_000);
});
