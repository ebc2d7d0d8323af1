import { chromium } from 'playwright';
import { openPage, PHONE } from './page-load.ts';
const [url, api, rows] = process.argv.slice(2) as [string, string, string];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (let run = 0; run < 2; run++) {
  const { context, page } = await openPage(browser, PHONE);
  await page.addInitScript(`(() => {
    const s = { rowsAt: NaN, paintedAt: NaN, long: [] };
    window.__probe = s;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) s.long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, o) => {
      if (!document.querySelector(${JSON.stringify(rows)})) return;
      o.disconnect(); s.rowsAt = performance.now();
      requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => { s.paintedAt = performance.now(); }; c.port2.postMessage(0); });
    }).observe(document, { childList: true, subtree: true });
  })();`);
  await page.goto(url, { waitUntil: 'load', timeout: 120000 });
  await page.locator(rows).first().waitFor({ timeout: 60000 });
  await page.waitForTimeout(3000);
  const s = (await page.evaluate(`({ probe: window.__probe, res: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.slice(0, 60), Math.round(e.startTime), Math.round(e.responseEnd)]) })`)) as { probe: { rowsAt: number; paintedAt: number; long: number[][] }; res: [string, number, number][] };
  console.log(`run ${run}: rows ${Math.round(s.probe.rowsAt)} painted ${Math.round(s.probe.paintedAt)}`);
  for (const r of s.res.sort((a, b) => a[2] - b[2])) if (!r[0].startsWith('/locales')) console.log(`  ${String(r[1]).padStart(6)} ${String(r[2]).padStart(6)} ${r[0]}${r[0].startsWith(api) ? '   <== data' : ''}`);
  console.log('  long tasks', JSON.stringify(s.probe.long));
  await context.close();
  }
} finally { await browser.close(); }
