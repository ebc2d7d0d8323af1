import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  getJson,
  repoRoot,
  runIngest as runIngestCli,
  startIngest,
  startServer,
  stopAll,
  stopProcess,
  tempDir,
  waitForDemoUniverse,
} from '../multi-instance/harness.ts';
import { countRows, coverageOf, waitForCount, wholeCoverage } from './fault-helpers.ts';

/*
 * Issue 34: a load killed at any point leaves, after the next start, every security with all its derived
 * rows. The demo universe (kept small: DEMO_COMPANIES) is killed with SIGKILL at three points of its load
 * (in the first part, in the second, near its end), each followed by a restart; an `ingest sec` run
 * against a loopback SEC is killed halfway and run again. Before the repair at start, 5 to 40 companies
 * stayed out of the screener for good.
 */

const PORT = 3261;
// 42 hand-made companies + 28 synthetic + 8 coins: a first part of 50, then one load of 28.
const DEMO = { DEMO_COMPANIES: '70' };
const SECURITIES = 78;

afterAll(async () => {
  await stopAll();
});

describe('a demo load killed at any point', () => {
  it('ends, after restarts, with every security on the screener and all its derived rows', async () => {
    const { dir, remove } = tempDir('ll-crash-demo-');
    try {
      const file = path.join(dir, 'ledgerlight.db');
      const env = { DATA_DIR: dir, ...DEMO };
      const securities = () => countRows(file, 'securities');
      let repairs = 0;
      // In the first part (before any screener row of it), in the second, and near the end.
      for (const killAt of [6, 55, 74]) {
        const server = await startServer(PORT, env);
        await waitForCount(securities, killAt);
        await stopProcess(server.child, 'SIGKILL');
        if (server.output.text().includes('repaired what an interrupted load left')) repairs++;
      }
      // Each kill left securities the screener did not have yet.
      expect(countRows(file, 'indicators')).toBeLessThan(securities());

      const last = await startServer(PORT, { ...env, LOG_LEVEL: 'info' });
      await waitForDemoUniverse(last.url, 120_000);
      expect(last.output.text()).toContain('repaired what an interrupted load left');
      // The repair runs behind an open port (the data calls answer 503 meanwhile), not before it opens.
      const log = last.output.text();
      expect(log.indexOf('listening on')).toBeGreaterThanOrEqual(0);
      expect(log.indexOf('listening on')).toBeLessThan(log.indexOf('repaired what an interrupted load left'));
      repairs++;
      const screener = await getJson(`${last.url}/api/data/indicator/odata?$count=true&$top=1`);
      expect(screener.status).toBe(200);
      expect(screener.body['@odata.count']).toBe(SECURITIES);
      expect(await last.stop()).toBe(0);
      expect(repairs).toBeGreaterThanOrEqual(3);
      expect(await coverageOf(file)).toEqual(wholeCoverage(SECURITIES));
    } finally {
      remove();
    }
  }, 240_000);
});

/** A loopback SEC: the sample company's filings under twelve names, each answer a little slow. */
async function loopbackSec(tickers: string[]) {
  const golden = (name: string) =>
    readFileSync(path.join(repoRoot, 'server/src/ingest/sources/__golden__/ok', name), 'utf8');
  const submissions = JSON.parse(golden('sec-submissions.json')) as Record<string, unknown>;
  const facts = golden('sec-companyfacts.json');
  const ciks = new Map(tickers.map((ticker, i) => [String(990_100 + i).padStart(10, '0'), ticker]));
  const list = Object.fromEntries(tickers.map((ticker, i) => [i, { cik_str: 990_100 + i, ticker, title: ticker }]));
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const cik = /CIK(\d{10})\.json$/.exec(url)?.[1];
    const ticker = cik ? ciks.get(cik) : undefined;
    const send = (body: string) =>
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(body), 100);
    if (url === '/files/company_tickers.json') return send(JSON.stringify(list));
    if (ticker && url.startsWith('/submissions/'))
      return send(JSON.stringify({ ...submissions, cik: String(Number(cik)), name: ticker, tickers: [ticker] }));
    if (ticker && url.startsWith('/api/xbrl/companyfacts/')) return send(facts);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      SEC_USER_AGENT: 'Ledgerlight tests test@example.com',
      SEC_DATA_URL: base,
      SEC_TICKERS_URL: `${base}/files/company_tickers.json`,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('an `ingest sec` run killed halfway', () => {
  it('is resumed by the same command, and every company ends with its statements and screener row', async () => {
    const tickers = Array.from({ length: 12 }, (_, i) => `QSEC${String.fromCharCode(65 + i)}`);
    const sec = await loopbackSec(tickers);
    const { dir, remove } = tempDir('ll-crash-sec-');
    try {
      const file = path.join(dir, 'ledgerlight.db');
      const env = { DATA_DIR: dir, ...sec.env };
      const killed = startIngest(['sec', ...tickers], env);
      await waitForCount(() => countRows(file, 'ingest_run_items'), 4, 60_000);
      await stopProcess(killed.child, 'SIGKILL');
      const written = countRows(file, 'securities');
      expect(written).toBeLessThan(tickers.length);
      // The companies written so far, without their screener rows: what a kill before the run's end leaves.
      expect(countRows(file, 'indicators')).toBeLessThan(written);

      const again = await runIngestCli(['sec', ...tickers], env);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toMatch(/resum/i);
      expect(await coverageOf(file)).toEqual(wholeCoverage(tickers.length));
      expect(countRows(file, 'indicators')).toBe(tickers.length);
    } finally {
      remove();
      await sec.close();
    }
  }, 120_000);
});
