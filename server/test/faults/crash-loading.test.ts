import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  getJson,
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

      const last = await startServer(PORT, env);
      await waitForDemoUniverse(last.url, 120_000);
      expect(last.output.text()).toContain('repaired what an interrupted load left');
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
