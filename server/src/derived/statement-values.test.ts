import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPrints, answerRequests } from '../../test/answers.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { dataCache } from '../http/data-cache.ts';
import { demoSource } from '../ingest/demo/source.ts';
import { runIngest } from '../ingest/loader.ts';
import { rebuildStatementValues } from './rebuild.ts';
import { STATEMENT_VALUES_VERSION, staleStatementValues } from './statement-values.ts';

/*
 * After a deploy whose code gives another STATEMENT_VALUES_VERSION (code-version.ts), every stored row
 * is of another version: none is read, the answers are computed meanwhile (byte for byte the same), and
 * the rebuild in the background (main.ts) writes them again while requests go on.
 */
const requests = answerRequests({
  stocks: ['SOLQ', 'ZFAB'],
  coin: 'QBTZ',
  midDay: '2022-08-15',
  recentYear: '2023-01-01',
}).filter((request) => request.url.includes('/financials/'));

describe.each(testDatabases())('stored statement values after a deploy on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const source = demoSource({ endDay: '2024-06-28' });
    await runIngest({ db: t.database.db, source, tickers: ['SOLQ', 'ZFAB', 'QBTZ'] });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('are rebuilt for the new code while the answers stay the same', async () => {
    const db = t.database.db;
    const answers = async () => {
      dataCache(t.database).clear();
      return answerPrints(t.app, requests);
    };
    const before = await answers();
    const stocks = (
      await db.selectFrom('securities').select('id').where('kind', '=', 'stock').orderBy('id').execute()
    ).map((row) => row.id);
    expect(await staleStatementValues(db)).toEqual([]);

    // Rows written by the code before the deploy: another version, and tokens no reader could use.
    await db
      .updateTable('statement_values')
      .set({ version: STATEMENT_VALUES_VERSION ^ 1, value_tokens: 'written by other code' })
      .execute();
    expect(await staleStatementValues(db)).toEqual(stocks);
    expect(await answers()).toEqual(before);

    // The rebuild runs while requests are answered, as after a start.
    let done = false;
    const rebuild = rebuildStatementValues(db).finally(() => {
      done = true;
    });
    let during = 0;
    while (!done && during < 20) {
      expect(await answers()).toEqual(before);
      during++;
    }
    expect(during).toBeGreaterThan(0);
    expect(await rebuild).toEqual({ written: stocks.length, failed: 0 });
    expect(await staleStatementValues(db)).toEqual([]);
    const versions = await db.selectFrom('statement_values').select('version').distinct().execute();
    expect(versions).toEqual([{ version: STATEMENT_VALUES_VERSION }]);
    expect(await answers()).toEqual(before);
  }, 120_000);
});
