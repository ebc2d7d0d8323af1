import { screenerChoices } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertIndicator } from '../../../test/indicator-factory.ts';

/*
 * The choice filters come from every stock (issue 35), not from the first 1,000 by ticker: the values only
 * the last stocks have are there, a coin's are not.
 */
describe.each(testDatabases())('screener choices on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const db = t.database.db;
    for (let i = 0; i < 1100; i++)
      await insertIndicator(db, {
        ticker: `A${String(i).padStart(4, '0')}`,
        sector: i % 2 ? 'Technology' : 'Utilities',
        industry: 'Software',
        country: 'US',
        exchange: 'Nasdaq',
      });
    await insertIndicator(db, { ticker: 'ZZZZ', sector: 'Energy', industry: 'Oil', country: 'NO', exchange: 'Oslo' });
    await insertIndicator(db, { ticker: 'ZCOIN', kind: 'crypto', sector: 'Coins', exchange: 'Demo Crypto' });
    await insertIndicator(db, { ticker: 'ZBLNK', sector: '', industry: null, country: 'US', exchange: 'Nasdaq' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists every distinct value among all the stocks, sorted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/data/indicator/choices' });
    expect(res.statusCode).toBe(200);
    const body = screenerChoices.parse(res.json());
    expect(body).toEqual({
      sector: ['Energy', 'Technology', 'Utilities'],
      industry: ['Oil', 'Software'],
      country: ['NO', 'US'],
      exchange: ['Nasdaq', 'Oslo'],
    });
    expect(res.headers.etag).toBeDefined();
  });
});
