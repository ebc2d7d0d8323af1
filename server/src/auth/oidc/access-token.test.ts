import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDatabase, testDatabases } from '../../../test/databases.ts';
import { type SignedInTestApp, startSignedInTestApp } from '../../../test/signed-in-app.ts';
import { createMetrics } from '../../http/metrics.ts';
import { issuerKeyCache } from './issuer-keys.ts';
import { startTestIssuer } from './test-issuer.ts';
import { createTokenVerifier } from './verifier.ts';

const CLIENT = 'web-client';

/*
 * Only access tokens open the API: an ID token for the browser client is refused even when its audience
 * also names the API. End to end against GET /api/me with a real loopback issuer, on both databases.
 */
describe.each(testDatabases())('access tokens, not ID tokens, on $engine', (target) => {
  let test: SignedInTestApp;
  beforeAll(async () => {
    test = await startSignedInTestApp(target, CLIENT);
  });
  afterAll(async () => {
    await test.close();
  });

  const me = (token: string) =>
    test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  /** The claims of a case, `bothAudiences` standing for an audience of the API and the browser client. */
  const claimsOf = ({ bothAudiences, ...claims }: Record<string, unknown>) =>
    bothAudiences ? { ...claims, aud: [test.issuer.audience, CLIENT] } : claims;

  it.each([
    [
      'typ JWT with a nonce',
      { bothAudiences: true, nonce: 'n-1' },
      'JWT',
      /an ID token \(it carries ID-token claims\)/,
    ],
    [
      'typ JWT, the client in its audience',
      { bothAudiences: true },
      'JWT',
      /an ID token \(its audience is the client\)/,
    ],
    ['no typ, the client in its audience', { bothAudiences: true }, null, /its audience is the client/],
    ['typ JWT with at_hash', { at_hash: 'abc' }, 'JWT', /ID-token claims/],
    ['a logout token', {}, 'logout+jwt', /a token of type "logout\+jwt", not an access token/],
  ])('refuses %s', async (_name, claims, typ, reason) => {
    const response = await me(await test.issuer.sign(claimsOf(claims), { typ }));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(reason);
  });

  it.each([
    ['typed at+jwt (RFC 9068), even with the client in its audience', { bothAudiences: true }, 'at+jwt'],
    ['typed application/at+jwt', {}, 'application/at+jwt'],
    ["typed with a vendor's own at+jwt type", {}, 'application/okta-internal-at+jwt'],
    ['typed JWT by a provider without RFC 9068', {}, 'JWT'],
    ['without typ', {}, null],
  ])('accepts an access token %s', async (_name, claims, typ) => {
    expect((await me(await test.issuer.sign(claimsOf(claims), { typ }))).statusCode).toBe(200);
  });
});

describe('OIDC_REQUIRE_AT_JWT=true', () => {
  it('accepts only tokens typed at+jwt', async () => {
    const issuer = await startTestIssuer();
    try {
      const verifier = createTokenVerifier({ issuer: issuer.issuer, audience: issuer.audience, requireAtJwt: true });
      await expect(verifier.verify(await issuer.sign())).resolves.toMatchObject({ subject: 'user-1' });
      await expect(verifier.verify(await issuer.sign({}, { typ: 'JWT' }))).rejects.toThrow(
        'Invalid access token: not typed at+jwt (an RFC 9068 access token is required)',
      );
      await expect(verifier.verify(await issuer.sign({}, { typ: null }))).rejects.toThrow('not typed at+jwt');
    } finally {
      await issuer.close();
    }
  });
});

/*
 * An outage of the issuer seen from the API: tokens keep verifying with the keys fetched before it, the
 * metrics say so, and past 24 hours the API answers 503. The clock is moved with fake Date only (timers
 * stay real, so the loopback issuer and the background refresh run as they do).
 */
describe.each(testDatabases())('an identity-provider outage on $engine', (target) => {
  let test: SignedInTestApp;
  beforeAll(async () => {
    test = await startSignedInTestApp(target, CLIENT);
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = async () =>
    test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${await test.issuer.sign()}` },
    });
  const metric = async (name: string) => {
    const text = (await test.app.inject('/metrics')).body;
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  };
  async function until(check: () => Promise<boolean>) {
    for (let n = 0; n < 500 && !(await check()); n += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await check()).toBe(true);
  }

  it('keeps verifying through the outage, reports it, and refuses with 503 past 24 hours', async () => {
    const start = Date.now();
    expect((await me()).statusCode).toBe(200);
    const fetchedAt = await metric('ledgerlight_oidc_keys_fetched_timestamp_seconds');
    expect(fetchedAt).toBeGreaterThanOrEqual(Math.floor(start / 1000));
    expect(fetchedAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    test.issuer.setState('down');
    vi.useFakeTimers({ toFake: ['Date'], now: start + 11 * 60_000 });
    expect((await me()).statusCode).toBe(200);
    await until(async () => (await metric('ledgerlight_oidc_keys_stale')) === 1);
    expect(await metric('ledgerlight_oidc_key_refresh_failures_total')).toBeGreaterThanOrEqual(1);

    // A hanging issuer: still answered, without waiting for it.
    test.issuer.setState('hanging');
    vi.setSystemTime(start + 60 * 60_000);
    expect((await me()).statusCode).toBe(200);

    test.issuer.setState('down');
    vi.setSystemTime(start + 25 * 60 * 60_000);
    const refused = await me();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('service_unavailable');

    test.issuer.setState('up');
    vi.setSystemTime(start + 25 * 60 * 60_000 + 10_000);
    expect((await me()).statusCode).toBe(200);
    expect(await metric('ledgerlight_oidc_keys_stale')).toBe(0);
  });
});

describe('the outage warning', () => {
  it('is logged once per failed refresh, with the age of the keys in use', async () => {
    const lines: string[] = [];
    const logger = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    const [sqlite] = testDatabases();
    if (!sqlite) throw new Error('no SQLite target');
    const issuer = await startTestIssuer();
    const database = await migratedDatabase(sqlite);
    let clock = 1_000_000;
    try {
      const metrics = createMetrics(database);
      const cache = issuerKeyCache({
        issuer: issuer.issuer,
        now: () => clock,
        observer: metrics.issuerKeysObserver(logger.log),
      });
      await cache.current();
      issuer.setState('down');
      clock += 20 * 60_000;
      for (let n = 0; n < 5; n += 1) await cache.current();
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      const entry = JSON.parse(lines[0] ?? '{}');
      expect(entry).toMatchObject({ level: 40, keysAgeSeconds: 1200, reason: 'discovery answered 503' });
      expect(entry.msg).toContain('verifying tokens with the last keys fetched');
    } finally {
      await issuer.close();
      await logger.close();
      await database.close();
    }
  });
});

describe.each(testDatabases())('the issuer unreachable from the start on $engine', (target) => {
  let test: SignedInTestApp;
  beforeAll(async () => {
    test = await startSignedInTestApp(target, CLIENT);
    test.issuer.setState('down');
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers a malformed bearer token with 401, a well-formed one with 503 (issue 34)', async () => {
    const me = (token: string) => test.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    for (const token of ['not-a-jwt', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9.e30']) {
      const refused = await me(token);
      expect(refused.statusCode, token).toBe(401);
      expect(refused.json().error.code).toBe('unauthorized');
      expect(refused.json().error.message).toMatch(/^Invalid access token: (malformed token|not acceptable)$/);
    }
    // The issuer is away indeed: a token that could be valid cannot be checked.
    expect((await me(await test.issuer.sign())).statusCode).toBe(503);
  });
});
