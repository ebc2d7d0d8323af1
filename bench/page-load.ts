/*
 * One cold page load in Chromium, measured through the DevTools protocol (bench/web.ts): bytes on the
 * wire per kind of request (Network.loadingFinished's encodedDataLength: headers and the body as sent,
 * compressed when it was), request counts, and the page's own paint timings (FCP, LCP), its long tasks
 * (total blocking time), its layout shift (CLS, with the elements that moved most) and when a chart's
 * canvas first appeared.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright';

export type Kind = 'html' | 'js' | 'css' | 'api' | 'locales' | 'other';
export const KINDS: readonly Kind[] = ['html', 'js', 'css', 'api', 'locales', 'other'];

export interface Profile {
  name: string;
  context: BrowserContextOptions;
  /** Network.emulateNetworkConditions: latency in ms, throughput in bytes/s. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  /** Emulation.setCPUThrottlingRate: 4 is four times slower than this machine. */
  cpuSlowdown?: number;
}

export const DESKTOP: Profile = {
  name: 'desktop',
  context: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
};

/** Lighthouse's mobile settings ("Slow 4G": 150 ms, 1.6 Mbit/s down, 750 kbit/s up; CPU 4x slower). */
export const PHONE: Profile = {
  name: 'phone (slow 4G, 4x CPU)',
  context: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  },
  network: { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuSlowdown: 4,
};

export interface PageLoad {
  bytes: Record<Kind, number>;
  requests: Record<Kind, number>;
  fcp: number;
  lcp: number;
  /** Sum over long tasks after the first contentful paint of their time past 50 ms (Lighthouse's TBT, to the end of the load). */
  tbt: number;
  /** When the first <canvas> (a chart) was added to the page; NaN when none was. */
  chart: number;
  /** Cumulative layout shift as Chromium and Lighthouse count it: the largest session window of shifts. */
  cls: number;
  /** The elements that moved, each with the sum of the shifts it took part in, largest first. */
  shifted: { element: string; value: number }[];
  /** Console errors and warnings the page logged. */
  console: string[];
}

/*
 * Runs in the page before any of its scripts (Page.addScriptToEvaluateOnNewDocument, so the page's CSP
 * does not apply): collects paint entries, long tasks and the first canvas as they happen.
 */
const OBSERVE = `(() => {
  const perf = { fcp: NaN, lcp: NaN, longTasks: [], chart: NaN, shifts: [] };
  window.__benchPerf = perf;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') perf.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // An element named by its tag, id and first two classes: enough to find it in the page's code.
  const nameOf = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : '(removed)';
    const classes = [...node.classList].slice(0, 2).map((c) => '.' + c).join('');
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + classes;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      perf.shifts.push([e.startTime, e.value, (e.sources || []).map((s) => nameOf(s.node))]);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('canvas')) {
      perf.chart = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Perf {
  fcp: number;
  lcp: number;
  longTasks: [number, number][];
  chart: number;
  /** Each layout shift: its time, its score and the elements that moved. */
  shifts: [number, number, string[]][];
}

/** The largest session window (shifts less than 1 s apart, at most 5 s long), as CLS is defined. */
export function layoutShift(shifts: readonly [number, number, string[]][]): number {
  let largest = 0;
  let current = 0;
  let first = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const [time, value] of shifts) {
    if (time - previous >= 1000 || time - first >= 5000) {
      current = 0;
      first = time;
    }
    current += value;
    previous = time;
    largest = Math.max(largest, current);
  }
  return largest;
}

function shiftedElements(shifts: readonly [number, number, string[]][]): { element: string; value: number }[] {
  const sums = new Map<string, number>();
  for (const [, value, elements] of shifts)
    for (const element of new Set(elements)) sums.set(element, (sums.get(element) ?? 0) + value);
  return [...sums].map(([element, value]) => ({ element, value })).sort((a, b) => b.value - a.value);
}

function kindOf(url: string, type: string | undefined): Kind {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/api/')) return 'api';
  if (pathname.startsWith('/locales/')) return 'locales';
  if (type === 'Document') return 'html';
  if (type === 'Script') return 'js';
  if (type === 'Stylesheet') return 'css';
  return 'other';
}

const zero = (): Record<Kind, number> => ({ html: 0, js: 0, css: 0, api: 0, locales: 0, other: 0 });

/** Waits until no request has been in flight for `quietMs`, or `maxMs` have passed. */
export async function networkQuiet(inFlight: () => number, quietMs: number, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A page in a fresh context (nothing cached) with the profile's viewport, network and CPU throttle. */
export async function openPage(
  browser: Browser,
  profile: Profile,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext(profile.context);
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return { context, page, cdp };
}

/** Loads `url` in a fresh context (nothing cached) with the profile and measures it. */
export async function measurePageLoad(browser: Browser, url: string, profile: Profile): Promise<PageLoad> {
  const { context, page, cdp } = await openPage(browser, profile);
  try {
    await page.addInitScript(OBSERVE);

    const bytes = zero();
    const requests = zero();
    const pending = new Map<string, Kind>();
    const types = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.startsWith('http')) return;
      pending.set(e.requestId, kindOf(e.request.url, e.type));
      if (e.type) types.set(e.requestId, e.type);
    });
    cdp.on('Network.responseReceived', (e) => {
      const kind = kindOf(e.response.url, e.type ?? types.get(e.requestId));
      if (pending.has(e.requestId)) pending.set(e.requestId, kind);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const kind = pending.get(e.requestId);
      if (!kind) return;
      pending.delete(e.requestId);
      bytes[kind] += e.encodedDataLength;
      requests[kind] += 1;
    });
    cdp.on('Network.loadingFailed', (e) => {
      pending.delete(e.requestId);
    });
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        logged.push(`${message.type()}: ${message.text()}`);
    });

    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Quiet long enough that a throttled CPU still parsing a script is not taken for the end of the load.
    await networkQuiet(() => pending.size, profile.cpuSlowdown ? 3000 : 1000, 60_000);
    const perf = (await page.evaluate('window.__benchPerf')) as Perf;
    const tbt = perf.longTasks
      .filter(([start]) => start >= perf.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      bytes,
      requests,
      fcp: perf.fcp,
      lcp: perf.lcp,
      tbt,
      chart: perf.chart,
      cls: layoutShift(perf.shifts),
      shifted: shiftedElements(perf.shifts),
      console: logged,
    };
  } finally {
    await context.close();
  }
}

/** The median of each figure over several loads (bytes and counts too: they vary with timing). */
export function medianLoad(loads: readonly PageLoad[]): PageLoad {
  const mid = (values: number[]) => {
    const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
    return finite.length ? (finite[Math.floor((finite.length - 1) / 2)] as number) : Number.NaN;
  };
  const per = (pick: (l: PageLoad) => Record<Kind, number>) =>
    Object.fromEntries(KINDS.map((k) => [k, mid(loads.map((l) => pick(l)[k]))])) as Record<Kind, number>;
  return {
    bytes: per((l) => l.bytes),
    requests: per((l) => l.requests),
    fcp: mid(loads.map((l) => l.fcp)),
    lcp: mid(loads.map((l) => l.lcp)),
    tbt: mid(loads.map((l) => l.tbt)),
    chart: mid(loads.map((l) => l.chart)),
    cls: mid(loads.map((l) => l.cls)),
    // The elements that moved in the load whose shift was the median one.
    shifted: [...loads].sort((a, b) => a.cls - b.cls)[Math.floor((loads.length - 1) / 2)]?.shifted ?? [],
    console: [...new Set(loads.flatMap((l) => l.console))],
  };
}
