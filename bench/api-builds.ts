/*
 * The builds bench:api measures (bench/api.ts): this checkout, and with `--before <git ref>` the same
 * sections against that ref, exported (`git archive`) into the system's temp folder and run side by side
 * in the same run. Each build has its own dataset made by its own code (bench/api-dataset.ts) and its own
 * server: its server bundle, as `npm start` runs it (buildServer; no web build, which the API does not need).
 *
 * An export has no node_modules: it gets a folder of links to this checkout's packages, but for the
 * workspace packages (@app/*), which link to the export's own. A ref whose dependencies differ from this
 * checkout's runs with this checkout's versions.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../server/src/db/index.ts';
import { bumpDataVersion } from '../server/src/db/meta.ts';

export interface Build {
  /** "now" (this checkout) or "before" (the ref). */
  label: string;
  /** The checkout's root folder. */
  root: string;
  /** Short commit of the ref, or "working tree". */
  commit: string;
  dataDir: string;
  port: number;
  base: string;
  server?: ChildProcess;
}

const out = (line: string) => process.stdout.write(`${line}\n`);

function git(root: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** The checkout's commit as the figures name it: its short HEAD and "+ working tree". */
export function checkoutCommit(root: string): string {
  return `${git(root, ['rev-parse', '--short', 'HEAD'])} + working tree`;
}

/** This checkout's build. */
export function currentBuild(root: string, companies: number, end: string, port: number): Build {
  return {
    label: 'now',
    root,
    commit: checkoutCommit(root),
    dataDir: path.join(os.tmpdir(), `ledgerlight-bench-api-${companies}-${end}`),
    port,
    base: `http://127.0.0.1:${port}`,
  };
}

/**
 * A git ref exported once into the temp folder, with node_modules linked to this checkout's (reused by
 * later runs of the same commit, by bench:api and bench:web alike): its folder and short commit.
 */
export function exportRef(root: string, ref: string): { tree: string; commit: string } {
  const sha = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
  const short = sha.slice(0, 10);
  const tree = path.join(os.tmpdir(), `ledgerlight-bench-before-${short}`);
  if (!existsSync(path.join(tree, 'EXPORTED'))) {
    out(`before: exporting ${ref} (${short}) into ${tree}`);
    // A run stopped during an export leaves it without EXPORTED: start it again from nothing.
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    const archive = spawnSync('sh', ['-c', `git archive ${sha} | tar -x -C '${tree}'`], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (archive.status !== 0) throw new Error(`git archive ${ref} failed`);
    linkPackages(root, tree);
    writeFileSync(path.join(tree, 'EXPORTED'), sha);
  }
  return { tree, commit: short };
}

/** The ref's build: exported once into the temp folder (exportRef). */
export function beforeBuild(root: string, ref: string, companies: number, end: string, port: number): Build {
  const { tree, commit } = exportRef(root, ref);
  return {
    label: 'before',
    root: tree,
    commit,
    dataDir: path.join(os.tmpdir(), `ledgerlight-bench-api-${companies}-${end}-${commit}`),
    port,
    base: `http://127.0.0.1:${port}`,
  };
}

function linkPackages(root: string, tree: string): void {
  const modules = path.join(tree, 'node_modules');
  mkdirSync(path.join(modules, '@app'), { recursive: true });
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    if (name === '@app') continue;
    symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  for (const name of readdirSync(path.join(root, 'node_modules', '@app'))) {
    if (existsSync(path.join(tree, name))) symlinkSync(path.join(tree, name), path.join(modules, '@app', name));
  }
}

/** Makes the build's dataset with its own code, unless a finished one is there. */
export async function ensureDataset(build: Build, companies: number, end: string, benchRoot: string): Promise<void> {
  if (existsSync(path.join(build.dataDir, 'READY'))) {
    out(`${build.label}: reusing the dataset ${build.dataDir}`);
    return;
  }
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(benchRoot, 'bench', 'api-dataset.ts'),
      build.root,
      build.dataDir,
      String(companies),
      end,
    ],
    { cwd: benchRoot, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${build.label}: the dataset failed (exit ${code})`);
}

/**
 * The server bundle of a checkout (server/dist/main.js), made by its own scripts/build.mjs as `npm start`
 * makes it. What is measured is what runs: from the sources through tsx, esbuild keeps function names,
 * a helper call naming every closure each time one is made; a data sheet answered about a fifth fewer
 * requests a second at 8 connections than from the bundle.
 */
export async function buildServer(root: string): Promise<void> {
  const recipe = (await import(pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href)) as {
    targets?: { server?: { build(): Promise<void> } };
  };
  if (!recipe.targets?.server) throw new Error(`${root}: scripts/build.mjs has no server target to build`);
  await recipe.targets.server.build();
}

/**
 * The Node.js flags a checkout's `npm start` gives (package.json "start": `node <flags> scripts/start.mjs`),
 * so that each build's server runs as its own start command runs it.
 */
export function startFlags(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: { start?: string } };
  // `exec`: npm's shell (dash) would otherwise stay between npm and node and not pass a stop signal on.
  const words = (pkg.scripts?.start ?? '')
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs')
    throw new Error(`${root}: package.json "start" is not "node [flags] scripts/start.mjs"`);
  return words.slice(1, -1);
}

/** The build's server bundle (buildServer) on its dataset, rate limits off (one client sends everything). */
export function startServer(build: Build): ChildProcess {
  const child = spawn(process.execPath, [...startFlags(build.root), 'server/dist/main.js'], {
    cwd: build.root,
    env: {
      ...process.env,
      PORT: String(build.port),
      HOST: '127.0.0.1',
      DATA_DIR: build.dataDir,
      WEB_DIST_DIR: '/nonexistent',
      DEMO_DATA: 'off',
      FEEDS_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_ODATA: '0',
      RATE_LIMIT_SEARCH: '0',
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_EVENTS: '0',
      RATE_LIMIT_REF: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  build.server = child;
  return child;
}

export async function waitReady(build: Build): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (build.server?.exitCode != null) throw new Error(`${build.label}: the server exited (${build.server.exitCode})`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(`${build.base}/readyz`, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${build.label}: ${build.base} did not come up`);
}

/** A data change as an ingest ends one: the data version bumped in the build's database. */
export async function bumpVersion(build: Build): Promise<number> {
  const database = openDatabase({ sqliteFile: path.join(build.dataDir, 'ledgerlight.db') });
  try {
    return await bumpDataVersion(database.db);
  } finally {
    await database.close();
  }
}

export async function stopServer(build: Build): Promise<void> {
  const child = build.server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The tables a stock page reads (ADR 0025: the year chunks, the statement matrices, and the small ones
 * beside them), every page of them read once into the OS page cache before the calls are measured, as on
 * a server that has been serving: at 8,000 companies they are 4 GB of a 22 GB database, and the tickers'
 * first calls otherwise measure the disk. The source tables (financial_facts, daily_prices) are not read.
 * Returns the bytes read.
 */
export function warmReadSide(dataDir: string): number {
  const sqlite = new SQLite(path.join(dataDir, 'ledgerlight.db'), { readonly: true });
  let bytes = 0;
  try {
    for (const table of ['securities', 'price_years', 'price_months', 'fact_statements', 'dividends', 'splits']) {
      const rows = sqlite.prepare(`select * from ${table}`).raw(true);
      for (const row of rows.iterate() as Iterable<unknown[]>)
        for (const value of row) bytes += typeof value === 'string' || value instanceof Uint8Array ? value.length : 8;
    }
  } finally {
    sqlite.close();
  }
  return bytes;
}
