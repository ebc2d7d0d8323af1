import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.ts';
import { type SignedInTestApp, startSignedInTestApp } from '../../../test/signed-in-app.ts';
import type { TestIssuer } from '../../auth/oidc/test-issuer.ts';

describe.each(testDatabases())('PUT /api/ref on $engine', (target) => {
  let test: SignedInTestApp;
  let issuer: TestIssuer;
  beforeAll(async () => {
    test = await startSignedInTestApp(target);
    issuer = test.issuer;
  });
  afterAll(async () => {
    await test.close();
  });

  const put = async (sub: string, ref: unknown) =>
    test.app.inject({
      method: 'PUT',
      url: '/api/ref',
      headers: { authorization: `Bearer ${await issuer.sign({ sub })}` },
      payload: { ref },
    });

  it('records the first referral; a repeat and a later other code change nothing', async () => {
    expect((await put('frank', 'friend-1')).json()).toEqual({ ref: 'friend-1', outcome: 'recorded' });
    expect((await put('frank', 'friend-1')).json()).toEqual({ ref: 'friend-1', outcome: 'already-recorded' });
    expect((await put('frank', 'friend-2')).json()).toEqual({ ref: 'friend-1', outcome: 'already-recorded' });
    const rows = await test.database.db.selectFrom('referrals').select('code').execute();
    expect(rows).toEqual([{ code: 'friend-1' }]);
  });

  it("ignores a user's own code", async () => {
    const me = await test.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${await issuer.sign({ sub: 'gina' })}` },
    });
    const own = me.json().referralCode;
    expect((await put('gina', own)).json()).toEqual({ ref: null, outcome: 'self-referral-ignored' });
    expect((await put('gina', 'friend-3')).json()).toEqual({ ref: 'friend-3', outcome: 'recorded' });
  });

  it('rejects a malformed code with a 400 naming the field', async () => {
    const response = await put('henry', 'no spaces please');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toMatchObject({ field: 'ref', location: 'body' });
  });

  it('needs a sign-in', async () => {
    const response = await test.app.inject({ method: 'PUT', url: '/api/ref', payload: { ref: 'x' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });
});
