import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertIndicator } from '../../../test/indicator-factory.ts';
import { loadConfig } from '../../config.ts';
import type { ZodApp } from '../../context.ts';
import { dataCache } from '../../http/data-cache.ts';
import { sitemapRoutes } from './routes.ts';

const PUBLIC_URL = 'https://ll.example';

describe.each(testDatabases())('a sitemap split into parts on $engine', (target) => {
  let t: TestApp;
  let app: ZodApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    for (const ticker of ['AAA', 'BBB', 'CCC']) await insertIndicator(t.database.db, { ticker });
    // Two securities per part, so three securities need an index of a pages part and two ticker parts.
    app = Fastify() as unknown as ZodApp;
    sitemapRoutes(app, { config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL }), database: t.database }, 2);
    await app.ready();
    dataCache(t.database).clear();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('makes /sitemap.xml an index of the parts, and each part lists its share', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const parts = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual([
      `${PUBLIC_URL}/sitemap/pages.xml`,
      `${PUBLIC_URL}/sitemap/securities-1.xml`,
      `${PUBLIC_URL}/sitemap/securities-2.xml`,
    ]);
    const first = await app.inject({ url: '/sitemap/securities-1.xml' });
    const second = await app.inject({ url: '/sitemap/securities-2.xml' });
    const pages = await app.inject({ url: '/sitemap/pages.xml' });
    expect(first.body).toContain(`<loc>${PUBLIC_URL}/stocks/AAA</loc>`);
    expect(first.body).toContain(`<loc>${PUBLIC_URL}/fi/stocks/BBB</loc>`);
    expect(second.body).toContain(`<loc>${PUBLIC_URL}/stocks/CCC</loc>`);
    expect(second.body).not.toContain('/stocks/AAA<');
    expect(pages.body).toContain(`<loc>${PUBLIC_URL}/af/green-stocks</loc>`);
    expect((await app.inject({ url: '/sitemap/securities-3.xml' })).statusCode).not.toBe(200);
  });
});
