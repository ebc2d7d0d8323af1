import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { tempDir } from './harness.ts';

/*
 * A PostgreSQL of the test's own, to stop and start under load (as .ci/run starts one): initdb into a
 * temp folder, postgres on 127.0.0.1 as the postgres user, stopped through the postmaster's pid.
 * Needs root (to run as postgres) and the server binaries; `available()` says why not otherwise.
 */

const BIN_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/15/bin', '/usr/bin'];

function binDir(): string | undefined {
  return BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')));
}

export function unavailableReason(): string | undefined {
  if (!binDir()) return 'no initdb/postgres binaries';
  if (process.getuid?.() !== 0) return 'not root (postgres must run as the postgres user)';
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres user';
  return undefined;
}

export interface OwnPostgres {
  url: string;
  start(): Promise<void>;
  /** Fast shutdown (SIGINT to the postmaster): sessions are cut, as when a database host goes away. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function createOwnPostgres(port: number): Promise<OwnPostgres> {
  const bin = binDir() as string;
  const temp = tempDir('ll-pg-');
  const data = path.join(temp.dir, 'data');
  spawnSync('chown', ['postgres:postgres', temp.dir]);
  const init = spawnSync(
    'runuser',
    ['-u', 'postgres', '--', path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  let child: ChildProcess | undefined;
  const postmasterPid = () => {
    try {
      return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return 0;
    }
  };

  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      child = spawn(
        'runuser',
        ['-u', 'postgres', '--', path.join(bin, 'postgres'), '-D', data, '-h', '127.0.0.1', '-p', String(port)].concat([
          '-k',
          temp.dir,
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
        ]),
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 30_000;
      while (!(postmasterPid() && (await portOpen(port)))) {
        if (Date.now() > deadline) throw new Error('PostgreSQL did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      const pid = postmasterPid();
      if (pid) {
        try {
          process.kill(pid, 'SIGINT');
        } catch {
          // already gone
        }
        for (let i = 0; i < 100 && postmasterPid(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
        if (postmasterPid()) process.kill(pid, 'SIGKILL');
      }
      const runner = child;
      if (runner && runner.exitCode === null) await new Promise((resolve) => runner.once('exit', resolve));
      child = undefined;
    },
    async destroy() {
      await own.stop();
      temp.remove();
    },
  };
  return own;
}
