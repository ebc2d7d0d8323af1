import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { loadConfig } from '../config.ts';
import { DEMO_USER } from './demo-user.ts';

const PUBLIC_URL = 'http://localhost:3000';
const ISSUER = `${PUBLIC_URL}/idp`;
const REDIRECT = `${PUBLIC_URL}/auth/callback`;

/** A browser's cookie jar, just enough for one origin. */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(cookies: { name: string; value: string }[]) {
      for (const { name, value } of cookies)
        if (value) jar.set(name, value);
        else jar.delete(name);
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

describe('the development identity provider', () => {
  it('refuses to run with NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_ISSUER: required with NODE_ENV=production/);
  });

  it('is off when OIDC_ISSUER is set, which then needs a client id and an audience', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com/' })).toThrow(/OIDC_CLIENT_ID[\s\S]*OIDC_AUDIENCE/);
    const config = loadConfig({ OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'c', OIDC_AUDIENCE: 'a' });
    expect(config.OIDC_DEV_PROVIDER).toBe(false);
  });

  it('rejects a token cache location other than memory or localstorage', () => {
    expect(() => loadConfig({ OIDC_CACHE_LOCATION: 'cookie' })).toThrow(/OIDC_CACHE_LOCATION/);
  });
});

describe.each(testDatabases())('sign-in through the development provider on $engine', (target) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startTestApp(target, { PUBLIC_URL });
  });
  afterAll(() => test.close());

  const headers = { host: 'localhost:3000' };

  it('publishes discovery under /idp with PKCE S256 only', async () => {
    const response = await test.app.inject({ url: '/idp/.well-known/openid-configuration', headers });
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(discovery.issuer).toBe(ISSUER);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${ISSUER}/session/end`);
    expect(discovery.jwks_uri).toBe(`${ISSUER}/jwks`);
  });

  it('runs the code flow with PKCE, issues a JWT for the API and a refresh token', async () => {
    const jar = cookieJar();
    const get = async (url: string) => {
      const response = await test.app.inject({ url, headers: { ...headers, cookie: jar.header() } });
      jar.take(response.cookies);
      return response;
    };
    const path = (location: unknown) =>
      new URL(String(location), PUBLIC_URL).pathname + new URL(String(location), PUBLIC_URL).search;
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URLSearchParams({
      client_id: 'ledgerlight-web',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid profile email offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
      nonce: 'nonce-1',
    });

    let response = await get(`/idp/auth?${authorize}`);
    expect(response.statusCode).toBe(303);
    const loginUrl = path(response.headers.location);
    response = await get(loginUrl);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Sign in');

    const post = (password: string) =>
      test.app.inject({
        method: 'POST',
        url: `${loginUrl}/login`,
        headers: { ...headers, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ login: DEMO_USER.email, password }).toString(),
      });
    const wrong = await post('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Wrong e-mail or password.');
    response = await post(DEMO_USER.password);
    expect(response.statusCode).toBe(303);

    // resume -> consent (implied for the first-party app) -> resume -> back to the app with a code
    let location = String(response.headers.location);
    for (let hops = 0; hops < 6 && !location.startsWith(REDIRECT); hops++) {
      response = await get(path(location));
      location = String(response.headers.location);
    }
    const callback = new URL(location);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code') ?? '';

    const token = async (form: Record<string, string>) =>
      test.app.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: 'ledgerlight-web', ...form }).toString(),
      });
    const exchanged = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(exchanged.statusCode).toBe(200);
    const tokens = exchanged.json();
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.id_token.split('.')).toHaveLength(3);

    const me = await test.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ subject: DEMO_USER.subject, name: DEMO_USER.name, email: DEMO_USER.email });

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const again = await test.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${refreshed.json().access_token}` },
    });
    expect(again.statusCode).toBe(200);
  });
});
