/*
 * Where a page's main-thread time goes on the phone profile (bench:web's, CPU 4x slower): a Chromium trace
 * (devtools.timeline) of one cold load, optionally a click after it, summed by kind of work (script,
 * style, layout, paint, parse, GC), the long tasks (over 50 ms) with what they did, and the functions with
 * the most self time from a V8 sample profile. For finding causes, not for figures: bench/web.ts measures.
 * Build the web unminified (`npx vite build --minify false` in web/) to read the functions' names.
 *
 *   npx tsx bench/web-profile.ts <url> [--click <selector>] [--wait <selector>] [--desktop]
 */
import { chromium } from 'playwright';
import { DESKTOP, networkQuiet, openPage, PHONE } from './page-load.ts';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const url = argv[0];
if (!url) throw new Error('usage: web-profile.ts <url> [--click <selector>] [--wait <selector>] [--desktop]');
const profile = argv.includes('--desktop') ? DESKTOP : PHONE;
const out = (line: string) => process.stdout.write(`${line}\n`);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const { page, cdp } = await openPage(browser, profile);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const finished = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const wait = option('wait');
  if (wait) await page.locator(wait).first().waitFor({ timeout: 60_000 });
  await networkQuiet(() => inFlight, 3000, 60_000);
  const click = option('click');
  if (click) {
    await page.locator(click).scrollIntoViewIfNeeded();
    await page.locator(click).click();
    await networkQuiet(() => inFlight, 3000, 60_000);
  }
  const { profile: cpu } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
  await cdp.send('Tracing.end');
  await finished;

  // The renderer's main thread: the thread of the most RunTask time.
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur);
  const byThread = new Map<string, number>();
  for (const t of tasks) byThread.set(`${t.pid}:${t.tid}`, (byThread.get(`${t.pid}:${t.tid}`) ?? 0) + (t.dur ?? 0));
  const main = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur);
  const KINDS: Record<string, string> = {
    FunctionCall: 'script',
    EvaluateScript: 'script (evaluate)',
    'v8.compile': 'compile',
    'v8.compileModule': 'compile',
    'v8.evaluateModule': 'script (module)',
    TimerFire: 'script (timer)',
    EventDispatch: 'script (event)',
    FireAnimationFrame: 'script (frame)',
    RunMicrotasks: 'microtasks',
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    Paint: 'paint',
    PrePaint: 'paint',
    Layerize: 'paint',
    ParseHTML: 'parse HTML',
    ParseAuthorStyleSheet: 'parse CSS',
    MinorGC: 'GC',
    MajorGC: 'GC',
  };
  const total = new Map<string, number>();
  for (const e of onMain) {
    const kind = KINDS[e.name];
    if (kind) total.set(kind, (total.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
  }
  out(`${url} on ${profile.name}${click ? `, then a click on ${click}` : ''}`);
  out(
    `main thread (inclusive, nested kinds overlap): ${[...total]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
      .join(', ')}`,
  );
  const start = Math.min(...onMain.map((e) => e.ts));
  out('long tasks (over 50 ms): start ms, duration ms, their largest parts');
  for (const t of tasks.filter((e) => `${e.pid}:${e.tid}` === main && (e.dur ?? 0) > 50_000)) {
    const end = t.ts + (t.dur ?? 0);
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && KINDS[e.name]);
    const parts = new Map<string, number>();
    for (const e of inside) {
      const what = `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`;
      parts.set(what, (parts.get(what) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5);
    out(
      `  ${((t.ts - start) / 1000).toFixed(0).padStart(6)} ${((t.dur ?? 0) / 1000).toFixed(0).padStart(5)}  ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`,
    );
  }
  // Self time per function from the samples (one sample every 200 µs of this CPU, before the slowdown).
  const hits = new Map<string, number>();
  const all = cpu.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  for (const n of cpu.nodes) {
    const f = n.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    hits.set(name, (hits.get(name) ?? 0) + (n.hitCount ?? 0));
  }
  out(`functions by self time (share of ${all} samples):`);
  for (const [name, count] of [...hits].sort((a, b) => b[1] - a[1]).slice(0, 40))
    out(`  ${((100 * count) / all).toFixed(1).padStart(5)} %  ${name}`);
} finally {
  await browser.close();
}
