import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoSource } from '../src/ingest/demo/source.ts';
import { runIngest } from '../src/ingest/loader.ts';
import { answerPrints, answerRequests, changedAnswers, readPrints, writePrints } from './answers.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testDatabases } from './databases.ts';

/*
 * Every data call's answer, byte for byte, against answers-unchanged.json (issue 24: a change that only
 * moves code must not change one byte of any answer). The demo data ends on a fixed day and the clock
 * is fixed too (an answer about securities without prices falls back to today), so the answers are the same on every run and on
 * every engine. A change that means to alter answers rewrites the file with UPDATE_ANSWERS=1 and says
 * so in docs/api.md, "Changes"; the failure lists the calls whose answers moved.
 */
const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), 'answers-unchanged.json');
const requests = answerRequests({
  // Quarterly dividends; a 4:1 split in 2021; years of losses; annual dividends; a coin.
  stocks: ['SOLQ', 'ZFAB', 'PHQV', 'GZTH'],
  coin: 'QBTZ',
  midDay: '2022-08-15',
  recentYear: '2023-01-01',
});

describe.each(testDatabases())('every API answer on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-07-01T12:00:00Z'));
    t = await startTestApp(target);
    const source = demoSource({ endDay: '2024-06-28' });
    const summary = await runIngest({ db: t.database.db, source, tickers: ['SOLQ', 'ZFAB', 'PHQV', 'GZTH', 'QBTZ'] });
    expect(summary.failed).toEqual([]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  it('is byte for byte the committed one', async () => {
    const prints = await answerPrints(t.app, requests);
    if (process.env.UPDATE_ANSWERS === '1' && target.label === 'sqlite') writePrints(golden, prints);
    const expected = readPrints(golden);
    expect(expected, 'no answers-unchanged.json: run with UPDATE_ANSWERS=1').toBeDefined();
    expect(changedAnswers(expected ?? {}, prints)).toEqual([]);
    // The calls answer data, not errors: the tickers and days above are in the data.
    const ok = Object.values(prints).filter((print) => print.status === 200).length;
    expect(ok).toBeGreaterThan(requests.length - 10);
  }, 120_000);
});
