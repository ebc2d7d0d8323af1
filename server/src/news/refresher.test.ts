import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity } from '../../test/securities.ts';
import type { Database } from '../db/index.ts';
import { backoffSeconds, type NewsSettings, refreshDueFeeds, startNewsRefresher, syncRegistry } from './refresher.ts';
import { listFeeds, upsertFeed } from './registry.ts';
import { silentLog, startFeedServer, type TestFeedServer, testNewsSettings } from './test-feed-server.ts';

const rss = (items: [string, string][]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Local feed</title>${items
    .map(
      ([guid, title]) =>
        `<item><guid>${guid}</guid><title>${title}</title><link>https://news.example/${guid}</link><pubDate>Mon, 03 Nov 2025 14:00:00 GMT</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

const silent = silentLog;
const T0 = new Date('2025-11-05T12:00:00.000Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const SETTINGS = testNewsSettings();

describe.each(testDatabases())('news refresher on $engine', (target) => {
  let database: Database;
  let server: TestFeedServer;
  let documents: Record<string, string>;
  let failing: Set<string>;
  const settings = SETTINGS;

  beforeEach(async () => {
    database = await migratedDatabase(target);
    documents = {};
    failing = new Set();
    server = await startFeedServer((req, res) => {
      const path = req.url ?? '';
      if (failing.has(path)) return void res.writeHead(500).end();
      const body = documents[path];
      if (body === undefined) return void res.writeHead(404).end();
      const etag = `"${body.length}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res
        .writeHead(200, {
          'content-type': 'application/rss+xml',
          etag,
          'last-modified': 'Mon, 03 Nov 2025 14:00:00 GMT',
        })
        .end(body);
    });
  });
  afterEach(async () => {
    await server.close();
    await database.close();
  });

  const deps = () => ({ db: database.db, settings, log: silent });
  const addFeed = (path: string, kind: 'home' | 'analysis' = 'home') =>
    upsertFeed(database.db, { url: `${server.url}${path}`, kind, locale: 'en', origin: 'cli' });
  const itemCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('news_items')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores items, then asks conditionally and stores nothing twice', async () => {
    documents['/a'] = rss([
      ['1', 'One'],
      ['2', 'Two'],
    ]);
    await addFeed('/a');
    expect(await refreshDueFeeds(deps(), T0)).toMatchObject({ updated: 1, newItems: 2 });

    // Not due before the interval has passed.
    expect(await refreshDueFeeds(deps(), later(599))).toMatchObject({ updated: 0, unchanged: 0 });
    expect(await refreshDueFeeds(deps(), later(600))).toMatchObject({ unchanged: 1 });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBe(`"${documents['/a']?.length}"`);
    expect(server.requests.at(-1)?.headers['if-modified-since']).toBe('Mon, 03 Nov 2025 14:00:00 GMT');

    // A new document repeating an item by guid and another by link under a new guid adds only the new one.
    documents['/a'] = `${rss([
      ['1', 'One'],
      ['2b', 'Two again'],
      ['3', 'Three'],
    ])}`.replace('https://news.example/2b', 'https://news.example/2');
    expect(await refreshDueFeeds(deps(), later(1200))).toMatchObject({ updated: 1, newItems: 1 });
    expect(await itemCount()).toBe(3);
  });

  it('backs off after errors, keeps the others going, and recovers', async () => {
    documents['/good'] = rss([['g', 'Good']]);
    failing.add('/bad');
    await addFeed('/bad');
    await addFeed('/good');
    documents['/broken'] = '<rss><channel><item>';
    await addFeed('/broken');

    expect(await refreshDueFeeds(deps(), T0)).toMatchObject({ updated: 1, failed: 2, newItems: 1 });
    const bad = (await listFeeds(database.db)).find((f) => f.url.endsWith('/bad'));
    expect(bad).toMatchObject({ errorCount: 1, lastError: 'HTTP 500', nextFetchAt: later(1200).toISOString() });
    const broken = (await listFeeds(database.db)).find((f) => f.url.endsWith('/broken'));
    expect(broken?.lastError).toMatch(/not well-formed/);

    // Due again only after 2 x interval; a second failure doubles the wait.
    expect((await refreshDueFeeds(deps(), later(1199))).failed).toBe(0);
    expect((await refreshDueFeeds(deps(), later(1200))).failed).toBe(2);
    const again = (await listFeeds(database.db)).find((f) => f.url.endsWith('/bad'));
    expect(again).toMatchObject({ errorCount: 2, nextFetchAt: later(1200 + 2400).toISOString() });

    failing.delete('/bad');
    documents['/bad'] = rss([['b', 'Back']]);
    expect(await refreshDueFeeds(deps(), later(3600))).toMatchObject({ updated: 1 });
    const recovered = (await listFeeds(database.db)).find((f) => f.url.endsWith('/bad'));
    expect(recovered).toMatchObject({ errorCount: 0, lastError: null });
  });

  it('refuses a feed redirecting to a private address and records why', async () => {
    const redirecting = await startFeedServer((_req, res) =>
      res.writeHead(302, { location: 'http://192.168.0.10/feed' }).end(),
    );
    try {
      await upsertFeed(database.db, { url: `${redirecting.url}/x`, kind: 'home', locale: 'en', origin: 'cli' });
      await refreshDueFeeds(deps(), T0);
      const feed = (await listFeeds(database.db)).find((f) => f.url.startsWith(redirecting.url));
      expect(feed?.lastError).toMatch(/private address \(192\.168\.0\.10\)/);
    } finally {
      await redirecting.close();
    }
  });

  it('tags items with the tickers they mention and company feeds with their company', async () => {
    const now = T0.toISOString();
    const securityId = await insertSecurity(database.db, {
      ticker: 'NWE',
      name: 'Northwind Energy Inc.',
      created_at: now,
      updated_at: now,
    });
    documents['/co'] = rss([
      ['x', 'Quarterly update'],
      ['y', 'Northwind Energy beats $ACME'],
    ]);
    await upsertFeed(database.db, {
      url: `${server.url}/co`,
      kind: 'company',
      locale: 'en',
      origin: 'cli',
      securityId,
    });
    documents['/h'] = rss([['z', 'Utilities rally, Northwind Energy leads']]);
    await addFeed('/h');
    await refreshDueFeeds(deps(), T0);
    const rows = await database.db
      .selectFrom('news_item_tickers')
      .innerJoin('news_items', 'news_items.id', 'news_item_tickers.news_item_id')
      .select(['news_items.guid', 'ticker'])
      .orderBy('guid')
      .execute();
    expect(rows).toEqual([
      { guid: 'x', ticker: 'NWE' },
      { guid: 'y', ticker: 'NWE' },
      { guid: 'z', ticker: 'NWE' },
    ]);
  });

  it('syncs demo feeds and reads them without the network', async () => {
    await syncRegistry(
      { ...deps(), settings: { ...settings, demo: true, fetch: { ...settings.fetch, allowLoopback: false } } },
      T0,
    );
    const feeds = await listFeeds(database.db);
    expect(feeds.filter((f) => f.origin === 'demo').map((f) => f.kind)).toEqual(
      expect.arrayContaining(['home', 'analysis']),
    );
    const report = await refreshDueFeeds({ ...deps(), settings: { ...settings, demo: true } }, T0);
    expect(report.failed).toBe(0);
    expect(report.newItems).toBeGreaterThan(10);
    // Switching demo off removes the demo feeds and their items.
    await syncRegistry(deps(), T0);
    expect((await listFeeds(database.db)).filter((f) => f.origin === 'demo')).toHaveLength(0);
    expect(await itemCount()).toBe(0);
  });
});

describe.each(testDatabases())('the refresher running in the background on $engine', (target) => {
  it("registers a newly loaded demo company's feed on runSoon, not at the next interval", async () => {
    const database = await migratedDatabase(target);
    // The demo feeds are read in-process: no loopback fetch allowed, room for a demo feed's size.
    const settings: NewsSettings = {
      ...SETTINGS,
      demo: true,
      fetch: { ...SETTINGS.fetch, allowLoopback: false, maxBytes: 1_000_000 },
    };
    let runs = 0;
    const refresher = startNewsRefresher({ db: database.db, settings, log: silent }, { onRun: () => void runs++ });
    try {
      await expect.poll(() => runs, { timeout: 20_000 }).toBe(1);
      // The demo universe's first part lands after the first run: no company feed yet.
      const id = await insertSecurity(database.db, { ticker: 'SOLQ', name: 'Solaris Quantum', is_demo: 1 });
      const companyFeeds = () => database.db.selectFrom('feeds').select('url').where('security_id', '=', id).execute();
      expect(await companyFeeds()).toEqual([]);
      refresher.runSoon();
      // The next run would be a minute away; runSoon runs at once.
      await expect.poll(() => runs, { timeout: 20_000 }).toBe(2);
      expect((await companyFeeds()).length).toBeGreaterThan(0);
    } finally {
      await refresher.stop();
      await database.close();
    }
  });
});

describe('backoffSeconds', () => {
  it('doubles per error and stops at 6 hours', () => {
    expect([1, 2, 3].map((n) => backoffSeconds(600, n))).toEqual([1200, 2400, 4800]);
    expect(backoffSeconds(600, 30)).toBe(6 * 3600);
  });
});
