import { base64url, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onePageWebDist } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { type SignedInTestApp, startSignedInTestApp } from '../../../test/signed-in-app.ts';
import { startTestIssuer, type TestIssuer } from './test-issuer.ts';

/*
 * The API as a resource server, end to end: a real HTTP issuer (discovery + JWKS) and tokens from its
 * test key, sent to GET /api/me of the real app on SQLite (and PostgreSQL with TEST_DATABASE_URL).
 */
describe.each(testDatabases())('bearer token verification on $engine', (target) => {
  let test: SignedInTestApp;
  let issuer: TestIssuer;
  beforeAll(async () => {
    test = await startSignedInTestApp(target, 'web-client', { WEB_DIST_DIR: onePageWebDist() });
    issuer = test.issuer;
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (token: string) =>
    test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  const now = () => Math.floor(Date.now() / 1000);

  async function expectRejected(token: string, reason: RegExp) {
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).toMatch(reason);
  }

  it('accepts a valid token and returns the user', async () => {
    const response = await me(await issuer.sign({ sub: 'alice', name: 'Alice', email: 'alice@example.com' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      via: 'oidc',
      subject: 'alice',
      issuer: issuer.issuer,
      name: 'Alice',
      email: 'alice@example.com',
      walletAddress: null,
    });
  });

  it('accepts a token expired less than the 60 s leeway ago', async () => {
    expect((await me(await issuer.sign({ exp: now() - 30 }))).statusCode).toBe(200);
  });

  it('rejects an expired token', async () => {
    await expectRejected(await issuer.sign({ exp: now() - 120, iat: now() - 600 }), /expired/);
  });

  it('rejects a token that is not yet valid (nbf beyond the leeway)', async () => {
    await expectRejected(await issuer.sign({ nbf: now() + 300 }), /nbf/);
  });

  it('accepts a token whose nbf is within the leeway', async () => {
    expect((await me(await issuer.sign({ nbf: now() + 30 }))).statusCode).toBe(200);
  });

  it('rejects a token for another audience', async () => {
    await expectRejected(await issuer.sign({ aud: 'https://other-api.example' }), /aud/);
  });

  it('rejects a token from another issuer', async () => {
    await expectRejected(await issuer.sign({ iss: 'https://evil.example' }), /iss/);
  });

  it('rejects alg none even though the issuer advertises it', async () => {
    const token = new UnsecuredJWT({ iss: issuer.issuer, aud: issuer.audience, sub: 'mallory', exp: now() + 600 })
      .setIssuedAt()
      .encode();
    await expectRejected(token, /algorithm|malformed/);
  });

  it('rejects HS256 signed with the public key as the HMAC secret', async () => {
    const token = await new SignJWT({ iss: issuer.issuer, aud: issuer.audience, sub: 'mallory', exp: now() + 600 })
      .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
      .sign(new TextEncoder().encode(issuer.publicPem));
    await expectRejected(token, /algorithm/);
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await issuer.sign({ sub: 'bob' })).split('.');
    const forged = base64url.encode(
      JSON.stringify({ iss: issuer.issuer, aud: issuer.audience, sub: 'admin', iat: now(), exp: now() + 600 }),
    );
    await expectRejected(`${header}.${forged}.${signature}`, /signature/);
  });

  it('rejects a token signed with a key id the issuer does not publish', async () => {
    const stranger = await startTestIssuer(issuer.audience);
    try {
      const token = await stranger.sign({ iss: issuer.issuer }, { kid: 'not-published' });
      await expectRejected(token, /no matching signing key/);
    } finally {
      await stranger.close();
    }
  });

  it('fetches the key set again when a token names a new key id (key rotation)', async () => {
    expect((await me(await issuer.sign())).statusCode).toBe(200);
    const fetched = issuer.jwksRequests();
    const { kid, privateKey } = await issuer.rotate();
    // jose refetches on an unknown kid once its 30 s cool-down after the last fetch has passed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    const response = await me(await issuer.sign({}, { kid, key: privateKey }));
    expect(response.statusCode).toBe(200);
    expect(issuer.jwksRequests()).toBe(fetched + 1);
  });

  it('answers 401 in the error shape for a malformed Authorization header', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Basic abc' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('answers 401 without any sign-in', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'unauthorized', message: 'Sign-in required' });
  });

  it('serves the browser its sign-in settings', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(response.json()).toEqual({
      issuer: issuer.issuer,
      clientId: 'web-client',
      audience: issuer.audience,
      scopes: 'openid profile email offline_access',
      cacheLocation: 'localstorage',
      devProvider: false,
      publicUrl: 'http://localhost:3000',
    });
    // The external provider's origin is allowed for token calls and the silent sign-in iframe, on the pages.
    const page = await test.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain(`frame-src 'self' ${issuer.issuer}`);
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' `);
    expect(page.headers['content-security-policy']).toContain(new URL(issuer.issuer).origin);
  });
});
