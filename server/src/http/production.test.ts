import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { registerSecurityHeaders } from '../web/security-headers.ts';
import { tokenBuckets } from './rate-limit.ts';

describe('token buckets', () => {
  it('allows a burst of the limit, then one request per window/limit', () => {
    const buckets = tokenBuckets(3, 60);
    const t0 = 1_000_000;
    expect([buckets.take('a', t0), buckets.take('a', t0), buckets.take('a', t0)]).toEqual([0, 0, 0]);
    expect(buckets.take('a', t0)).toBe(20); // one token per 20 s
    expect(buckets.take('b', t0)).toBe(0); // another address has its own bucket
    expect(buckets.take('a', t0 + 20_000)).toBe(0);
    expect(buckets.take('a', t0 + 20_000)).toBe(20);
  });

  it('forgets the idlest addresses past its bound', () => {
    const buckets = tokenBuckets(1, 60, 2);
    for (const key of ['a', 'b', 'c']) buckets.take(key, 0);
    expect(buckets.size).toBe(2);
    expect(buckets.take('a', 0)).toBe(0); // 'a' was forgotten: a fresh bucket
  });
});

describe('HSTS', () => {
  it.each([
    [true, 'max-age=63072000; includeSubDomains'],
    [false, undefined],
  ])('hsts %s', async (hsts, expected) => {
    const app = Fastify();
    registerSecurityHeaders(app, "default-src 'self'", { hsts });
    app.get('/', async () => 'ok');
    const response = await app.inject('/');
    expect(response.headers['strict-transport-security']).toBe(expected);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});

describe.each(testDatabases())('rate limits and metrics on $engine', (target) => {
  let server: TestApp;
  afterEach(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After in the error shape once a bucket is empty, per client address', async () => {
    server = await startTestApp(target, { RATE_LIMIT_SEARCH: '2', RATE_LIMIT_ODATA: '1', RATE_LIMIT_SIGN_IN: '1' });
    const search = (remoteAddress: string) =>
      server.app.inject({ url: '/api/data/company/search?q=sol', remoteAddress });
    expect((await search('10.0.0.1')).statusCode).toBe(200);
    expect((await search('10.0.0.1')).statusCode).toBe(200);
    const refused = await search('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(30);
    expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests; retry in 30 s' } });
    expect((await search('10.0.0.2')).statusCode).toBe(200);

    // OData and sign-in have buckets of their own.
    const odata = () => server.app.inject('/api/data/indicator/odata?$top=1');
    expect((await odata()).statusCode).toBe(200);
    expect((await odata()).statusCode).toBe(429);
    const nonce = () => server.app.inject('/api/auth/wallet/nonce?address=0x0000000000000000000000000000000000000001');
    expect((await nonce()).statusCode).not.toBe(429);
    expect((await nonce()).statusCode).toBe(429);
    // Calls outside the buckets are never limited.
    for (let i = 0; i < 5; i++) expect((await server.app.inject('/api/data/status')).statusCode).toBe(200);

    const metrics = await server.app.inject('/metrics');
    expect(metrics.body).toMatch(/ledgerlight_rate_limited_total\{bucket="search"\} 1/);
    expect(metrics.body).toMatch(/ledgerlight_rate_limited_total\{bucket="sign-in"\} 1/);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const forwarded = (app: TestApp['app'], client: string) =>
      app.inject({ url: '/api/data/company/search?q=x', headers: { 'x-forwarded-for': client } });
    server = await startTestApp(target, { RATE_LIMIT_SEARCH: '1', TRUST_PROXY: '127.0.0.1' });
    expect((await forwarded(server.app, '203.0.113.1')).statusCode).toBe(200);
    expect((await forwarded(server.app, '203.0.113.2')).statusCode).toBe(200);
    expect((await forwarded(server.app, '203.0.113.1')).statusCode).toBe(429);
    await server.close();

    // Not trusted: every request comes from the proxy's own address, whatever the header says.
    server = await startTestApp(target, { RATE_LIMIT_SEARCH: '1' });
    expect((await forwarded(server.app, '203.0.113.1')).statusCode).toBe(200);
    expect((await forwarded(server.app, '203.0.113.2')).statusCode).toBe(429);
  });

  it('serves Prometheus metrics: requests per route and status, cache results, database and ingest', async () => {
    server = await startTestApp(target, { RATE_LIMIT_SEARCH: '0' });
    await server.app.inject('/api/data/status');
    // Stored from its second request on: the third is a hit.
    for (let i = 0; i < 3; i++) await server.app.inject('/api/data/company/search?q=sol');
    await server.app.inject('/api/data/company?ticker=NOPE');
    await server.app.inject('/api/no-such-call');
    const response = await server.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    expect(body).toMatch(
      /ledgerlight_http_requests_total\{method="GET",route="\/api\/data\/company\/search",status="200"\} 3/,
    );
    expect(body).toMatch(/ledgerlight_http_requests_total\{method="GET",route="\/api\/data\/company",status="404"\} 1/);
    expect(body).toMatch(/ledgerlight_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(body).toMatch(
      /ledgerlight_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/data\/status"/,
    );
    expect(body).toMatch(/ledgerlight_data_cache_requests_total\{result="miss"\} [1-9]/);
    expect(body).toMatch(/ledgerlight_data_cache_requests_total\{result="hit"\} [1-9]/);
    expect(body).toMatch(/ledgerlight_database_up 1/);
    expect(body).toMatch(/process_resident_memory_bytes \d+/);
    if (target.engine === 'postgres') expect(body).toMatch(/ledgerlight_db_pool_connections\{state="max"\} 4/);
    expect(body).not.toContain('NOPE');
  });

  it('reports ingest progress from the database', async () => {
    server = await startTestApp(target);
    const db = server.database.db;
    const run = await db
      .insertInto('ingest_runs')
      .values({
        source: 'yahoo',
        args: '["--all"]',
        status: 'running',
        total: 5,
        started_at: 'x',
        finished_at: null,
        summary: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const ticker of ['A', 'B'])
      await db
        .insertInto('ingest_run_items')
        .values({ run_id: run.id, ticker, status: 'loaded', detail: null, finished_at: 'x' })
        .execute();
    const body = (await server.app.inject('/metrics')).body;
    expect(body).toMatch(/ledgerlight_ingest_run_securities\{source="yahoo"\} 5/);
    expect(body).toMatch(/ledgerlight_ingest_run_done_securities\{source="yahoo"\} 2/);
    expect(body).toMatch(/ledgerlight_ingest_run_running\{source="yahoo"\} 1/);
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    server = await startTestApp(target, { METRICS_TOKEN: 'metrics-token-0123456789' });
    expect((await server.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.json().error.code).toBe('unauthorized');
    const right = await server.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(right.statusCode).toBe(200);
  });
});
