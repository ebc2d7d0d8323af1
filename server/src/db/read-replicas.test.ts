import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertSecurity } from '../../test/securities.ts';
import { dataCache } from '../http/data-cache.ts';
import { openDatabase, REPLICA_QUERY_TIMEOUT_MS } from './index.ts';
import { bumpDataVersion } from './meta.ts';
import { isReplicaFailure } from './read-replicas.ts';

/*
 * Issue 35: a PostgreSQL primary and a streaming standby made by pg_basebackup -R, both on loopback, and the
 * app reading through DATABASE_READ_URLS. Runs in CI's PostgreSQL pass (TEST_DATABASE_URL set, .ci/run runs
 * as root and has the binaries); the clusters are this test's own, under /tmp, stopped by pid afterwards.
 */
function binary(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/local/bin', '/usr/lib/postgresql/15/bin']) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return null;
}
const bins = { initdb: binary('initdb'), postgres: binary('postgres'), basebackup: binary('pg_basebackup') };
const missing = Object.entries(bins)
  .filter(([, file]) => !file)
  .map(([name]) => name);
const skipReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (the PostgreSQL pass of CI sets it)'
  : missing.length > 0
    ? `no PostgreSQL binaries: ${missing.join(', ')}`
    : null;

const asRoot = process.getuid?.() === 0;
/** initdb refuses root: as root (CI) the clusters belong to the postgres user. */
function run(file: string, args: string[]): void {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  execFileSync(command, argv, { stdio: 'pipe', timeout: 30_000 });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Cluster {
  dir: string;
  url: string;
  pid?: number;
}

async function startCluster(cluster: Cluster, port: number, root: string): Promise<void> {
  const log = fs.openSync(`${cluster.dir}.log`, 'a');
  if (asRoot) fs.chownSync(`${cluster.dir}.log`, uid('postgres'), uid('postgres'));
  const args = ['-D', cluster.dir, '-h', '127.0.0.1', '-p', String(port), '-k', root];
  const settings = ['-c', 'fsync=off', '-c', 'wal_level=replica', '-c', 'max_wal_senders=4'];
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', bins.postgres as string, ...args, ...settings]]
    : [bins.postgres as string, [...args, ...settings]];
  spawn(command, argv, { stdio: ['ignore', log, log], detached: true }).unref();
  fs.closeSync(log);
  await until(async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.end();
    return true;
  }, `PostgreSQL at ${cluster.url}`);
  // The postmaster's own pid (runuser forks): what afterAll stops.
  cluster.pid = Number(fs.readFileSync(path.join(cluster.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function uid(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}

async function stopCluster(cluster: Cluster | undefined): Promise<void> {
  const pid = cluster?.pid;
  if (!pid) return;
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown
  } catch {
    return;
  }
  await until(
    async () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    },
    `PostgreSQL ${pid} to stop`,
    15_000,
  );
}

/**
 * A TCP proxy to a port that can stall: while stalled it accepts connections and holds every byte both
 * ways, as a frozen host or a cut network does (no answer, no error); resumed, it delivers what it held.
 */
async function stallingProxy(target: number) {
  let stalled = false;
  let bytes = 0;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const pipe = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => {
      const send = () => {
        bytes += chunk.length;
        to.write(chunk);
      };
      if (stalled) held.push(send);
      else send();
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    bytes: () => bytes,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('isReplicaFailure', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });
  it('blames the replica for connection, resource, shutdown and recovery-conflict errors', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      coded('ECONNREFUSED'),
      coded('08006'),
      coded('53300'),
      coded('57P01'),
      coded('57P03'),
      coded('40001'),
    ])
      expect(isReplicaFailure(error), String(error.message)).toBe(true);
  });
  it('not for errors of the query itself, which the primary would give too', () => {
    for (const code of ['42601', '42P01', '22003', '23505']) expect(isReplicaFailure(coded(code)), code).toBe(false);
    expect(isReplicaFailure('not an error')).toBe(false);
  });
});

describe.skipIf(skipReason !== null)(`read replicas (${skipReason ?? 'primary and streaming standby'})`, () => {
  let root = '';
  const primary: Cluster = { dir: '', url: '' };
  const standby: Cluster = { dir: '', url: '' };
  let test: TestApp;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerlight-replica-'));
    if (asRoot) fs.chownSync(root, uid('postgres'), uid('postgres'));
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    primary.dir = path.join(root, 'primary');
    primary.url = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    standby.dir = path.join(root, 'standby');
    standby.url = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
    // initdb's pg_hba allows replication from 127.0.0.1 for all users: trust, as asked here.
    run(bins.initdb as string, ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    await startCluster(primary, primaryPort, root);
    const base = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby.dir];
    // A replication slot keeps the WAL the standby has not received yet: without it the primary may recycle
    // a segment between the backup and the standby's start, and the standby never streams.
    run(bins.basebackup as string, [...base, '-R', '-X', 'stream', '-c', 'fast', '-C', '-S', 'standby']);
    await startCluster(standby, standbyPort, root);

    const database = { engine: 'postgres' as const, label: 'replicas' };
    test = await startTestApp({
      ...database,
      open: async () => openDatabase({ url: primary.url, readUrls: [standby.url], poolMax: 4 }),
    });
    await insertSecurity(test.database.db, { ticker: 'ALP', name: 'Alpha Corp' });
    await bumpDataVersion(test.database.db);
  }, 60_000);

  afterAll(async () => {
    await test?.close();
    await stopCluster(standby);
    await stopCluster(primary);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  /** One uncached answer: the cache forgets its answers and the data version it read. */
  async function profile() {
    dataCache(test.database).clear();
    const response = await test.app.inject({ method: 'GET', url: '/api/data/company?ticker=ALP' });
    return {
      status: response.statusCode,
      name: response.statusCode === 200 ? (response.json() as { name: string }).name : response.body,
      version: Number(/^"(\d+)-/.exec(String(response.headers.etag))?.[1]),
    };
  }
  const status = () => test.database.readRouting?.status()[0];
  /** Answers until the routing has re-read the standby at this version (a request starts the re-read). */
  async function replicaAt(version: number) {
    await until(async () => (await profile()) && status()?.version === version && status()?.healthy === true, 'v');
  }

  it('reads go to the standby at the primary data version; a version it has not replayed goes to the primary', async () => {
    await replicaAt(1);
    const activity = await query<{ n: number }>(
      standby.url,
      "select count(*)::int as n from pg_stat_activity where application_name = 'ledgerlight-read'",
    );
    expect(activity[0]?.n).toBeGreaterThan(0);

    // Replay paused: the primary's new name (no version bump yet) is not on the standby. Seeing the old name
    // proves the answer came from the standby.
    await query(standby.url, 'select pg_wal_replay_pause()');
    await test.database.db.updateTable('securities').set({ name: 'Beta Corp' }).where('ticker', '=', 'ALP').execute();
    expect(await profile()).toEqual({ status: 200, name: 'Alpha Corp', version: 1 });

    // The bump: the standby, still at version 1, is skipped; every answer tagged 2 has the new name.
    await bumpDataVersion(test.database.db);
    for (let i = 0; i < 5; i += 1) expect(await profile()).toEqual({ status: 200, name: 'Beta Corp', version: 2 });
    expect(status()?.version).toBe(1);

    // Replay resumed: the standby catches up and answers again (a second paused write shows it is the one).
    await query(standby.url, 'select pg_wal_replay_resume()');
    await replicaAt(2);
    await query(standby.url, 'select pg_wal_replay_pause()');
    await test.database.db.updateTable('securities').set({ name: 'Gamma Corp' }).where('ticker', '=', 'ALP').execute();
    expect(await profile()).toEqual({ status: 200, name: 'Beta Corp', version: 2 });
    await query(standby.url, 'select pg_wal_replay_resume()');
    await bumpDataVersion(test.database.db);
    await replicaAt(3);
  }, 40_000);

  it('a standby that stalls (connections open, no answer) holds an answer at most the query timeout, then is skipped', async () => {
    const proxy = await stallingProxy(Number(new URL(standby.url).port));
    const proxied = new URL(standby.url);
    proxied.port = String(proxy.port);
    const database = await openDatabase({ url: primary.url, readUrls: [proxied.toString()], poolMax: 2 });
    const routing = database.readRouting;
    if (!routing) throw new Error('no read routing');
    const version = 3;
    const name = () =>
      routing.read(version, async () => {
        const row = await database.reader
          .selectFrom('securities')
          .select('name')
          .where('ticker', '=', 'ALP')
          .executeTakeFirst();
        return row?.name;
      });
    try {
      await until(async () => (await name()) === 'Gamma Corp' && routing.status()[0]?.healthy === true, 'standby');
      const before = proxy.bytes();
      expect(await name()).toBe('Gamma Corp');
      expect(proxy.bytes()).toBeGreaterThan(before);

      proxy.stall();
      const started = Date.now();
      const answers = await Promise.all([name(), name(), name()]);
      expect(answers).toEqual(['Gamma Corp', 'Gamma Corp', 'Gamma Corp']);
      expect(Date.now() - started).toBeLessThan(REPLICA_QUERY_TIMEOUT_MS + 1500);
      expect(routing.status()[0]?.healthy).toBe(false);
      // Skipped while it stalls: the next answers come from the primary at once.
      const next = Date.now();
      expect(await name()).toBe('Gamma Corp');
      expect(Date.now() - next).toBeLessThan(REPLICA_QUERY_TIMEOUT_MS / 2);

      // Back: the background re-read finds it at the version again, and it answers again.
      proxy.resume();
      await until(async () => (await name()) === 'Gamma Corp' && routing.status()[0]?.healthy === true, 'resume');
      const after = proxy.bytes();
      expect(await name()).toBe('Gamma Corp');
      expect(proxy.bytes()).toBeGreaterThan(after);
    } finally {
      proxy.resume();
      await routing.close();
      await database.db.destroy();
      await proxy.close();
    }
  }, 40_000);

  it('the standby stopped mid-run costs no failed request; answers go to the primary', async () => {
    const answers: Awaited<ReturnType<typeof profile>>[] = [];
    let stopped: Promise<void> | undefined;
    for (let round = 0; round < 12; round += 1) {
      if (round === 4) stopped = stopCluster(standby);
      answers.push(...(await Promise.all([profile(), profile(), profile()])));
    }
    await stopped;
    answers.push(await profile());
    expect(answers.filter((a) => a.status !== 200 || a.name !== 'Gamma Corp' || a.version !== 3)).toEqual([]);
    expect(status()?.healthy).toBe(false);
    const metrics = await test.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^ledgerlight_read_replica_up\{replica="127\.0\.0\.1:\d+\/postgres"\} 0$/m);
    expect(metrics.body).toMatch(/^ledgerlight_read_replica_data_version\{replica="[^"]+"\} 3$/m);
  }, 30_000);
});
