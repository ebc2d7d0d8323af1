import { LANGUAGES, type NewsItem } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertSecurity } from '../../../test/securities.ts';
import { DEMO_TEXTS } from '../../news/demo-texts.ts';
import { type Log, refreshDueFeeds, syncRegistry } from '../../news/refresher.ts';
import { upsertFeed } from '../../news/registry.ts';
import { testNewsSettings } from '../../news/test-feed-server.ts';

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A headline template as a pattern: its slots match any text. */
function templatePattern(template: string): RegExp {
  const literal = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal.replace(/\\?\{(name|ticker|pct)\\?\}/g, '.+')}$`);
}

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
    items: [string, string, string | null, string?][],
  ) {
    const feedId = await upsertFeed(t.database.db, { url, kind, locale, origin: 'cli', title: `Feed ${url}` });
    for (const [guid, published, link, title] of items) {
      const row = await t.database.db
        .insertInto('news_items')
        .values({
          feed_id: feedId,
          guid,
          link,
          title: title ?? `Title ${guid}`,
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

  it('shows a headline sent again under a new guid once on a merged list (issue 46)', async () => {
    await seed('https://feeds.example/sv1.xml', 'home', 'sv', [
      ['s1', '2025-11-01T10:00:00.000Z', null, 'Räntan oförändrad'],
      ['s2', '2025-11-02T10:00:00.000Z', null, 'Räntan oförändrad'],
      ['s3', '2025-11-03T10:00:00.000Z', null, 'Kronan stärks'],
    ]);
    await seed('https://feeds.example/sv2.xml', 'home', 'sv', [
      ['t1', '2025-11-04T10:00:00.000Z', 'https://news.example/krona', 'Kronan stärks'],
    ]);
    const body = (await get('/api/rss/home?locale=sv')).json();
    expect(body.total).toBe(2);
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Kronan stärks', 'Räntan oförändrad']);
  });

  it('falls back to the English feeds where a locale has none', async () => {
    await seed('https://feeds.example/an.xml', 'analysis', 'en', [['x', '2025-11-05T10:00:00.000Z', null]]);
    const body = (await get('/api/rss/analysis?locale=fi')).json();
    expect(body).toMatchObject({ locale: 'en', total: 1, skip: 0, limit: 20 });
  });

  it("tells a demo company's news in each of the 20 languages, the same stories; a real feed stays as it is", async () => {
    await insertSecurity(t.database.db, { ticker: 'ZQA', name: 'Zenquarry Metals', is_demo: 1 });
    const settings = testNewsSettings({
      publicUrl: 'http://localhost:3999',
      demo: true,
      fetch: { allowLoopback: false, timeoutMs: 2000, maxBytes: 1_000_000 },
    });
    const deps = { db: t.database.db, settings, log: silent };
    await syncRegistry(deps, new Date(now));
    expect(await refreshDueFeeds(deps, new Date(now))).toMatchObject({ updated: 40 + 1, failed: 0 });
    const feedUrl = encodeURIComponent('http://localhost:3999/api/rss/demo/company-zqa.xml');
    const english = (await get(`/api/rss/?url=${feedUrl}`)).json();
    expect(english.total).toBeGreaterThan(5);
    expect(english.feed).toMatchObject({ locale: 'en', title: 'Zenquarry Metals (demo)', ticker: 'ZQA' });
    // English asked for is the stored feed itself.
    expect((await get(`/api/rss/?url=${feedUrl}&locale=en`)).json()).toEqual(english);
    const templateOf = (language: string, title: string) =>
      (DEMO_TEXTS[language]?.company ?? []).findIndex((template) => templatePattern(template).test(title));
    const storyOrder = english.items.map((item: NewsItem) => templateOf('en', item.title));
    expect(storyOrder.every((index: number) => index >= 0)).toBe(true);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const response = await get(`/api/rss/?url=${feedUrl}&locale=${language}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.feed).toMatchObject({ locale: language, ticker: 'ZQA' });
      expect(body.feed.title).toContain('Zenquarry Metals');
      expect(body.total).toBe(english.total);
      const items: NewsItem[] = body.items;
      // The same items (ids, dates, tickers), each the same story from the language's own templates.
      expect(items.map((i) => [i.id, i.publishedAt, i.tickers])).toEqual(
        english.items.map((i: NewsItem) => [i.id, i.publishedAt, i.tickers]),
      );
      expect(
        items.map((i) => templateOf(language, i.title)),
        language,
      ).toEqual(storyOrder);
      for (const item of items) {
        expect(item).toMatchObject({ locale: language, source: body.feed.title });
        expect(item.summary).toContain('Zenquarry Metals (ZQA)');
        expect(item.summary).not.toBe(english.items[0].summary);
      }
    }
    // A feed that is not the demo's keeps its language whatever the reader's.
    await seed('https://feeds.example/real.xml', 'home', 'en', [['r1', '2025-11-01T10:00:00.000Z', null]]);
    const real = (await get('/api/rss/?url=https%3A%2F%2Ffeeds.example%2Freal.xml&locale=de')).json();
    expect(real.feed.locale).toBe('en');
    expect(real.items[0]).toMatchObject({ title: 'Title r1', locale: 'en' });
    expect((await get(`/api/rss/?url=${feedUrl}&locale=xx`)).json().error.details.field).toBe('locale');
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
