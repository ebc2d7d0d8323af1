#!/usr/bin/env node
// Builds what is out of date: the web app (Vite) and the server bundle (esbuild).
// `node scripts/build.mjs --force` rebuilds both. Imported by start.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from './child.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time under the given files and folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return latest;
}

function outdated(output, inputs) {
  if (!fs.existsSync(output)) return true;
  return newest(inputs) > fs.statSync(output).mtimeMs;
}

/** `vite build` of the web app, with any extra arguments (a test builds into a folder of its own). */
export function webBuildArgs(...extra) {
  return [at('node_modules', 'vite', 'bin', 'vite.js'), 'build', ...extra];
}

/**
 * The web build's environment: always a production build. Vite takes NODE_ENV from the environment, and
 * the server's own NODE_ENV (development is its default, and the benches set it) made React's
 * development bundle, 570 kB instead of 350 and several times slower, kept for every later start.
 */
export function webBuildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

const shared = [at('contract', 'src'), at('package-lock.json')];
export const targets = {
  web: {
    output: at('web', 'dist', 'index.html.br'),
    inputs: [
      at('web', 'src'),
      at('web', 'public'),
      at('web', 'index.html'),
      at('web', 'vite.config.ts'),
      // The recipe is an input too: a build made by an older one (a development bundle) is redone.
      at('scripts', 'build.mjs'),
      at('scripts', 'precompress.mjs'),
      ...shared,
    ],
    async build() {
      // Not spawnSync: a stop signal to `npm start` while it builds is passed on to Vite, not left running.
      const status = await runChild(process.execPath, webBuildArgs(), { cwd: at('web'), env: webBuildEnv() });
      if (status !== 0) throw new Error(`web build failed (exit ${status})`);
      await precompress(at('web', 'dist'));
    },
  },
  server: {
    output: at('server', 'dist', 'main.js'),
    inputs: [at('server', 'src'), at('server', 'package.json'), ...shared],
    async build() {
      const { build } = await import('esbuild');
      const pkg = JSON.parse(fs.readFileSync(at('server', 'package.json'), 'utf8'));
      // Dependencies stay in node_modules; only our own workspace code (contract) is bundled in.
      const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@app/'));
      await build({
        // The ingest CLI (npm run ingest) ships beside the server, from the same sources; so does the
        // feed reader thread's entry (server/src/news/feed-reader.ts starts dist/feed-worker.js) and the bulk
        // commands' parsing thread's (dist/bulk-parse-worker.js).
        entryPoints: {
          main: at('server', 'src', 'main.ts'),
          ingest: at('server', 'src', 'ingest', 'cli.ts'),
          // npm run backup / npm run restore (docs/operations.md, "Backups").
          backup: at('server', 'src', 'ops', 'backup-cli.ts'),
          'feed-worker': at('server', 'src', 'news', 'feed-worker.ts'),
          // The bulk commands' parsing thread (server/src/ingest/bulk/parse-pool.ts).
          'bulk-parse-worker': at('server', 'src', 'ingest', 'bulk', 'parse-worker.ts'),
        },
        outdir: at('server', 'dist'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        external: [...external, ...external.map((name) => `${name}/*`)],
        logLevel: 'warning',
      });
    },
  },
};

const lockDir = at('.build.lock');

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two `npm start`s (or test runs) at once must not write the same dist folders together. The lock is
 * a folder holding its owner's pid, made whole aside and renamed into place, so nobody ever sees it
 * without its pid; waiters only read it (a waiter that wrote into it could make the owner's removal
 * fail, leaving a lock nobody owns).
 */
async function withBuildLock(work) {
  for (;;) {
    const staged = `${lockDir}.${process.pid}`;
    fs.rmSync(staged, { recursive: true, force: true });
    fs.mkdirSync(staged);
    fs.writeFileSync(path.join(staged, 'pid'), String(process.pid));
    try {
      fs.renameSync(staged, lockDir);
      break;
    } catch (error) {
      fs.rmSync(staged, { recursive: true, force: true });
      if (error.code !== 'EEXIST' && error.code !== 'ENOTEMPTY') throw error;
      const owner = lockOwner();
      if (owner === null) continue; // released between our try and this read: try again at once
      if (!alive(owner)) fs.rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** The pid in the lock: null when the lock has just gone, 0 (nobody) when its pid file is empty. */
function lockOwner() {
  try {
    return Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8')) || 0;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/** Builds what is out of date; `only` names the targets needed (the ingest and backup CLIs: the server). */
export async function buildOutdated({ force = false, log = console.error, only = Object.keys(targets) } = {}) {
  await withBuildLock(async () => {
    for (const [name, target] of Object.entries(targets)) {
      if (!only.includes(name)) continue;
      if (!force && !outdated(target.output, target.inputs)) continue;
      log(`building ${name}…`);
      await target.build();
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildOutdated({ force: process.argv.includes('--force') });
}
