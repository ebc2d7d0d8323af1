import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseEnv,
  repoRoot,
  runIngest as runIngestCli,
  startIngest,
  stopAll,
  stopProcess,
  tempDir,
} from '../multi-instance/harness.ts';
import { countRows, waitForCount } from './fault-helpers.ts';

/*
 * Issue 45: a load's life cycle. SIGTERM to the wrapper a service manager holds (scripts/ingest.mjs) stops
 * the loader after the company being written: no process left, the run marked interrupted, exit 143. A run
 * killed after companies failed is resumed by the same command, which tries them again and counts the
 * run's failures, the exit code saying so.
 */

afterAll(async () => {
  await stopAll();
});

/** `<TICKER>.csv` daily prices for `ingest csv`, a small company each. */
function priceFile(dir: string, ticker: string, days = 300): void {
  fs.mkdirSync(dir, { recursive: true });
  const lines = ['Date,Open,High,Low,Close,Volume'];
  for (let d = 0; d < days; d++) {
    const day = new Date(Date.UTC(2020, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},10,11,9,${10 + (d % 7) / 10},${1000 + d}`);
  }
  fs.writeFileSync(path.join(dir, `${ticker}.csv`), `${lines.join('\n')}\n`);
}

const tickers = (n: number) => Array.from({ length: n }, (_, i) => `S${String(i).padStart(3, '0')}`);

function runsOf(file: string): { status: string; summary: string | null }[] {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return sqlite.prepare('select status, summary from ingest_runs order by id').all() as {
      status: string;
      summary: string | null;
    }[];
  } finally {
    sqlite.close();
  }
}

/** Whether every process of the list has ended within 5 s. */
async function gone(pids: readonly number[]): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (!pids.some((pid) => alive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  const tasks = fs.readdirSync(`/proc/${pid}/task`);
  return tasks.flatMap((task) =>
    fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

describe('stopping a load', () => {
  it('SIGTERM to scripts/ingest.mjs stops the loader after the company being written, marked interrupted', async () => {
    const { dir, remove } = tempDir('ll-ingest-stop-');
    let wrapper: ChildProcess | undefined;
    try {
      const prices = path.join(dir, 'prices');
      for (const ticker of tickers(200)) priceFile(prices, ticker);
      const file = path.join(dir, 'ledgerlight.db');
      wrapper = spawn(process.execPath, ['scripts/ingest.mjs', 'csv', '--dir', prices, '--all'], {
        cwd: repoRoot,
        env: baseEnv({ DATA_DIR: dir }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const add = (chunk: Buffer) => {
        output += chunk.toString();
      };
      wrapper.stdout?.on('data', add);
      wrapper.stderr?.on('data', add);
      // The wrapper builds the server bundle first when it is out of date.
      await waitForCount(() => countRows(file, 'ingest_run_items'), 3, 120_000);
      // Besides the loader, the wrapper may have esbuild's service running (when it had to build).
      const children = childrenOf(wrapper.pid as number);
      const loaders = children.filter((pid) =>
        fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/ingest.js'),
      );
      expect(loaders).toHaveLength(1);
      const signalled = Date.now();
      const code = await stopProcess(wrapper, 'SIGTERM', 30_000);
      expect(code, output).toBe(143);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      // The loader has ended with the wrapper; esbuild's service (when the wrapper had to build) ends on its
      // own once its parent's pipe closes: nothing may be left a few seconds on.
      expect(alive(loaders[0] as number)).toBe(false);
      expect(await gone(children)).toBe(true);
      expect(output).toContain('stopping after the current security (SIGTERM');
      const written = countRows(file, 'ingest_run_items');
      expect(written).toBeLessThan(200);
      expect(runsOf(file)).toEqual([{ status: 'failed', summary: JSON.stringify({ interrupted: true, written }) }]);
    } finally {
      if (wrapper) await stopProcess(wrapper, 'SIGKILL', 1000);
      remove();
    }
  }, 180_000);

  it('resumes a run killed after companies failed: tries them again and counts what still fails', async () => {
    const { dir, remove } = tempDir('ll-ingest-resume-');
    try {
      const prices = path.join(dir, 'prices');
      const good = tickers(40);
      for (const ticker of good) priceFile(prices, ticker);
      // Three companies whose files are missing: they fail first, then the run is killed.
      const args = ['csv', '--dir', prices, 'BAD1', 'BAD2', 'BAD3', ...good];
      const file = path.join(dir, 'ledgerlight.db');
      const killed = startIngest(args, { DATA_DIR: dir });
      await waitForCount(() => countRows(file, 'ingest_run_items'), 5, 60_000);
      await stopProcess(killed.child, 'SIGKILL');
      expect(countRows(file, 'ingest_run_items')).toBeLessThan(43);

      // Two of them can be read now; one still cannot.
      priceFile(prices, 'BAD1');
      priceFile(prices, 'BAD2');
      const again = await runIngestCli(args, { DATA_DIR: dir });
      expect(again.output).toMatch(/resumed run \d+/);
      expect(again.output).toContain('3 tried again after failing before');
      expect(again.output).toMatch(/ 1 failed, /);
      expect(again.output).toContain('  failed BAD3: ');
      expect(again.code).toBe(1);
      const sqlite = new SQLite(file, { readonly: true });
      try {
        const withPrices = sqlite.prepare('select count(distinct security_id) as n from daily_prices').get() as {
          n: number;
        };
        expect(withPrices.n).toBe(42);
      } finally {
        sqlite.close();
      }
      expect(runsOf(file).map((r) => r.status)).toEqual(['done']);
    } finally {
      remove();
    }
  }, 180_000);
});
