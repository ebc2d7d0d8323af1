import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePageWebDist, startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { loadConfig } from '../config.ts';
import { DEMO_USER } from './demo-user.ts';

const PUBLIC_URL = 'http://localhost:3000';

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
    test = await startTestApp(target, { PUBLIC_URL, WEB_DIST_DIR: onePageWebDist() });
  });
  afterAll(() => test.close());

  // Issue 20: PUBLIC_URL's address, and the addresses a person may use instead in development.
  it.each(['localhost:3000', '127.0.0.1:3000', '192.168.1.20:3000', '[::1]:3000'])(
    'publishes discovery under /idp of %s with PKCE S256 only, and tells the browser that issuer',
    async (host) => {
      const headers = { host };
      const ISSUER = `http://${host}/idp`;
      const response = await test.app.inject({ url: '/idp/.well-known/openid-configuration', headers });
      expect(response.statusCode).toBe(200);
      const discovery = response.json();
      expect(discovery.issuer).toBe(ISSUER);
      expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
      expect(discovery.end_session_endpoint).toBe(`${ISSUER}/session/end`);
      expect(discovery.jwks_uri).toBe(`${ISSUER}/jwks`);
      const config = await test.app.inject({ url: '/api/auth/config', headers });
      expect(config.json()).toMatchObject({ issuer: ISSUER, devProvider: true, publicUrl: PUBLIC_URL });
      expect(config.headers.vary).toContain('Host');
      // Same origin: the page's CSP needs no other.
      const page = await test.app.inject({ url: '/', headers });
      expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
      expect(page.headers['content-security-policy']).not.toContain(host);
    },
  );

  it('takes no X-Forwarded-Host or -Proto without TRUST_PROXY, and sends nosniff (issue 34)', async () => {
    const response = await test.app.inject({
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().issuer).toBe('http://localhost:3000/idp');
    expect(response.json().authorization_endpoint).toBe('http://localhost:3000/idp/auth');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a Host that is no address, in the error shape', async () => {
    const response = await test.app.inject({
      url: '/idp/.well-known/openid-configuration',
      headers: { host: 'evil host/..' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', details: { field: 'host' } });
  });

  it.each(['localhost:3000', '127.0.0.1:3000'])(
    'runs the code flow with PKCE at %s, issues a JWT for the API and a refresh token',
    async (host) => {
      const headers = { host };
      const REDIRECT = `http://${host}/auth/callback`;
      const jar = cookieJar();
      const get = async (url: string) => {
        const response = await test.app.inject({ url, headers: { ...headers, cookie: jar.header() } });
        jar.take(response.cookies);
        return response;
      };
      const path = (location: unknown) =>
        new URL(String(location), `http://${host}`).pathname + new URL(String(location), `http://${host}`).search;
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
      // One user whichever address they signed in at: filed under the configured issuer.
      expect(me.json()).toMatchObject({
        subject: DEMO_USER.subject,
        name: DEMO_USER.name,
        email: DEMO_USER.email,
        issuer: `${PUBLIC_URL}/idp`,
      });

      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(refreshed.statusCode).toBe(200);
      const again = await test.app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${refreshed.json().access_token}` },
      });
      expect(again.statusCode).toBe(200);
    },
  );
});
