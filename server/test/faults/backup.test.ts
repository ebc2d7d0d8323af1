import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../../src/ops/backup.ts';
import { answerRequests, requestName } from '../answers.ts';
import { baseEnv, repoRoot, startServer, stopAll, tempDir, waitForDemoUniverse } from '../multi-instance/harness.ts';
import { countRows, coverageOf, waitForCount, wholeCoverage } from './fault-helpers.ts';

/*
 * Issue 34: `npm run backup` copies the database while the server runs and loads; `npm run restore` puts a
 * copy back with the server stopped (and refuses while it runs); the restored server answers every API
 * call as before, and a copy taken in the middle of a load is whole.
 */

const PORT = 3265;

afterAll(async () => {
  await stopAll();
});

/** The backup CLI from the sources (as `npm run backup -- <file>` runs its bundle). */
function backupCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/ops/backup-cli.ts', ...args], {
    cwd: repoRoot,
    env: baseEnv({ PORT: String(PORT), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

// Every API call of answers-unchanged.test.ts, each path once and with up to three ways of asking it (time).
const requests = (() => {
  const all = answerRequests({
    stocks: ['SOLQ', 'ZFAB', 'PHQV', 'GZTH'],
    coin: 'QBTZ',
    midDay: '2022-08-15',
    recentYear: '2023-01-01',
  });
  const perPath = new Map<string, number>();
  return all.filter((request) => {
    const key = `${request.method} ${request.url.split('?')[0]}`;
    const seen = perPath.get(key) ?? 0;
    perPath.set(key, seen + 1);
    return seen < 3;
  });
})();

/** Every API answer over HTTP: status and a hash of the body, by request. */
async function answers(url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const request of requests) {
    const response = await fetch(`${url}${request.url}`, {
      method: request.method,
      headers: { ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
      ...(request.payload === undefined ? {} : { body: JSON.stringify(request.payload) }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    out[requestName(request)] = `${response.status} ${createHash('sha256').update(body).digest('hex')}`;
  }
  return out;
}

describe('backups of the embedded database', () => {
  it('are taken while a load writes, restored with the server stopped, and answer as before', async () => {
    const { dir: base, remove } = tempDir('ll-backup-');
    try {
      const dataDir = path.join(base, 'data');
      const env = { DATA_DIR: dataDir, DEMO_COMPANIES: '70' };
      const file = path.join(dataDir, 'ledgerlight.db');
      const server = await startServer(PORT, env);
      // In the middle of the demo load's second part.
      await waitForCount(() => countRows(file, 'securities'), 55);
      const midLoad = path.join(base, 'mid-load.db');
      const first = await backupCli(['backup', midLoad], env);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain(`to ${midLoad}`);
      await waitForDemoUniverse(server.url, 120_000);
      const before = await answers(server.url);
      expect(Object.values(before).filter((answer) => answer.startsWith('200 ')).length).toBeGreaterThan(50);
      const whole = path.join(base, 'whole.db');
      expect((await backupCli(['backup', whole], env)).code).toBe(0);

      const refused = await backupCli(['restore', whole], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('the server is running');
      expect(await server.stop()).toBe(0);

      const restored = await backupCli(['restore', whole], env);
      expect(restored.code, restored.output).toBe(0);
      const again = await startServer(PORT, env);
      expect(await answers(again.url)).toEqual(before);
      expect(await again.stop()).toBe(0);

      // The copy taken mid-load is a whole database; started alone, every security in it is whole.
      expect(await refusalOf(midLoad)).toBeNull();
      const otherDir = path.join(base, 'other');
      const otherEnv = { DATA_DIR: otherDir, DEMO_DATA: 'off' };
      expect((await backupCli(['restore', midLoad], otherEnv)).code).toBe(0);
      const fromMidLoad = await startServer(PORT, otherEnv);
      expect(await fromMidLoad.stop()).toBe(0);
      const coverage = await coverageOf(path.join(otherDir, 'ledgerlight.db'));
      expect(coverage.securities).toBeGreaterThanOrEqual(55);
      expect(coverage).toEqual(wholeCoverage(coverage.securities));
    } finally {
      remove();
    }
  }, 240_000);
});
