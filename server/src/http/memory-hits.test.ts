import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { loadSecurities, weekdayBars } from '../../test/market-factory.ts';
import { dataCache } from './data-cache.ts';

/*
 * ADR 0019: a stored data answer is written before Fastify routes the request. Two servers on one
 * database, one with the memory hits and one without, must give the same status, headers and bytes for
 * every stored answer in every encoding (the same data in each one's database); the cache's memoryHit
 * counts the answers given before routing.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(app: TestApp, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = app.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** The headers a request may differ in: its own id and the clock. */
const comparable = ({ date: _date, 'x-request-id': _id, ...rest }: http.IncomingHttpHeaders) => rest;

const URLS = [
  // Over 1 kB: stored and sent compressed as asked.
  '/api/data/chart/price?tickers=ACME&from=2024-01-01',
  '/api/data/v2/chart/price?tickers=ACME,BOLT&from=2024-06-01&to=2024-12-31',
  '/api/data/company?ticker=ACME',
  // A small answer goes out raw whatever was asked.
  '/api/data/company/search?q=BOL',
];
const ENCODINGS = ['br, gzip', 'gzip', ''];

describe.each(testDatabases())('stored answers written before routing on $engine', (target) => {
  let fast: TestApp;
  let routed: TestApp;
  const hits = () => {
    const spy = vi.spyOn(dataCache(fast.database), 'memoryHit');
    return () => {
      const answered = spy.mock.results.filter((r) => r.type === 'return' && r.value !== undefined).length;
      spy.mockRestore();
      return answered;
    };
  };

  beforeAll(async () => {
    fast = await startTestApp(target, { RATE_LIMIT_ODATA: '3' });
    routed = await startTestApp(target, { RATE_LIMIT_ODATA: '3' }, { memoryHits: false });
    const bars = (base: number) => weekdayBars('2023-01-02', '2024-12-31', (_day, i) => base + (i % 37) * 0.25);
    // Each test database is its own (a memory file, a schema): the same securities go into both.
    for (const app of [fast, routed]) {
      await loadSecurities(app.database.db, [
        { ticker: 'ACME', prices: bars(100) },
        { ticker: 'BOLT', prices: bars(40) },
      ]);
    }
    await fast.app.listen({ port: 0, host: '127.0.0.1' });
    await routed.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await fast?.close();
    await routed?.close();
  });

  it.each(ENCODINGS.map((e) => [e || 'no encoding', e]))(
    'gives the same status, headers and bytes as the route for every stored answer (%s)',
    async (_name, encoding) => {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      // Stored from the second request on; the third is a hit.
      for (const url of URLS) for (let i = 0; i < 2; i++) await get(fast, url, headers);
      for (const url of URLS) for (let i = 0; i < 2; i++) await get(routed, url, headers);
      const counted = hits();
      for (const url of URLS) {
        const before = await get(fast, url, headers);
        const after = await get(routed, url, headers);
        expect(before.status, url).toBe(200);
        expect(before.headers['x-cache'], url).toBe('hit');
        expect(comparable(before.headers), url).toEqual(comparable(after.headers));
        expect(before.body.equals(after.body), url).toBe(true);
        expect(before.headers['x-request-id']).toMatch(/^[\da-f-]{36}$/);
      }
      expect(counted()).toBe(URLS.length);
    },
  );

  it('encodes a stored answer the first time an encoding is asked through the route, then from memory', async () => {
    const url = '/api/data/chart/price?tickers=BOLT&from=2023-06-01';
    for (let i = 0; i < 2; i++) await get(fast, url);
    let counted = hits();
    const first = await get(fast, url, { 'accept-encoding': 'gzip' });
    expect(counted()).toBe(0);
    counted = hits();
    const second = await get(fast, url, { 'accept-encoding': 'gzip' });
    expect(counted()).toBe(1);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('echoes a sane request id, revalidates through the route (304), and leaves HEAD to it', async () => {
    const url = URLS[0] as string;
    const stored = await get(fast, url, { 'x-request-id': 'trace-42' });
    expect(stored.headers['x-cache']).toBe('hit');
    expect(stored.headers['x-request-id']).toBe('trace-42');
    const counted = hits();
    const revalidated = await get(fast, url, { 'if-none-match': String(stored.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(counted()).toBe(0);
    const head = await new Promise<number>((resolve, reject) => {
      const { port } = fast.app.server.address() as AddressInfo;
      http
        .request({ host: '127.0.0.1', port, path: url, method: 'HEAD' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject)
        .end();
    });
    expect(head).toBe(200);
  });

  it('leaves a rate-limited route to the routes: stored or not, each request spends from its bucket', async () => {
    const url = '/api/data/indicator/odata?$select=ticker&$orderby=ticker';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(fast, url)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts hits written before routing in /metrics like the routes do', async () => {
    const url = URLS[2] as string;
    const metric = async () => {
      const text = (await get(fast, '/metrics')).body.toString();
      const line = text.split('\n').find((l) => l.startsWith('ledgerlight_data_cache_requests_total{result="hit"}'));
      const route = text
        .split('\n')
        .find((l) =>
          l.startsWith('ledgerlight_http_requests_total{method="GET",route="/api/data/company",status="200"}'),
        );
      return [Number(line?.split(' ')[1] ?? 0), Number(route?.split(' ')[1] ?? 0)] as const;
    };
    const [hitsBefore, routeBefore] = await metric();
    const counted = hits();
    await get(fast, url);
    await get(fast, url);
    expect(counted()).toBe(2);
    const [hitsAfter, routeAfter] = await metric();
    expect(hitsAfter - hitsBefore).toBe(2);
    expect(routeAfter - routeBefore).toBe(2);
  });
});
