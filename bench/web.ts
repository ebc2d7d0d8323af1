/*
 * Page benchmark (issues 20 and 33). Builds and starts the app as `npm start` does (demo data, in a data
 * folder of its own under the system's temp folder), then loads the home page and a stock page cold (a
 * fresh browser context each time: nothing cached) in Debian's Chromium, on a desktop and on a phone
 * profile with the network and CPU throttled through the DevTools protocol (bench/page-load.ts). Prints the
 * bytes on the wire per kind (HTML, JS, CSS, API, locale texts, other), request counts, FCP, LCP, total
 * blocking time, layout shift (CLS and the elements that moved) and when the first chart appeared, the
 * median of --runs loads; how long four tables take to draw once their data is there, on the phone
 * (bench/table-draw.ts); then Lighthouse's performance score of each page (desktop preset and its default
 * mobile settings), the median of --lighthouse-runs, beside the goals.
 * Not part of `npm test`: timings belong here, not in tests.
 *
 *   npm run bench:web -- [--runs 3] [--lighthouse-runs 1] [--port 3927] [--ticker ZFAB] [--before <git ref>]
 *                        [--no-loads] [--no-tables] [--no-lighthouse] [--root <checkout>]
 *
 * --before measures that ref's build too, in the same run: exported once into the temp folder with this
 * checkout's node_modules (bench/api-builds.ts, as bench:api does), served on --port + 1; every
 * measurement is taken on both builds in turn. --root measures another checkout instead of this one; it
 * must have its node_modules.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { type Build, checkoutCommit, exportRef, startFlags, stopServer } from './api-builds.ts';
import { DESKTOP, KINDS, measurePageLoad, medianLoad, type PageLoad, PHONE } from './page-load.ts';
import { measureTableDraw, TABLE_CASES } from './table-draw.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
};
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(option('root', here));
const port = Number(option('port', '3927'));
const runs = Math.max(1, Number(option('runs', '3')));
const lighthouseRuns = Math.max(1, Number(option('lighthouse-runs', '1')));
const ticker = option('ticker', 'ZFAB');
const beforeRef = option('before', '');
const lighthouseCli = path.join(here, 'node_modules', 'lighthouse', 'cli', 'index.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = (line: string) => process.stdout.write(`${line}\n`);
/** Issue 33's goals for Lighthouse's performance score and a table's drawing. */
const GOAL = { mobile: 90, desktop: 98, tableMs: 300 };

async function waitForData(build: Build): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    if (build.server?.exitCode != null) throw new Error(`${build.label}: the server exited (${build.server.exitCode})`);
    try {
      const status = (await (await fetch(`${build.base}/api/data/status`)).json()) as {
        securities?: { stocks?: number };
        seeding?: unknown;
      };
      // The demo universe loaded whole: while a first start loads it, every answer is slow. (Builds from
      // before the seeding field have none.)
      if ((status.securities?.stocks ?? 0) > 0 && status.seeding == null) return;
    } catch {
      // Not listening yet (building, migrating).
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${build.base} did not come up with data`);
}

/** A build served as `npm start` serves it (it builds what is out of date first), demo data in its own folder. */
function webBuild(label: string, checkout: string, commit: string, buildPort: number): Build {
  return {
    label,
    root: checkout,
    commit,
    dataDir: path.join(os.tmpdir(), `ledgerlight-bench-web-${Buffer.from(checkout).toString('base64url').slice(-16)}`),
    port: buildPort,
    base: `http://127.0.0.1:${buildPort}`,
  };
}

function startServer(build: Build): void {
  mkdirSync(build.dataDir, { recursive: true });
  build.server = spawn(process.execPath, [...startFlags(build.root), 'scripts/start.mjs'], {
    cwd: build.root,
    env: { ...process.env, PORT: String(build.port), HOST: '127.0.0.1', DATA_DIR: build.dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
const median = (values: readonly number[]) => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? (finite[Math.floor((finite.length - 1) / 2)] as number) : Number.NaN;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

interface Row {
  build: string;
  page: string;
  profile: string;
  load: PageLoad;
}

function printLoads(rows: Row[]): void {
  out(
    `${'build'.padEnd(7)} ${'page'.padEnd(12)} ${'profile'.padEnd(26)} ${KINDS.map((k) => k.padStart(8)).join(' ')} ${'total kB'.padStart(9)} ${'requests'.padStart(9)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(5)} ${'chart ms'.padStart(9)}`,
  );
  for (const { build, page, profile, load } of rows) {
    const total = KINDS.reduce((sum, k) => sum + load.bytes[k], 0);
    const count = KINDS.reduce((sum, k) => sum + load.requests[k], 0);
    const perKind = KINDS.map((k) => `${kB(load.bytes[k])}/${load.requests[k]}`.padStart(8)).join(' ');
    out(
      `${build.padEnd(7)} ${page.padEnd(12)} ${profile.padEnd(26)} ${perKind} ${kB(total).padStart(9)} ${String(count).padStart(9)} ${ms(load.fcp).padStart(7)} ${ms(load.lcp).padStart(7)} ${ms(load.tbt).padStart(7)} ${load.cls.toFixed(2).padStart(5)} ${ms(load.chart).padStart(9)}`,
    );
  }
  out('layout shift by element (the sum of the shifts each took part in, largest first):');
  for (const { build, page, profile, load } of rows) {
    const moved = load.shifted.slice(0, 5).map((s) => `${s.element} ${s.value.toFixed(3)}`);
    out(`  ${build} ${page} ${profile}: ${moved.join(', ') || 'none'}`);
  }
  out('(per kind: kB on the wire / requests; the median of each figure over the runs)');
  const logged = [...new Set(rows.flatMap((r) => r.load.console.map((line) => `${r.build} ${r.page}: ${line}`)))];
  if (logged.length) out(`console errors and warnings:\n  ${logged.join('\n  ')}`);
}

interface LighthouseResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's largest layout shifts: the element that moved most in each, and the shift's score. */
  shifts: string[];
}

/**
 * Lighthouse's CLI against a running build; a sentence when it is not installed or fails here. With
 * BENCH_WEB_KEEP_REPORTS=<folder>, its reports are kept there with their traces (`--save-assets`), named
 * `name`, for Lighthouse's own breakdown (mainthread-work-breakdown, bootup-time, long-tasks...).
 */
function lighthouse(url: string, desktop: boolean, name: string): LighthouseResult | string {
  if (!existsSync(lighthouseCli)) return 'lighthouse is not installed (npm install)';
  const keep = process.env.BENCH_WEB_KEEP_REPORTS;
  if (keep) mkdirSync(keep, { recursive: true });
  const report = keep
    ? path.join(keep, `${name}.json`)
    : path.join(os.tmpdir(), `ledgerlight-bench-web-lh-${process.pid}.json`);
  const result = spawnSync(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      '--only-categories=performance',
      ...(desktop ? ['--preset=desktop'] : []),
      ...(keep ? ['--save-assets'] : []),
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8', timeout: 180_000 },
  );
  if (result.status !== 0 || !existsSync(report)) return `lighthouse failed: ${result.stderr?.slice(-300) ?? ''}`;
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: { performance: { score: number | null } };
    audits: Record<
      string,
      { numericValue?: number; details?: { items?: { score?: number; node?: { selector?: string } }[] } }
    >;
    runtimeError?: { message: string };
  };
  if (!keep) rmSync(report, { force: true });
  if (json.runtimeError) return `lighthouse: ${json.runtimeError.message}`;
  const value = (id: string) => json.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((json.categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    shifts: (json.audits['layout-shifts']?.details?.items ?? [])
      .slice(0, 4)
      .map((item) => `${item.node?.selector ?? '?'} ${(item.score ?? 0).toFixed(3)}`),
  };
}

const builds: Build[] = [webBuild('now', root, checkoutCommit(root), port)];
if (beforeRef) {
  const { tree, commit } = exportRef(here, beforeRef);
  builds.unshift(webBuild('before', tree, commit, port + 1));
}
for (const build of builds) {
  out(
    `${build.label}: starting ${build.root} (${build.commit}) as npm start does on ${build.base} (demo data in ${build.dataDir})`,
  );
  startServer(build);
  // One at a time: two builds of the web at once would double the wait on two cores.
  await waitForData(build);
}
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  // The pages issue 46 names for Lighthouse (home, a stock page, the screener, markets, crypto); the loads
  // section measures the first two (bytes and timings against their budgets).
  const pages = [
    { page: 'home', path: '/' },
    { page: `stock ${ticker}`, path: `/stocks/${ticker}` },
  ];
  const lighthousePages = [
    ...pages,
    { page: 'screener', path: '/green-stocks' },
    { page: 'markets', path: '/markets' },
    { page: 'crypto', path: '/crypto' },
  ];
  out(`builds: ${builds.map((b) => `${b.label} ${b.commit}`).join(', ')}; load average ${loadAverage()}`);
  // One load of each page first, not counted: the server's first requests (its code warming up, the
  // demo data still settling) would otherwise fall on the first measured run.
  for (const build of builds)
    for (const { path: p } of pages) await measurePageLoad(browser, `${build.base}${p}`, DESKTOP);

  if (!argv.includes('--no-loads')) {
    const rows: Row[] = [];
    for (const profile of [DESKTOP, PHONE]) {
      for (const { page, path: p } of pages) {
        const loads = new Map<Build, PageLoad[]>(builds.map((b) => [b, []]));
        // The builds in turn, run by run: a change in the machine's load falls on both.
        for (let run = 0; run < runs; run++)
          for (const build of builds)
            loads.get(build)?.push(await measurePageLoad(browser, `${build.base}${p}`, profile));
        for (const build of builds)
          rows.push({ build: build.label, page, profile: profile.name, load: medianLoad(loads.get(build) ?? []) });
      }
    }
    out(`\n${runs} cold loads of each page per profile and build; load average ${loadAverage()}\n`);
    printLoads(rows);
  }

  if (!argv.includes('--no-tables')) {
    out(`\nTables on the ${PHONE.name}: ms from the data's response to the rows painted (median of ${runs})`);
    for (const table of TABLE_CASES(ticker)) {
      const times = new Map<Build, number[]>(builds.map((b) => [b, []]));
      for (let run = 0; run < runs; run++)
        for (const build of builds) {
          try {
            times.get(build)?.push(await measureTableDraw(browser, build.base, table, PHONE));
          } catch (error) {
            out(`  ${build.label} ${table.name}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
      const cells = builds.map((b) => {
        const all = times.get(b) ?? [];
        const m = median(all);
        return `${b.label} ${ms(m).padStart(5)}${Number.isFinite(m) ? (m <= GOAL.tableMs ? ' kept  ' : ' MISSED') : '       '} (${all.map(ms).join(', ')})`;
      });
      out(`  ${table.name.padEnd(32)} ${cells.join('   ')}   goal <= ${GOAL.tableMs}`);
    }
  }

  if (!argv.includes('--no-lighthouse')) {
    out(`\nLighthouse performance (median of ${lighthouseRuns} runs per page, preset and build, the builds in turn)`);
    for (const { page, path: p } of lighthousePages) {
      for (const desktop of [true, false]) {
        const results = new Map<Build, LighthouseResult[]>(builds.map((b) => [b, []]));
        for (let run = 0; run < lighthouseRuns; run++)
          for (const build of builds) {
            const result = lighthouse(
              `${build.base}${p}`,
              desktop,
              `${build.label}-${page.replace(/\W+/g, '-')}-${desktop ? 'desktop' : 'mobile'}-${run + 1}`,
            );
            if (typeof result === 'string') out(`  ${build.label} ${page}: ${result}`);
            else results.get(build)?.push(result);
          }
        const goal = desktop ? GOAL.desktop : GOAL.mobile;
        for (const build of builds) {
          const all = results.get(build) ?? [];
          const pick = (f: (r: LighthouseResult) => number) => median(all.map(f));
          const score = pick((r) => r.score);
          const label = `${build.label.padEnd(7)} ${page.padEnd(12)} ${(desktop ? 'desktop' : 'mobile').padEnd(8)}`;
          out(
            `${label} score ${ms(score).padStart(3)} (${all.map((r) => r.score).join(', ')})  goal >= ${goal} ${score >= goal ? 'kept' : 'MISSED'}   FCP ${ms(pick((r) => r.fcp))}  LCP ${ms(pick((r) => r.lcp))}  TBT ${ms(pick((r) => r.tbt))}  CLS ${pick((r) => r.cls).toFixed(3)}`,
          );
          const shifts = [...new Set(all.flatMap((r) => r.shifts))].slice(0, 4);
          if (shifts.length) out(`${''.padEnd(29)}shifts: ${shifts.join(', ')}`);
        }
      }
    }
  }
  out(`\nload average at the end ${loadAverage()}`);
  out(
    `Goals: home all bytes <= 250 kB, stock page <= 400 kB, LCP <= 0.8 s desktop; Lighthouse mobile >= ${GOAL.mobile}, desktop >= ${GOAL.desktop} (median of 5); a table drawn <= ${GOAL.tableMs} ms after its data.`,
  );
} finally {
  await browser.close();
  for (const build of builds) await stopServer(build);
}
