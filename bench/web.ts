/*
 * Page benchmark (issue 20). Builds and starts the app as `npm start` does (demo data, in a data folder of
 * its own under the system's temp folder), then loads the home page and a stock page cold (a fresh browser
 * context each time: nothing cached) in Debian's Chromium, on a desktop and on a phone profile with the
 * network and CPU throttled through the DevTools protocol (bench/page-load.ts). Prints the bytes on the
 * wire per kind (HTML, JS, CSS, API, locale texts, other), request counts, FCP, LCP, total blocking time,
 * layout shift (CLS and the elements that moved) and when the first chart appeared, the median of --runs
 * loads; then Lighthouse's performance score of each page (desktop preset and its default mobile
 * settings, with its CLS and the shifts it blames) when the lighthouse package is installed.
 * Not part of `npm test`: timings belong here, not in tests.
 *
 *   npm run bench:web -- [--runs 3] [--port 3927] [--ticker ZFAB] [--no-lighthouse] [--root <checkout>]
 *
 * --root measures another checkout (another build of the app, e.g. a commit before a change) with this
 * script; it must have its node_modules.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { DESKTOP, KINDS, measurePageLoad, medianLoad, type PageLoad, PHONE } from './page-load.ts';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
};
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(option('root', here));
const port = Number(option('port', '3927'));
const runs = Math.max(1, Number(option('runs', '3')));
const ticker = option('ticker', 'ZFAB');
const lighthouseCli = path.join(here, 'node_modules', 'lighthouse', 'cli', 'index.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${port}`;
const out = (line: string) => process.stdout.write(`${line}\n`);

async function waitForData(): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    try {
      const status = (await (await fetch(`${base}/api/data/status`)).json()) as {
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
  throw new Error(`${base} did not come up with data`);
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

function printLoads(rows: { page: string; profile: string; load: PageLoad }[]): void {
  out(
    `${'page'.padEnd(16)} ${'profile'.padEnd(26)} ${KINDS.map((k) => k.padStart(8)).join(' ')} ${'total kB'.padStart(9)} ${'requests'.padStart(9)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(5)} ${'chart ms'.padStart(9)}`,
  );
  for (const { page, profile, load } of rows) {
    const total = KINDS.reduce((sum, k) => sum + load.bytes[k], 0);
    const count = KINDS.reduce((sum, k) => sum + load.requests[k], 0);
    const perKind = KINDS.map((k) => `${kB(load.bytes[k])}/${load.requests[k]}`.padStart(8)).join(' ');
    out(
      `${page.padEnd(16)} ${profile.padEnd(26)} ${perKind} ${kB(total).padStart(9)} ${String(count).padStart(9)} ${ms(load.fcp).padStart(7)} ${ms(load.lcp).padStart(7)} ${ms(load.tbt).padStart(7)} ${load.cls.toFixed(2).padStart(5)} ${ms(load.chart).padStart(9)}`,
    );
  }
  out('layout shift by element (the sum of the shifts each took part in, largest first):');
  for (const { page, profile, load } of rows) {
    const moved = load.shifted.slice(0, 5).map((s) => `${s.element} ${s.value.toFixed(3)}`);
    out(`  ${page} ${profile}: ${moved.join(', ') || 'none'}`);
  }
  out('(per kind: kB on the wire / requests; the median of each figure over the runs)');
  const logged = [...new Set(rows.flatMap((r) => r.load.console.map((line) => `${r.page}: ${line}`)))];
  if (logged.length) out(`console errors and warnings:\n  ${logged.join('\n  ')}`);
}

interface LighthouseResult {
  score: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  /** Lighthouse's largest layout shifts: the element that moved most in each, and the shift's score. */
  shifts: string[];
}

/** Lighthouse's CLI against the running app; null when it is not installed or fails here. */
function lighthouse(url: string, desktop: boolean): LighthouseResult | string {
  if (!existsSync(lighthouseCli)) return 'lighthouse is not installed (npm install)';
  const report = path.join(os.tmpdir(), `ledgerlight-bench-web-lh-${process.pid}.json`);
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
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8', timeout: 180_000 },
  );
  if (result.status !== 0 || !existsSync(report)) return `lighthouse failed: ${result.stderr?.slice(-300) ?? ''}`;
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: { performance: { score: number | null } };
    audits: Record<
      string,
      { displayValue?: string; details?: { items?: { score?: number; node?: { selector?: string } }[] } }
    >;
    runtimeError?: { message: string };
  };
  rmSync(report, { force: true });
  if (json.runtimeError) return `lighthouse: ${json.runtimeError.message}`;
  const shown = (id: string) => json.audits[id]?.displayValue ?? '-';
  return {
    score: Math.round((json.categories.performance.score ?? 0) * 100),
    fcp: shown('first-contentful-paint'),
    lcp: shown('largest-contentful-paint'),
    tbt: shown('total-blocking-time'),
    cls: shown('cumulative-layout-shift'),
    shifts: (json.audits['layout-shifts']?.details?.items ?? [])
      .slice(0, 4)
      .map((item) => `${item.node?.selector ?? '?'} ${(item.score ?? 0).toFixed(3)}`),
  };
}

const dataDir = path.join(os.tmpdir(), `ledgerlight-bench-web-${Buffer.from(root).toString('base64url').slice(-16)}`);
mkdirSync(dataDir, { recursive: true });
out(`starting ${root} as npm start does (builds what is out of date; demo data in ${dataDir})`);
const server = startServer(dataDir);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  await waitForData();
  const pages = [
    { page: 'home', url: `${base}/` },
    { page: `stock ${ticker}`, url: `${base}/stocks/${ticker}` },
  ];
  // One load of each page first, not counted: the server's first requests (its code warming up, the
  // demo data still settling) would otherwise fall on the first measured run.
  for (const { url } of pages) await measurePageLoad(browser, url, DESKTOP);
  const rows: { page: string; profile: string; load: PageLoad }[] = [];
  for (const profile of [DESKTOP, PHONE]) {
    for (const { page, url } of pages) {
      const loads: PageLoad[] = [];
      for (let run = 0; run < runs; run++) loads.push(await measurePageLoad(browser, url, profile));
      rows.push({ page, profile: profile.name, load: medianLoad(loads) });
    }
  }
  out(
    `\n${runs} cold loads of each page per profile; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}\n`,
  );
  printLoads(rows);
  if (!argv.includes('--no-lighthouse')) {
    out('\nLighthouse performance (one run each)');
    for (const { page, url } of pages) {
      for (const desktop of [true, false]) {
        const result = lighthouse(url, desktop);
        const label = `${page.padEnd(16)} ${(desktop ? 'desktop' : 'mobile').padEnd(8)}`;
        if (typeof result === 'string') out(`${label} ${result}`);
        else {
          out(
            `${label} score ${result.score}  FCP ${result.fcp}  LCP ${result.lcp}  TBT ${result.tbt}  CLS ${result.cls}`,
          );
          if (result.shifts.length) out(`${''.padEnd(26)}shifts: ${result.shifts.join(', ')}`);
        }
      }
    }
  }
  out('\nGoals: home all bytes <= 250 kB, stock page <= 400 kB, LCP <= 0.8 s desktop, Lighthouse >= 95.');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
