/*
 * How long a table takes to draw once its data is there (issue 33: "any table draws within 300 ms of its
 * data"), on the phone profile with its CPU throttle (bench/web.ts). The data's arrival is the end of its
 * response (the resource timing entry's responseEnd, the body received); "drawn" is the frame after the
 * table's rows were added: a requestAnimationFrame callback then a message posted from it, which runs
 * once that frame has been painted. The financials' quarterly table with "show all" has its data already:
 * there it is from the click to the frame with the table of every quarter (its header changed: more
 * header cells, or, drawn as a window of the quarters in view, its aria-colcount).
 */
import type { Browser } from 'playwright';
import { networkQuiet, openPage, type Profile } from './page-load.ts';

export interface TableCase {
  name: string;
  /** The page's path. */
  path: string;
  /** The data call's path; the last response of it before the rows appeared counts. */
  api: string;
  /** The table's body rows. */
  rows: string;
  /**
   * Clicked once the page is loaded; then the time runs from the click to a table whose header changed:
   * another number of header cells or another aria-colcount (a table drawing only the columns in view).
   */
  click?: { button: string; headers: string };
}

export const TABLE_CASES = (ticker: string): TableCase[] => [
  {
    name: 'financials quarterly',
    path: `/stocks/${ticker}/financials?period=quarterly`,
    api: '/api/data/financials/',
    rows: '.financials__table tbody tr',
  },
  {
    name: 'financials quarterly, show all',
    path: `/stocks/${ticker}/financials?period=quarterly`,
    api: '/api/data/financials/',
    rows: '.financials__table tbody tr',
    click: { button: '.financials__more', headers: '.financials__table thead th' },
  },
  {
    name: 'screener results',
    path: '/green-stocks',
    api: '/api/data/indicator/odatav2',
    rows: '.screener-results tbody tr',
  },
  {
    name: 'dividend history',
    path: `/stocks/${ticker}/dividends`,
    api: '/api/data/dividends/history',
    rows: '.dividend-history tbody tr',
  },
  { name: 'peers', path: `/stocks/${ticker}`, api: '/api/data/company/peers', rows: '.peers tbody tr' },
];

/*
 * Before any of the page's scripts: the first time the rows are there, then the frame after it, and the
 * end of each response of the data call up to then.
 */
const observe = (api: string, rows: string) => `(() => {
  const state = { rowsAt: NaN, paintedAt: NaN, dataAt: [] };
  window.__benchTable = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (new URL(e.name).pathname.startsWith(${JSON.stringify(api)})) state.dataAt.push(e.responseEnd);
  }).observe({ type: 'resource', buffered: true });
  new MutationObserver((_, observer) => {
    if (!document.querySelector(${JSON.stringify(rows)})) return;
    observer.disconnect();
    state.rowsAt = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { state.paintedAt = performance.now(); };
      channel.port2.postMessage(0);
    });
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Observed {
  rowsAt: number;
  paintedAt: number;
  dataAt: number[];
}

/** Milliseconds from the data (or the click) to the painted table; NaN when the table never came. */
export async function measureTableDraw(browser: Browser, base: string, table: TableCase, profile: Profile) {
  const { context, page } = await openPage(browser, profile);
  try {
    await page.addInitScript(observe(table.api, table.rows));
    await page.goto(`${base}${table.path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.locator(table.rows).first().waitFor({ timeout: 60_000 });
    await page.waitForFunction('Number.isFinite(window.__benchTable.paintedAt)', null, { timeout: 30_000 });
    if (table.click) {
      // The page settled first (no request for a while): the click's own work, not the load's, is timed.
      let inFlight = 0;
      page.on('request', () => inFlight++);
      page.on('requestfinished', () => inFlight--);
      page.on('requestfailed', () => inFlight--);
      await networkQuiet(() => inFlight, 2000, 30_000);
      await page.locator(table.click.button).scrollIntoViewIfNeeded();
      // A string, not a function: tsx's helpers (__name) do not exist in the page.
      return (await page.evaluate(`new Promise((resolve) => {
        const headers = ${JSON.stringify(table.click.headers)};
        const shape = () => {
          const cells = document.querySelectorAll(headers);
          return cells.length + '/' + (cells[0]?.closest('table')?.getAttribute('aria-colcount') ?? '');
        };
        const before = shape();
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (shape() === before) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(0);
          });
        });
        // A windowed table keeps its cells for the quarters in view: only its aria-colcount changes.
        observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-colcount'] });
        document.querySelector(${JSON.stringify(table.click.button)}).click();
      })`)) as number;
    }
    const seen = (await page.evaluate('window.__benchTable')) as Observed;
    const data = seen.dataAt.filter((t) => t <= seen.rowsAt);
    const dataAt = data.length ? Math.max(...data) : Number.NaN;
    return seen.paintedAt - dataAt;
  } finally {
    await context.close();
  }
}
