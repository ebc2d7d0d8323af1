import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.ts';
import { type SignedInTestApp, startSignedInTestApp } from '../../../test/signed-in-app.ts';
import type { TestIssuer } from '../../auth/oidc/test-issuer.ts';

describe.each(testDatabases())('the signed-in user and the watchlist on $engine', (target) => {
  let test: SignedInTestApp;
  let issuer: TestIssuer;
  beforeAll(async () => {
    test = await startSignedInTestApp(target);
    issuer = test.issuer;
  });
  afterAll(async () => {
    await test.close();
  });

  const as = async (sub: string) => ({ authorization: `Bearer ${await issuer.sign({ sub })}` });

  it('creates the user on first sight and keeps one row per subject', async () => {
    const first = await test.app.inject({ url: '/api/me', headers: await as('carol') });
    const second = await test.app.inject({ url: '/api/me', headers: await as('carol') });
    expect(first.json().referralCode).toBe(second.json().referralCode);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const rows = await test.database.db.selectFrom('users').selectAll().where('subject', '=', 'carol').execute();
    expect(rows).toHaveLength(1);
  });

  it('starts with an empty watchlist, stores one in order and drops duplicates', async () => {
    const headers = await as('dave');
    expect((await test.app.inject({ url: '/api/me/watchlist', headers })).json()).toEqual({ tickers: [] });
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/me/watchlist',
      headers,
      payload: { tickers: ['msft', 'BTC-USD', 'ACME', 'MSFT'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ tickers: ['MSFT', 'BTC-USD', 'ACME'] });
    const read = await test.app.inject({ url: '/api/me/watchlist', headers });
    expect(read.json()).toEqual({ tickers: ['MSFT', 'BTC-USD', 'ACME'] });
    // Another user's list is their own.
    expect((await test.app.inject({ url: '/api/me/watchlist', headers: await as('erin') })).json()).toEqual({
      tickers: [],
    });
  });

  it('replaces one user’s list from several requests at once, each in turn, with no error', async () => {
    const headers = await as('frank');
    const lists = Array.from({ length: 12 }, (_, i) => [`T${i}`, 'ACME', `U${i}`]);
    const answers = await Promise.all(
      lists.map((tickers) =>
        test.app.inject({ method: 'PUT', url: '/api/me/watchlist', headers, payload: { tickers } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(lists.map(() => 200));
    // The list is one of the lists sent, whole: never a mix of two.
    const read = (await test.app.inject({ url: '/api/me/watchlist', headers })).json() as { tickers: string[] };
    expect(lists.map((list) => list.join())).toContain(read.tickers.join());
  });

  it('rejects a bad ticker with a 400 naming the field', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/me/watchlist',
      headers: await as('dave'),
      payload: { tickers: ['ACME', 'DROP TABLE'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_error',
      details: { field: 'tickers.1', location: 'body' },
    });
  });

  it('rejects more than 100 tickers', async () => {
    const tickers = Array.from({ length: 101 }, (_, i) => `T${i}`);
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/me/watchlist',
      headers: await as('dave'),
      payload: { tickers },
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs a sign-in', async () => {
    const response = await test.app.inject({ method: 'PUT', url: '/api/me/watchlist', payload: { tickers: [] } });
    expect(response.statusCode).toBe(401);
  });
});
