import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDataCache, defaultDataCacheOptions } from '../../http/data-cache.ts';

/*
 * A stored answer must not run the handler: an async onRequest hook that sends without returning the
 * reply lets Fastify go on to the handler (its SQL and serialisation), which made cached answers as
 * slow as uncached ones in bench/api.ts.
 */
describe('data cache hits', () => {
  it('answer a repeat and a 304 without running the handler', async () => {
    const cache = createDataCache(async () => 1, { ...defaultDataCacheOptions, admitAfter: 1 });
    const app = Fastify({ logger: false });
    let runs = 0;
    app.get('/api/data/thing', { ...cache.hooks }, async () => {
      runs++;
      return { value: 42 };
    });
    const first = await app.inject({ url: '/api/data/thing?b=2&a=1' });
    const second = await app.inject({ url: '/api/data/thing?a=1&b=2' });
    const revalidated = await app.inject({
      url: '/api/data/thing?a=1&b=2',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect([first.headers['x-cache'], second.headers['x-cache'], revalidated.statusCode]).toEqual(['miss', 'hit', 304]);
    expect(second.json()).toEqual({ value: 42 });
    expect(runs).toBe(1);
    await app.close();
  });
});
