import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';

/*
 * Every rate-limit rule, reached by every spelling of its path that the routers accept: a trailing slash
 * (Fastify ignores it), percent-encoded letters (Fastify decodes them), and for the development provider
 * any case and a trailing slash (its own router folds case). Each variant is first shown to reach the
 * handler, then to spend from the same bucket as the canonical path.
 */
const ADDRESS = '0x0000000000000000000000000000000000000001';

interface RuleCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  canonical: string;
  variants: string[];
  /** How the handler (not a 404) answers a request that reaches it. */
  reached(status: number, body: string): boolean;
  payload?: string;
  contentType?: string;
}

const RULES: RuleCase[] = [
  {
    name: 'wallet nonce',
    method: 'GET',
    canonical: `/api/auth/wallet/nonce?address=${ADDRESS}`,
    variants: [
      `/api/auth/wallet/nonce/?address=${ADDRESS}`,
      `/api/auth/wallet/%6Eonce?address=${ADDRESS}`,
      `/api/auth/wallet/%6eonce/?address=${ADDRESS}`,
      `/api/auth/%77allet/nonce?address=${ADDRESS}`,
    ],
    reached: (status, body) => status === 200 && body.includes('"nonce"'),
  },
  {
    name: 'wallet verify-login',
    method: 'POST',
    canonical: `/api/auth/wallet/verify-login?address=${ADDRESS}`,
    variants: [
      `/api/auth/wallet/verify-login/?address=${ADDRESS}`,
      `/api/auth/wallet/verify%2Dlogin?address=${ADDRESS}`,
      `/api/auth/wallet/%76erify-login/?address=${ADDRESS}`,
    ],
    payload: '{}',
    contentType: 'application/json',
    reached: (status, body) => status === 400 && body.includes('validation_error'),
  },
  {
    name: 'development provider login form',
    method: 'POST',
    canonical: '/idp/interaction/abc/login',
    variants: ['/idp/interaction/abc/login/', '/idp/interaction/abc/%6Cogin', '/idp/interaction/abc/%6cogin/'],
    payload: 'login=a%40b.example&password=guess',
    contentType: 'application/x-www-form-urlencoded',
    reached: (status, body) => status === 400 && body.includes('This sign-in page has expired'),
  },
  {
    name: 'development provider token endpoint',
    method: 'POST',
    canonical: '/idp/token',
    variants: ['/idp/token/', '/idp/Token', '/idp/TOKEN/', '/idp/tOkEn?x=1', '/idp/token#x'],
    payload: 'grant_type=password&username=a&password=b',
    contentType: 'application/x-www-form-urlencoded',
    reached: (status, body) =>
      status === 400 && /"error":"(invalid_request|unsupported_grant_type|invalid_client)"/.test(body),
  },
  {
    name: 'company search',
    method: 'GET',
    canonical: '/api/data/company/search?q=ac',
    variants: ['/api/data/company/search/?q=ac', '/api/data/company/%73earch?q=ac', '/api/data/company/%73earch/?q=ac'],
    reached: (status) => status === 200,
  },
  {
    name: 'OData',
    method: 'GET',
    canonical: '/api/data/indicator/odata?$top=1',
    variants: [
      '/api/data/indicator/odata/?$top=1',
      '/api/data/indicator/%6Fdata?$top=1',
      '/api/data/%69ndicator/odata/',
    ],
    reached: (status) => status === 200,
  },
  {
    name: 'OData v2',
    method: 'GET',
    canonical: '/api/data/indicator/odatav2?$top=1',
    variants: ['/api/data/indicator/odatav2/', '/api/data/indicator/odata%76%32?$top=1'],
    reached: (status) => status === 200,
  },
  {
    name: 'analytics events',
    method: 'POST',
    canonical: '/api/events',
    variants: ['/api/events/', '/api/%65vents'],
    payload: '{"name":"page_view","path":"/"}',
    contentType: 'application/json',
    reached: (status) => status === 204,
  },
  {
    name: 'referral',
    method: 'PUT',
    canonical: '/api/ref',
    variants: ['/api/ref/', '/api/%72ef'],
    payload: '{"ref":"u7"}',
    contentType: 'application/json',
    reached: (status, body) => status === 401 && body.includes('unauthorized'),
  },
];

describe.each(testDatabases())('rate limits by the route that runs, on $engine', (target) => {
  let t: TestApp;
  let next = 0;
  // A fresh client address per check, so each starts with a full bucket of one.
  const freshAddress = () => `10.1.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;
  beforeAll(async () => {
    t = await startTestApp(target, {
      RATE_LIMIT_SIGN_IN: '1',
      RATE_LIMIT_SEARCH: '1',
      RATE_LIMIT_ODATA: '1',
      RATE_LIMIT_EVENTS: '1',
      RATE_LIMIT_REF: '1',
    });
    await insertIndicator(t.database.db, { ticker: 'ACME', name: 'Acme Corp' });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (rule: RuleCase, url: string, remoteAddress: string) =>
    t.app.inject({
      method: rule.method,
      url,
      remoteAddress,
      ...(rule.payload === undefined ? {} : { payload: rule.payload }),
      headers: rule.contentType ? { 'content-type': rule.contentType } : {},
    });

  describe.each(RULES)('$name', (rule) => {
    it('reaches the handler by the canonical path, then is limited', async () => {
      const address = freshAddress();
      const first = await send(rule, rule.canonical, address);
      expect(rule.reached(first.statusCode, first.body), `${first.statusCode} ${first.body}`).toBe(true);
      const second = await send(rule, rule.canonical, address);
      expect(second.statusCode).toBe(429);
      expect(second.json().error.code).toBe('rate_limited');
    });

    it.each(rule.variants)('spends the same bucket through %s', async (variant) => {
      const address = freshAddress();
      const first = await send(rule, variant, address);
      // The variant does reach the handler: without the limit it would be a way around it.
      expect(rule.reached(first.statusCode, first.body), `${variant}: ${first.statusCode} ${first.body}`).toBe(true);
      expect((await send(rule, rule.canonical, address)).statusCode).toBe(429);
      expect((await send(rule, variant, address)).statusCode).toBe(429);

      const other = freshAddress();
      expect((await send(rule, rule.canonical, other)).statusCode).not.toBe(429);
      expect((await send(rule, variant, other)).statusCode).toBe(429);
    });
  });

  it('counts HEAD with GET', async () => {
    const address = freshAddress();
    expect(
      (await t.app.inject({ method: 'HEAD', url: '/api/data/company/search?q=ac', remoteAddress: address })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/data/company/search/?q=ac', remoteAddress: address })).statusCode).toBe(
      429,
    );
  });

  it('does not limit calls outside the rules, nor paths no router takes for a limited route', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: '/api/data/status', remoteAddress: address })).statusCode).toBe(200);
      // Fastify is case-sensitive: these are 404s, not searches.
      const wrongCase = await t.app.inject({ url: '/api/data/company/SEARCH?q=ac', remoteAddress: address });
      expect(wrongCase.statusCode).toBe(404);
    }
  });
});
