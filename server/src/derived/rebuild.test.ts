import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPrints, answerRequests } from '../../test/answers.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { dataCache } from '../http/data-cache.ts';
import { demoSource } from '../ingest/demo/source.ts';
import { runIngest } from '../ingest/loader.ts';
import { CHART_POINTS_VERSION } from './chart-points.ts';
import { rebuildDerived, staleDerived } from './rebuild.ts';
import { SCREENER_ROWS_VERSION } from './screener-rows.ts';
import { STATEMENT_VALUES_VERSION } from './statement-values.ts';

/*
 * After a deploy whose code gives another version of the chart points or the screener rows (ADR 0016),
 * the rows written before are never read as they are: the charts are made from the closes beside them,
 * the screener pages from the columns, byte for byte the answers of current rows; the rebuild at start
 * (main.ts) rewrites them while requests go on. (The statement values: statement-values.test.ts.)
 */
const requests = answerRequests({
  stocks: ['SOLQ', 'ZFAB', 'PHQV'],
  coin: 'QBTZ',
  // Ranges that cut years inside, on both sides.
  midDay: '2022-08-15',
  recentYear: '2023-03-01',
}).filter((request) => /\/chart\/(crypto\/)?price|\/indicator\/odata|\/green\//.test(request.url));

describe.each(testDatabases())('chart points and screener rows after a deploy on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const source = demoSource({ endDay: '2024-06-28' });
    await runIngest({ db: t.database.db, source, tickers: ['SOLQ', 'ZFAB', 'PHQV', 'QBTZ'] });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const answers = async () => {
    dataCache(t.database).clear();
    return answerPrints(t.app, requests);
  };

  /** The versions stored in each table, distinct. */
  const versions = async () => {
    const db = t.database.db;
    const [charts, rows, values] = await Promise.all([
      db.selectFrom('price_years').select('chart_version').distinct().execute(),
      db.selectFrom('indicators').select('row_version').distinct().execute(),
      db.selectFrom('statement_values').select('version').distinct().execute(),
    ]);
    return {
      charts: charts.map((r) => r.chart_version),
      rows: rows.map((r) => r.row_version),
      values: values.map((r) => r.version),
    };
  };

  const current = { charts: [CHART_POINTS_VERSION], rows: [SCREENER_ROWS_VERSION], values: [STATEMENT_VALUES_VERSION] };

  it('are written with the current version by the loader, are ignored when of another version, and are rebuilt while the answers stay the same', async () => {
    const db = t.database.db;
    expect(requests.length).toBeGreaterThan(40);
    expect(await versions()).toEqual(current);
    expect(await staleDerived(db)).toEqual({ 'screener rows': 0, 'chart points': 0, 'statement values': 0 });
    const before = await answers();
    // Data, not errors: the tickers and days are in the data.
    expect(Object.values(before).filter((print) => print.status === 200).length).toBeGreaterThan(requests.length - 5);

    // One security's rows written by other code, among current ones: a page or chart mixes both.
    const solq = await db.selectFrom('securities').select('id').where('ticker', '=', 'SOLQ').executeTakeFirstOrThrow();
    const otherCode = { chart_points: Buffer.from('written by other code'), chart_version: CHART_POINTS_VERSION ^ 1 };
    const otherRow = { row_json: '{"written":"by other code"}', row_version: SCREENER_ROWS_VERSION ^ 1 };
    await db.updateTable('price_years').set(otherCode).where('security_id', '=', solq.id).execute();
    await db.updateTable('indicators').set(otherRow).where('security_id', '=', solq.id).execute();
    expect(await staleDerived(db)).toEqual({ 'screener rows': 1, 'chart points': 1, 'statement values': 0 });
    expect(await answers()).toEqual(before);

    // Every row of another version, as after a deploy; the rebuild runs while requests are answered.
    await db.updateTable('price_years').set(otherCode).execute();
    await db.updateTable('indicators').set(otherRow).execute();
    const securities = (await db.selectFrom('indicators').select('security_id').execute()).length;
    const years = await db.selectFrom('price_years').select('security_id').distinct().execute();
    expect(await staleDerived(db)).toEqual({
      'screener rows': securities,
      'chart points': years.length,
      'statement values': 0,
    });
    expect(await answers()).toEqual(before);
    let done = false;
    const rebuild = rebuildDerived(db).finally(() => {
      done = true;
    });
    let during = 0;
    while (!done && during < 10) {
      expect(await answers()).toEqual(before);
      during++;
    }
    expect(during).toBeGreaterThan(0);
    expect(await rebuild).toEqual({
      'screener rows': { written: securities, failed: 0 },
      'chart points': { written: years.length, failed: 0 },
      'statement values': { written: 0, failed: 0 },
    });
    expect(await versions()).toEqual(current);
    expect(await staleDerived(db)).toEqual({ 'screener rows': 0, 'chart points': 0, 'statement values': 0 });
    expect(await answers()).toEqual(before);

    // Once done, a second start rewrites nothing.
    expect(await rebuildDerived(db)).toEqual({
      'screener rows': { written: 0, failed: 0 },
      'chart points': { written: 0, failed: 0 },
      'statement values': { written: 0, failed: 0 },
    });
  }, 120_000);
});
