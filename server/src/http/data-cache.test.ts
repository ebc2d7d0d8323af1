import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { bumpDataVersion } from '../db/meta.ts';
import { compressionCount } from './compress.ts';
import { createDataCache, defaultDataCacheOptions, normalisedQuery } from './data-cache.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('data cache through the real server on $engine', (target) => {
  let t: TestApp;
  const url = '/api/data/indicator/odata?$select=ticker,pe&$orderby=ticker';
  beforeAll(async () => {
    t = await startTestApp(target);
    await insertIndicator(t.database.db, { ticker: 'ACME', pe: 10 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives an ETag and Cache-Control, and serves a repeat from memory without SQL', async () => {
    const first = await t.app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"0-[\w-]{16}"$/);
    expect(first.headers['cache-control']).toContain('public');
    expect(first.headers['x-cache']).toBe('miss');
    // Stored from its second request on (admitAfter): the second one still runs, and is kept.
    const second = await t.app.inject(url);
    expect(second.headers['x-cache']).toBe('miss');

    // Change the table behind the API's back (no version bump): a cached answer cannot see it.
    await t.database.db.updateTable('indicators').set({ pe: 99 }).execute();
    const again = await t.app.inject('/api/data/indicator/odata?$orderby=ticker&$select=ticker,pe');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(again.json()).toEqual({ value: [{ ticker: 'ACME', pe: 10 }] });
  });

  it('answers a matching If-None-Match with an empty 304', async () => {
    const first = await t.app.inject(url);
    const etag = String(first.headers.etag);
    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe(defaultDataCacheOptions.cacheControl);
    const otherQuery = await t.app.inject({ url: `${url}&$top=1`, headers: { 'if-none-match': etag } });
    expect(otherQuery.statusCode).toBe(200);
  });

  it('starts afresh when the data version is bumped (by this or another process)', async () => {
    const before = await t.app.inject(url);
    await bumpDataVersion(t.database.db);
    await sleep(defaultDataCacheOptions.versionTtlMs + 100);
    const after = await t.app.inject({ url, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toMatch(/^"1-/);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json()).toEqual({ value: [{ ticker: 'ACME', pe: 99 }] });
  });

  it('neither caches nor tags an error', async () => {
    const bad = await t.app.inject('/api/data/indicator/odata?$filter=pe%20gt');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    expect((await t.app.inject('/api/data/indicator/odata?$filter=pe%20gt')).headers['x-cache']).toBeUndefined();
  });
});

describe('data cache unit', () => {
  it('keeps serving cached answers with the last known version while the database is unreachable', async () => {
    let down = false;
    const cache = createDataCache(
      async () => {
        if (down) throw new Error('connect ECONNREFUSED');
        return 3;
      },
      { ...defaultDataCacheOptions, versionTtlMs: 0 },
    );
    const app = Fastify();
    app.get('/x', { ...cache.hooks }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/x')).headers['x-cache']).toBe('miss');
    expect((await app.inject('/x')).headers['x-cache']).toBe('miss');
    down = true;
    const during = await app.inject('/x');
    expect(during.statusCode).toBe(200);
    expect(during.headers['x-cache']).toBe('hit');
    expect(during.headers.etag).toMatch(/^"3-/);
    await app.close();
  });

  it('normalises the query: parameters sorted by name, repeated names kept in order', () => {
    expect(normalisedQuery('/a?b=2&a=1&c=x%20y')).toBe('/a?a=1&b=2&c=x+y');
    expect(normalisedQuery('/a?t=2&t=1')).toBe('/a?t=2&t=1');
    expect(normalisedQuery('/a')).toBe('/a');
  });

  it('keeps at most maxEntries, evicting the least recently used, and reads the version once per burst', async () => {
    let versionReads = 0;
    let handled = 0;
    const cache = createDataCache(
      async () => {
        versionReads += 1;
        await sleep(5);
        return 7;
      },
      { ...defaultDataCacheOptions, maxEntries: 2, versionTtlMs: 60_000, admitAfter: 1 },
    );
    const app = Fastify();
    app.get('/n/:id', { ...cache.hooks }, async (request) => {
      handled += 1;
      return { id: (request.params as { id: string }).id };
    });
    await app.ready();
    await Promise.all(['/n/1', '/n/2'].map((path) => app.inject(path)));
    expect(versionReads).toBe(1);
    await app.inject('/n/1'); // hit: 1 becomes the most recent
    await app.inject('/n/3'); // evicts 2
    expect(cache.size).toBe(2);
    expect(handled).toBe(3);
    expect((await app.inject('/n/1')).headers['x-cache']).toBe('hit');
    expect((await app.inject('/n/2')).headers['x-cache']).toBe('miss');
    expect(handled).toBe(4);
    await app.close();
  });

  it('stores an answer from its second request on, and forgets keys asked once beyond 4 x maxEntries', async () => {
    let handled = 0;
    const cache = createDataCache(async () => 1, { ...defaultDataCacheOptions, maxEntries: 2, versionTtlMs: 60_000 });
    const app = Fastify();
    app.get('/n/:id', { ...cache.hooks }, async (request) => {
      handled += 1;
      return { id: (request.params as { id: string }).id };
    });
    await app.ready();
    const xcache = async (path: string) => (await app.inject(path)).headers['x-cache'];
    expect([await xcache('/n/1'), await xcache('/n/1'), await xcache('/n/1')]).toEqual(['miss', 'miss', 'hit']);
    expect(handled).toBe(2);
    // Nine other keys asked once each: more than 4 x 2 remembered, so the first of them is forgotten.
    for (let i = 10; i < 19; i++) await xcache(`/n/${i}`);
    expect(cache.size).toBe(1);
    expect([await xcache('/n/10'), await xcache('/n/10')]).toEqual(['miss', 'miss']);
    expect([await xcache('/n/18'), await xcache('/n/18')]).toEqual(['miss', 'hit']);
    await app.close();
  });

  describe('compressed answers (issue 20)', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({ day: `2025-01-${i}`, close: 100 + i / 7 }));
    const text = JSON.stringify({ points });
    let handled = 0;
    const cache = createDataCache(async () => 4, { ...defaultDataCacheOptions, versionTtlMs: 60_000 });
    const app = Fastify();
    app.get('/big', { ...cache.hooks }, async () => {
      handled += 1;
      return { points };
    });
    app.get('/small', { ...cache.hooks }, async () => ({ ok: true }));
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

    it('stores an answer compressed once: a hit sends the stored bytes and compresses nothing', async () => {
      await app.ready();
      const first = await get('/big', { 'accept-encoding': 'gzip, deflate, br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(first.rawPayload).toString()).toBe(text);
      const stored = await get('/big', { 'accept-encoding': 'gzip, deflate, br' }); // second: stored
      const before = compressionCount();
      const hits = await Promise.all([1, 2, 3].map(() => get('/big', { 'accept-encoding': 'br' })));
      expect(compressionCount()).toBe(before);
      expect(handled).toBe(2);
      for (const hit of hits) {
        expect(hit.headers['x-cache']).toBe('hit');
        expect(hit.headers['content-encoding']).toBe('br');
        expect(hit.headers.vary).toBe('Accept-Encoding');
        expect(hit.headers.etag).toBe(stored.headers.etag);
        expect(hit.rawPayload.equals(stored.rawPayload)).toBe(true);
      }
      // Another encoding is made once from the stored answer, then kept with it too.
      const gzip = await get('/big', { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
      expect(compressionCount()).toBe(before + 1);
      const gzipAgain = await get('/big', { 'accept-encoding': 'gzip' });
      expect(compressionCount()).toBe(before + 1);
      expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
      const raw = await get('/big');
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.headers.vary).toBe('Accept-Encoding');
      expect(raw.body).toBe(text);
      expect(compressionCount()).toBe(before + 1);
      expect(handled).toBe(2);
    });

    it('gives each encoding its own ETag, and any of them revalidates', async () => {
      const tags = await Promise.all(
        ['br', 'gzip', 'identity'].map(
          async (coding) => (await get('/big', { 'accept-encoding': coding })).headers.etag,
        ),
      );
      expect(tags[0]).toMatch(/^"4-[\w-]{16}-br"$/);
      expect(tags[1]).toMatch(/-gzip"$/);
      expect(tags[2]).toMatch(/^"4-[\w-]{16}"$/);
      for (const tag of tags) {
        const revalidated = await get('/big', { 'accept-encoding': 'br', 'if-none-match': String(tag) });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.headers.etag).toBe(tag);
        expect(revalidated.headers.vary).toBe('Accept-Encoding');
      }
      const other = await get('/big', { 'accept-encoding': 'br', 'if-none-match': '"4-something-else-br"' });
      expect(other.statusCode).toBe(200);
    });

    it('sends a small answer raw, with its identity ETag, whatever was asked', async () => {
      for (let i = 0; i < 3; i++) {
        const small = await get('/small', { 'accept-encoding': 'br' });
        expect(small.headers['content-encoding']).toBeUndefined();
        expect(small.headers.etag).toMatch(/^"4-[\w-]{16}"$/);
        expect(small.json()).toEqual({ ok: true });
      }
    });
  });
});
