import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { dataCache } from '../../http/data-cache.ts';
import { demoSource } from '../../ingest/demo/source.ts';
import { runIngest } from '../../ingest/loader.ts';

describe.each(testDatabases())('GET /api/data/status on $engine', (target) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('says there is no data on an empty database', async () => {
    t = await startTestApp(target);
    const res = await t.app.inject({ method: 'GET', url: '/api/data/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dataVersion: 0,
      demo: false,
      securities: { stocks: 0, crypto: 0 },
      pricesAsOf: null,
      filingsAsOf: null,
    });
  });

  it('reports the demo universe, its as-of dates and a new data version after a load', async () => {
    t = await startTestApp(target);
    const source = demoSource({ endDay: '2024-06-28' });
    await runIngest({ db: t.database.db, source, tickers: ['SOLQ', 'QBTZ'] });
    dataCache(t.database).clear();
    const res = await t.app.inject({ method: 'GET', url: '/api/data/status' });
    expect(res.json()).toEqual({
      dataVersion: 1,
      demo: true,
      securities: { stocks: 1, crypto: 1 },
      pricesAsOf: '2024-06-28',
      filingsAsOf: '2024-05-10',
    });
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/data/status',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
