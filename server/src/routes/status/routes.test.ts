import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { bumpDataVersion, writeMeta } from '../../db/meta.ts';
import { dataCache } from '../../http/data-cache.ts';
import { DEMO_SEEDING } from '../../ingest/demo/seed.ts';
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
      gaps: { withoutPrices: { count: 0, tickers: [] }, withoutStatements: { count: 0, tickers: [] } },
      seeding: null,
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
      filingsAsOf: '2024-04-25',
      gaps: { withoutPrices: { count: 0, tickers: [] }, withoutStatements: expect.any(Object) },
      seeding: null,
    });
    expect(res.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/data/status',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('says how far a first start has loaded the demo universe while it loads in the background', async () => {
    t = await startTestApp(target);
    await runIngest({ db: t.database.db, source: demoSource({ endDay: '2024-06-28' }), tickers: ['SOLQ', 'QBTZ'] });
    await writeMeta(t.database.db, DEMO_SEEDING, '442');
    await bumpDataVersion(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/data/status' });
    expect(res.json()).toMatchObject({ demo: true, seeding: { loaded: 2, total: 442 } });
  });
});
