import net from 'node:net';
import { errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { seededRandom } from '../odata/fuzz.ts';
import { type FuzzRequest, fuzzRequest, type RouteSpec, routesFromTree } from './route-fuzz.ts';

/*
 * Every route of the app under random and hostile requests: every answer of 400 or more is the one error
 * shape, JSON, never a 500. Two kinds of answers are not the API's and keep their own format: the
 * development provider's sign-in pages (HTML for a person in the browser), and nothing else.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20260221);
const PER_ROUTE = 40;

/** Sign-in pages of the development provider: HTML for people, answered in HTML even when they fail. */
const HTML_PAGES = /^\/idp\/interaction\//;

function checkAnswer(request: FuzzRequest, route: string, status: number, type: string | undefined, body: string) {
  const context = `seed ${seed}, ${request.method} ${request.url.slice(0, 300)} (${route}) -> ${status} ${body.slice(0, 300)}`;
  expect(status, context).toBeLessThan(500);
  if (status < 400 || request.method === 'HEAD') return;
  if (HTML_PAGES.test(route) && type?.startsWith('text/html')) return;
  expect(type, context).toMatch(/^application\/json/);
  const parsed = errorBody.safeParse(JSON.parse(body));
  expect(parsed.success, context).toBe(true);
}

describe.each(testDatabases())('route fuzz: the error shape on every route, on $engine', (target) => {
  let t: TestApp;
  let routes: RouteSpec[];
  beforeAll(async () => {
    t = await startTestApp(target);
    await insertIndicator(t.database.db, { ticker: 'ACME', name: 'Acme Corp', sector: 'Technology' });
    routes = routesFromTree(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds every route of the app', () => {
    const urls = routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/data/company/:ticker/links',
        '/api/data/indicator/odatav2',
        '/api/data/sheet/data/:ticker/:sheet',
        '/api/me/watchlist',
        '/idp/interaction/:uid/login',
        '/metrics',
        '/sitemap/:part',
      ]),
    );
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers a method a path does not have with 405 and Allow, and an unknown path with 404', async () => {
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/data/company/ACME/links/' });
    expect([wrong.statusCode, wrong.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect(wrong.json().error).toEqual({
      code: 'method_not_allowed',
      message: 'DELETE is not allowed here; use GET, HEAD',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/events' })).headers.allow).toBe('POST');
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/data/nothing' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
  });

  it('answers a development-provider path it has no route for with a 404 in the error shape', async () => {
    for (const url of ['/idp/nothing', '/idp/Interaction/x/login', '/idp/token/x']) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(404);
      expect(errorBody.parse(response.json()).error.code).toBe('not_found');
    }
    // Its OAuth errors keep their own format (RFC 6749 5.2), which OpenID clients read.
    const token = await t.app.inject({ method: 'POST', url: '/idp/token', payload: {} });
    expect(token.json()).toMatchObject({ error: 'invalid_request' });
  });

  it(`answers ${PER_ROUTE} random requests per route below 500, errors in the error shape`, async () => {
    const random = seededRandom(seed + (target.engine === 'postgres' ? 1 : 0));
    const statuses = new Map<number, number>();
    for (const route of routes) {
      for (let n = 0; n < PER_ROUTE; n += 1) {
        const request = fuzzRequest(random, route);
        const response = await t.app.inject(request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        checkAnswer(
          request,
          route.url,
          response.statusCode,
          String(response.headers['content-type'] ?? ''),
          response.body,
        );
        if (response.statusCode === 405) expect(response.headers.allow, request.url).toMatch(/^[A-Z, ]+$/);
      }
    }
    // The generator must reach the answers it is meant to test, or this proves little.
    for (const status of [200, 400, 404, 405, 413, 414, 415])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 60_000); // thousands of requests: 3-4 s alone, more beside another test file on 2 cores
});

describe('route fuzz over a socket: what Node answers before any route', () => {
  let t: TestApp;
  let port = 0;
  let routes: RouteSpec[];
  beforeAll(async () => {
    const [sqlite] = testDatabases();
    if (!sqlite) throw new Error('no SQLite target');
    t = await startTestApp(sqlite);
    routes = routesFromTree(t.app.printRoutes({ commonPrefix: false }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** One raw request on a fresh connection; the whole answer once the server closes it. */
  const raw = (text: string) =>
    new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
      });
      socket.on('close', () => {
        const end = received.indexOf('\r\n\r\n');
        const head = received.slice(0, end);
        resolve({
          status: Number(head.split(' ')[1]),
          type: /\r\ncontent-type: *([^\r]+)/i.exec(head)?.[1],
          body: received.slice(end + 4),
        });
      });
    });

  it('answers a URL over 16 KB, a bad header and a bad encoding on every route in the error shape', async () => {
    for (const route of routes) {
      const path = route.url.replaceAll(/:[^/]+|\*/g, 'ACME');
      const method = route.methods[0] ?? 'GET';
      const cases: [string, number][] = [
        [`${method} ${path}?q=${'x'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
        [`${method} ${path} HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n`, 400],
        [`${method} ${path}/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 400],
      ];
      for (const [text, expected] of cases) {
        const answer = await raw(text);
        const request = { method, url: text.slice(0, 200), headers: {} } as FuzzRequest;
        expect(answer.status, text.slice(0, 120)).toBe(expected);
        checkAnswer(request, route.url, answer.status, answer.type, answer.body);
      }
    }
  });
});
