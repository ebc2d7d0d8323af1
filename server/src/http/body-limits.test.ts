import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { BODY_LIMITS, DEFAULT_BODY_LIMIT, jsonDepth, MAX_JSON_DEPTH } from './body-limits.ts';

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('"[[[[[[[[[[[["')).toBe(0);
    expect(jsonDepth('{"a":"\\"[[[[[[[","b":[]}')).toBe(2);
    expect(jsonDepth('1')).toBe(0);
  });

  it('stops as soon as the limit is passed', () => {
    expect(jsonDepth(`${'['.repeat(1_000_000)}`, 8)).toBe(9);
  });
});

interface RouteCase {
  method: 'POST' | 'PUT';
  url: string;
  /** A body the route takes (or refuses for another reason than its size or depth). */
  fine: Record<string, unknown>;
}

const ROUTES: RouteCase[] = [
  { method: 'POST', url: '/api/events', fine: { name: 'page_view', path: '/' } },
  { method: 'PUT', url: '/api/ref', fine: { ref: 'u7' } },
  { method: 'POST', url: '/api/auth/wallet/verify-login', fine: { token: 't', signature: '0x00' } },
  { method: 'POST', url: '/api/auth/wallet/clear-login', fine: {} },
  { method: 'PUT', url: '/api/me/watchlist', fine: { tickers: ['ACME'] } },
  { method: 'POST', url: '/api/data/chart/price', fine: { tickers: ['ACME'] } },
];

const limitOf = (route: RouteCase) => BODY_LIMITS[`${route.method} ${route.url}`] ?? DEFAULT_BODY_LIMIT;

describe.each(testDatabases())('request bodies on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The route's answer, and whether JSON.parse ever saw this body. */
  async function send(route: RouteCase, payload: string) {
    const parse = vi.spyOn(JSON, 'parse');
    const response = await t.app.inject({
      method: route.method,
      url: route.url,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    const parsed = parse.mock.calls.some(([text]) => text === payload);
    parse.mockRestore();
    return { response, parsed };
  }

  describe.each(ROUTES)('$method $url', (route) => {
    it('takes a body within its limits past the body checks', async () => {
      const { response, parsed } = await send(route, JSON.stringify(route.fine));
      expect(parsed).toBe(true);
      expect(response.statusCode).not.toBe(413);
      expect(response.body).not.toContain('nested deeper');
    });

    it('refuses a body over its limit with 413 in the error shape, unparsed', async () => {
      const big = JSON.stringify({ ...route.fine, pad: 'x'.repeat(limitOf(route)) });
      const { response, parsed } = await send(route, big);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('payload_too_large');
      expect(parsed).toBe(false);
    });

    it('refuses nesting past the depth with 400 naming the reason, unparsed', async () => {
      const depth = MAX_JSON_DEPTH + 1;
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const { response, parsed } = await send(route, deep);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('validation_error');
      expect(error.message).toContain(`nested deeper than ${MAX_JSON_DEPTH}`);
      expect(error.details).toMatchObject({ field: '(root)', location: 'body' });
      expect(parsed).toBe(false);
    });
  });

  it('refuses the deepest body the size limit lets through, unparsed', async () => {
    const route = { method: 'POST' as const, url: '/api/data/chart/price', fine: {} };
    const half = (DEFAULT_BODY_LIMIT - 10) / 2;
    const { response, parsed } = await send(route, `${'['.repeat(half)}${']'.repeat(half)}`);
    expect(response.statusCode).toBe(400);
    expect(parsed).toBe(false);
  });

  it('still refuses prototype poisoning', async () => {
    const { response } = await send(ROUTES[0] as RouteCase, '{"name":"page_view","path":"/","__proto__":{"x":1}}');
    expect(response.statusCode).toBe(400);
  });
});
