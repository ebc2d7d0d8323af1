import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';

describe.each(testDatabases())('API shell on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: target.engine, dataVersion: 0 });
  });

  it('gives an unknown /api path a 404 in the error shape', async () => {
    const response = await t.app.inject('/api/does-not-exist?x=1');
    expect(response.statusCode).toBe(404);
    expect(errorBody.parse(response.json()).error.code).toBe('not_found');
  });

  it('names the field of a validation error, with a 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'page_view' } });
    expect(response.statusCode).toBe(400);
    const body = errorBody.parse(response.json());
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toContain('"path"');
    expect(body.error.details).toMatchObject({ field: 'path', location: 'body' });
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody.parse(response.json()).error.code).toBe('validation_error');
  });

  it('echoes a sane caller request id', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hides an internal failure behind the error shape, with no stack or driver text', async () => {
    const broken = await startTestApp(target);
    await broken.database.close();
    const response = await broken.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'page_view', path: '/' },
    });
    await broken.app.close();
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const body = errorBody.parse(response.json());
    expect(['internal_error', 'service_unavailable']).toContain(body.error.code);
    expect(response.body).not.toMatch(/\.ts:\d+|sqlite|pool|stack/i);
  });

  it('stores a page_view event, and discards it under Do-Not-Track', async () => {
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { name: 'page_view', path: '/de/stocks/ACME' },
    });
    expect(stored.statusCode).toBe(204);
    const dnt = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { dnt: '1' },
      payload: { name: 'page_view', path: '/private' },
    });
    expect(dnt.statusCode).toBe(204);
    const rows = await t.database.db.selectFrom('analytics_events').select(['name', 'path', 'language']).execute();
    expect(rows).toEqual([{ name: 'page_view', path: '/de/stocks/ACME', language: 'de' }]);
  });

  it('publishes an OpenAPI 3.1 document generated from the contract', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/events'].post).toBeDefined();
    expect(document.components.schemas).toHaveProperty('AnalyticsEvent');
    expect((await t.app.inject('/api/docs/')).statusCode).toBe(200);
  });

  it('sends security headers and no X-Powered-By; a JSON answer gets the short set, no page policy', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    for (const name of ['referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'])
      expect(response.headers[name], name).toBeUndefined();
    const docs = await t.app.inject('/api/docs/');
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('serving the built web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  let t: TestApp;
  beforeAll(async () => {
    const [sqlite] = testDatabases();
    if (!sqlite) throw new Error('no SQLite target');
    t = await startTestApp(sqlite, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates HTML', async () => {
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const home = await t.app.inject('/');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<title>app</title>');
  });

  it.each(['/stocks/ACME', '/de', '/de/stocks/ACME', '/el/crypto/BTC'])(
    'answers the app route %s with the app',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers HEAD for an app route', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/fr/stocks/ACME' })).statusCode).toBe(200);
  });

  it('does not answer a missing asset or API path with the app', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/api/nothing')).headers['content-type']).toContain('application/json');
  });
});
