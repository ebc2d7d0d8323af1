import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertSecurity } from '../../../test/securities.ts';
import { upsertFeed } from '../../news/registry.ts';

describe.each(testDatabases())('GET /api/rss on $engine', (target) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(target, { FEEDS_DEMO: 'true', PUBLIC_URL: 'http://localhost:3999' });
  });
  afterEach(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const now = '2025-11-05T12:00:00.000Z';

  async function seed(
    url: string,
    kind: 'home' | 'analysis',
    locale: string,
    items: [string, string, string | null][],
  ) {
    const feedId = await upsertFeed(t.database.db, { url, kind, locale, origin: 'cli', title: `Feed ${url}` });
    for (const [guid, published, link] of items) {
      const row = await t.database.db
        .insertInto('news_items')
        .values({
          feed_id: feedId,
          guid,
          link,
          title: `Title ${guid}`,
          summary: '<p>s</p>',
          published_at: published,
          source: `Feed ${url}`,
          locale,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db.insertInto('news_item_tickers').values({ news_item_id: row.id, ticker: 'NWE' }).execute();
    }
  }

  it('serves a registered feed newest first, paged', async () => {
    await seed('https://feeds.example/a.xml', 'home', 'en', [
      ['a1', '2025-11-01T10:00:00.000Z', null],
      ['a2', '2025-11-03T10:00:00.000Z', null],
      ['a3', '2025-11-02T10:00:00.000Z', null],
    ]);
    const response = await get('/api/rss/?url=https%3A%2F%2Ffeeds.example%2Fa.xml&skip=1&limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json();
    expect(body).toMatchObject({
      skip: 1,
      limit: 1,
      total: 3,
      feed: { url: 'https://feeds.example/a.xml', kind: 'home' },
    });
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Title a3']);
    expect(body.items[0]).toMatchObject({ tickers: ['NWE'], summary: '<p>s</p>', locale: 'en' });
  });

  it('refuses a URL that is not registered, naming the field', async () => {
    const response = await get('/api/rss/?url=http%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error', details: { field: 'url' } });
    expect(response.json().error.message).toMatch(/not a registered feed or company link/);
  });

  it.each([
    ['/api/rss/', 'url'],
    ['/api/rss/?url=ftp%3A%2F%2Fx.example%2F', 'url'],
    ['/api/rss/?url=https%3A%2F%2Fu%3Ap%40x.example%2F', 'url'],
    ['/api/rss/home?limit=101', 'limit'],
    ['/api/rss/home?limit=0', 'limit'],
    ['/api/rss/analysis?skip=-1', 'skip'],
    ['/api/rss/home?skip=abc', 'skip'],
    ['/api/rss/home?locale=xx', 'locale'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.field).toBe(field);
  });

  it('accepts a company link and registers it as the company feed', async () => {
    await insertSecurity(t.database.db, {
      ticker: 'NWE',
      name: 'Northwind',
      investor_relations_url: 'https://ir.northwind.example',
      created_at: now,
      updated_at: now,
    });
    const response = await get('/api/rss/?url=https%3A%2F%2Fir.northwind.example%2F');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 0, feed: { kind: 'company', ticker: 'NWE', lastSuccessAt: null } });
  });

  it('merges the home feeds of a locale newest first, each story once', async () => {
    await seed('https://feeds.example/de1.xml', 'home', 'de', [
      ['d1', '2025-11-01T10:00:00.000Z', 'https://news.example/same'],
      ['d2', '2025-11-04T10:00:00.000Z', null],
    ]);
    await seed('https://feeds.example/de2.xml', 'home', 'de', [
      ['e1', '2025-11-02T10:00:00.000Z', 'https://news.example/same'],
      ['e2', '2025-11-03T10:00:00.000Z', null],
    ]);
    await seed('https://feeds.example/en.xml', 'home', 'en', [['n1', '2025-11-05T10:00:00.000Z', null]]);
    const body = (await get('/api/rss/home?locale=de')).json();
    expect(body).toMatchObject({ locale: 'de', total: 3 });
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Title d2', 'Title e2', 'Title d1']);
  });

  it('falls back to the English feeds where a locale has none', async () => {
    await seed('https://feeds.example/an.xml', 'analysis', 'en', [['x', '2025-11-05T10:00:00.000Z', null]]);
    const body = (await get('/api/rss/analysis?locale=fi')).json();
    expect(body).toMatchObject({ locale: 'en', total: 1, skip: 0, limit: 20 });
  });

  it('serves the generated demo feeds as XML', async () => {
    const home = await get('/api/rss/demo/home-de.xml');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(home.body).toContain('<title>Demo-Nachrichten</title>');
    expect((await get('/api/rss/demo/analysis-en.xml')).headers['content-type']).toMatch(/atom/);
    expect((await get('/api/rss/demo/nope.xml')).statusCode).toBe(404);
  });
});
