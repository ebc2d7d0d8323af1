import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The ingest CLI as an operator runs it, for tests: the bundle built from cli.ts the way
 * scripts/build.mjs builds server/dist/ingest.js, run as a child process with a minimal environment
 * (no DATABASE_URL or other settings leak from the test's), its output on pipes (not a terminal). The
 * bundle goes to a private folder under node_modules/.cache (where its external packages still
 * resolve) so a test never races a build of server/dist.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const repositoryRoot = path.resolve(here, '../../../..');

export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface IngestCli {
  /** Runs `ingest <args>` with HOME and DATA_DIR set to `dataDir` and the given environment on top. */
  run(args: string[], env?: Record<string, string>): Promise<Outcome>;
  /** Stops what is still running (a test that failed half-way), by pid. */
  stopAll(): void;
  /** Stops what runs and deletes the bundle. */
  dispose(): void;
}

export async function buildIngestCli(dataDir: string): Promise<IngestCli> {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(repositoryRoot, 'server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@app/'));
  mkdirSync(path.join(repositoryRoot, 'node_modules/.cache'), { recursive: true });
  const bundleDir = mkdtempSync(path.join(repositoryRoot, 'node_modules/.cache/ingest-cli-test-'));
  await build({
    entryPoints: { ingest: path.join(here, '../cli.ts') },
    outdir: bundleDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  const cli = path.join(bundleDir, 'ingest.js');
  const running = new Set<ChildProcess>();
  const stopAll = () => {
    for (const child of running) if (child.pid) process.kill(child.pid, 'SIGKILL');
    running.clear();
  };
  return {
    run(args, env = {}) {
      const child = spawn(process.execPath, [cli, ...args], {
        cwd: repositoryRoot,
        env: { PATH: process.env.PATH ?? '', HOME: dataDir, NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.add(child);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      return new Promise((resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code) => {
          running.delete(child);
          resolve({ code, stdout, stderr });
        });
      });
    },
    stopAll,
    dispose() {
      stopAll();
      rmSync(bundleDir, { recursive: true, force: true });
    },
  };
}
