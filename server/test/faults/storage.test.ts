import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseEnv,
  getJson,
  repoRoot,
  startServer,
  stopAll,
  tempDir,
  waitForDemoUniverse,
} from '../multi-instance/harness.ts';
import { countRows, coverageOf, waitForCount, wholeCoverage } from './fault-helpers.ts';

/*
 * Issue 34: storage and database failures at start exit 1 with one line naming the variable and the cause;
 * a disk that fills while the demo universe loads makes /readyz 503 with the reason, no write answers
 * 500, and the load goes on by itself once there is room. Full and read-only disks are small tmpfs mounts
 * (root only: where mounting is refused, those cases are skipped and the rest still runs).
 */

const PORT = 3263;

afterAll(async () => {
  await stopAll();
});

/** Runs the server until it exits; its exit code and what it wrote to stderr. */
function startOnce(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: baseEnv({ PORT: String(PORT), ...env }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

function expectOneLine(stderr: string, ...parts: string[]) {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines, stderr).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toContain(part);
  expect(lines[0]).toMatch(/^Cannot start: /);
}

function mountTmpfs(dir: string, options: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const unmount = (dir: string) => execFileSync('umount', ['-l', dir], { stdio: 'ignore' });

/** Writes zeros into `file` until the file system refuses (ENOSPC). */
function fill(file: string): void {
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  // The last bytes a smaller write still fits in.
  const small = Buffer.alloc(512);
  const again = fs.openSync(file, 'a');
  try {
    for (;;) fs.writeSync(again, small);
  } catch {
    // full
  } finally {
    fs.closeSync(again);
  }
}

const canMount = (() => {
  const { dir, remove } = tempDir('ll-mount-probe-');
  const ok = mountTmpfs(dir, 'size=1m');
  if (ok) unmount(dir);
  remove();
  return ok;
})();

describe('failures at start', () => {
  it('says a DATA_DIR that is a file, with its path', async () => {
    const { dir, remove } = tempDir('ll-datadir-file-');
    try {
      const file = path.join(dir, 'not-a-folder');
      fs.writeFileSync(file, 'x');
      const { code, stderr } = await startOnce({ DATA_DIR: file });
      expect(code).toBe(1);
      expectOneLine(stderr, `DATA_DIR=${file}`, 'not a folder');
    } finally {
      remove();
    }
  });

  it('says a refused DATABASE_URL as host:port/database, never the password', async () => {
    const { code, stderr } = await startOnce({ DATABASE_URL: 'postgres://ledger:s3cret-pw@127.0.0.1:1/ledgerlight' });
    expect(code).toBe(1);
    expectOneLine(stderr, 'DATABASE_URL=127.0.0.1:1/ledgerlight', 'connection refused');
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr).not.toContain('ledger:');
  });

  it('says a DATABASE_URL with a bad port', async () => {
    const { code, stderr } = await startOnce({
      DATABASE_URL: 'postgres://ledger:s3cret-pw@127.0.0.1:99999/ledgerlight',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL');
    expect(stderr).toMatch(/port/);
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it.runIf(canMount)('says a read-only DATA_DIR and a full one', async () => {
    const { dir, remove } = tempDir('ll-datadir-ro-');
    try {
      expect(mountTmpfs(dir, 'size=1m,ro')).toBe(true);
      const readOnly = await startOnce({ DATA_DIR: dir });
      unmount(dir);
      expect(readOnly.code).toBe(1);
      expectOneLine(readOnly.stderr, `DATA_DIR=${dir}`, 'read-only');

      expect(mountTmpfs(dir, 'size=256k')).toBe(true);
      fill(path.join(dir, 'filler'));
      const full = await startOnce({ DATA_DIR: dir });
      unmount(dir);
      expect(full.code).toBe(1);
      expectOneLine(full.stderr, `DATA_DIR=${dir}`, 'no space left');
    } finally {
      remove();
    }
  });
});

describe.runIf(canMount)('a disk that fills while the demo universe loads', () => {
  it('makes /readyz 503 with the reason, writes 503 (never 500), and the load goes on once there is room', async () => {
    const { dir, remove } = tempDir('ll-datadir-full-');
    let mounted = false;
    try {
      mounted = mountTmpfs(dir, 'size=160m');
      expect(mounted).toBe(true);
      const file = path.join(dir, 'ledgerlight.db');
      const server = await startServer(PORT, { DATA_DIR: dir, DEMO_COMPANIES: '70' });
      await waitForCount(() => countRows(file, 'securities'), 52);
      const filler = path.join(dir, 'filler');
      fill(filler);

      // The loader's next write fails: readiness says so.
      const deadline = Date.now() + 60_000;
      let ready = await getJson(`${server.url}/readyz`);
      while (ready.status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        ready = await getJson(`${server.url}/readyz`);
      }
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('service_unavailable');
      expect(ready.body.error.message).toContain('The disk is full');
      expect(server.output.text()).toContain('the disk is full; retrying when there is room');
      // A write: 503 with the reason when it cannot be saved, never a 500.
      const event = await getJson(`${server.url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'page_view', path: '/' }),
      });
      expect(event.status).not.toBe(500);
      if (event.status !== 204)
        expect(event.body.error).toMatchObject({ code: 'service_unavailable', details: { reason: 'storage_full' } });
      const nonce = await getJson(
        `${server.url}/api/auth/wallet/nonce?address=0x0000000000000000000000000000000000000001`,
      );
      expect(nonce.status).not.toBe(500);
      if (nonce.status !== 200)
        expect(nonce.body.error).toMatchObject({ code: 'service_unavailable', details: { reason: 'storage_full' } });
      // Reads still answer.
      expect((await getJson(`${server.url}/api/data/status`)).status).toBe(200);

      fs.rmSync(filler);
      await waitForDemoUniverse(server.url, 90_000);
      expect((await getJson(`${server.url}/readyz`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
      expect(await coverageOf(file)).toEqual(wholeCoverage(78));
    } finally {
      if (mounted) unmount(dir);
      remove();
    }
  }, 180_000);
});
