import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { type TestDatabase, testDatabases } from '../../test/databases.ts';
import {
  billionLaughsFeed,
  externalDtdFeed,
  externalEntityFeed,
  manyItemsFeed,
  manyReferencesFeed,
  nestedTagsFeed,
  parameterEntityFeed,
} from './hostile-feeds.ts';
import { MAX_DEPTH } from './html-walk.ts';
import { backoffSeconds, type FeedTrace, type Log, type NewsSettings, refreshDueFeeds } from './refresher.ts';
import { listFeeds, upsertFeed } from './registry.ts';
import { startFeedServer, type TestFeedServer } from './test-feed-server.ts';

/*
 * Hostile feeds through the real refresher: served by a loopback HTTP server, fetched and read on the
 * reader threads, stored in the real database, while the real server (listening on a port) is asked
 * /healthz. Whether it answers is asserted, never how fast (timing: bench/feeds.ts).
 */

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const T0 = new Date('2025-11-05T12:00:00.000Z');
const INTERVAL = 600;

const settings = (
  changes: { maxBytes?: number; timeoutMs?: number; parseTimeoutMs?: number; memoryMb?: number } = {},
) =>
  ({
    intervalSeconds: INTERVAL,
    publicUrl: 'http://localhost:3000',
    demo: false,
    demoTickersFirst: [],
    feedsFile: undefined,
    fetch: { allowLoopback: true, timeoutMs: changes.timeoutMs ?? 20_000, maxBytes: changes.maxBytes ?? 2_000_000 },
    reader: { parseTimeoutMs: changes.parseTimeoutMs ?? 20_000, memoryMb: changes.memoryMb ?? 256 },
  }) satisfies NewsSettings;

// The engine does not matter here (every engine stores items alike; feed-goldens.test.ts runs them all).
const sqlite = testDatabases()[0] as TestDatabase;

// Generous timeouts: each feed starts a thread, and a shared 2-core test machine can be slow; nothing
// here asserts a time.
describe('hostile feeds through the refresher while the server answers', { timeout: 120_000 }, () => {
  let t: TestApp;
  let feeds: TestFeedServer;
  let healthz: string;
  const documents = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    healthz = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/healthz`;
    feeds = await startFeedServer((request, response) => {
      const body = documents.get(request.url ?? '');
      if (body === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
    });
  });
  afterAll(async () => {
    await feeds.close();
    await t.close();
  });
  beforeEach(async () => {
    documents.clear();
    feeds.requests.length = 0;
    await t.database.db.deleteFrom('feeds').execute();
  });

  const serve = async (path: string, body: string) => {
    documents.set(path, body);
    await upsertFeed(t.database.db, { url: `${feeds.url}${path}`, kind: 'home', locale: 'en', origin: 'cli' });
  };
  const feed = async (path: string) => (await listFeeds(t.database.db)).find((f) => f.url === `${feeds.url}${path}`);
  const summaries = async (path: string) =>
    (
      await t.database.db
        .selectFrom('news_items')
        .innerJoin('feeds', 'feeds.id', 'news_items.feed_id')
        .select(['news_items.title', 'news_items.summary'])
        .where('feeds.url', '=', `${feeds.url}${path}`)
        .execute()
    ).map((row) => row.summary);

  /**
   * Refresh while asking /healthz over and over; when `watched` is being read on its thread, one more
   * /healthz is sent, and whether it was answered before that feed's reading ended is recorded.
   */
  async function refreshAsking(newsSettings: NewsSettings, watched?: string) {
    let done = false;
    let readingEnded = false;
    let answeredWhileReading: Promise<boolean> = Promise.resolve(false);
    const trace = (event: FeedTrace) => {
      if (event.url !== `${feeds.url}${watched}`) return;
      if (event.step === 'reading')
        answeredWhileReading = fetch(healthz).then((response) => response.ok && !readingEnded);
      else if (event.step === 'read') readingEnded = true;
    };
    const refresh = refreshDueFeeds({ db: t.database.db, settings: newsSettings, log: silent, trace }, T0).finally(
      () => {
        done = true;
      },
    );
    const statuses: number[] = [];
    while (!done) statuses.push((await fetch(healthz)).status);
    return { report: await refresh, statuses, answeredWhileReading: await answeredWhileReading };
  }

  it(`reads the worst feed (a summary of <b> nested unclosed up to the 2 MB cap) and keeps answering`, async () => {
    const worst = nestedTagsFeed(2_000_000);
    expect(Buffer.byteLength(worst)).toBeLessThanOrEqual(2_000_000);
    await serve('/worst.xml', worst);
    const { report, statuses } = await refreshAsking(settings());
    expect(report).toMatchObject({ updated: 1, failed: 0, newItems: 1 });
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Cut at the nesting limit, closed properly: a bounded summary, not 600,000 tags.
    expect(await summaries('/worst.xml')).toEqual([`${'<b>'.repeat(MAX_DEPTH)}…${'</b>'.repeat(MAX_DEPTH)}`]);
  });

  it('answers /healthz while a 50 MB feed (the configurable maximum) is read on its thread', async () => {
    await serve('/big.xml', manyItemsFeed(49_900_000));
    // Budgets far above the 2-3 s it takes: a loaded test machine must not turn this into a budget test.
    const { report, statuses, answeredWhileReading } = await refreshAsking(
      settings({ maxBytes: 50_000_000, timeoutMs: 120_000, parseTimeoutMs: 120_000 }),
      '/big.xml',
    );
    expect(report, (await feed('/big.xml'))?.lastError ?? '').toMatchObject({ updated: 1, failed: 0, newItems: 200 });
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(answeredWhileReading).toBe(true);
  }, 300_000);

  it('fails a feed over its time budget with the reason and backs it off', async () => {
    await serve('/slow.xml', manyItemsFeed(10_000_000));
    const { report, statuses } = await refreshAsking(settings({ maxBytes: 20_000_000, parseTimeoutMs: 20 }));
    expect(report).toMatchObject({ updated: 0, failed: 1 });
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await feed('/slow.xml')).toMatchObject({
      errorCount: 1,
      lastError: expect.stringMatching(/over its time budget: reading the feed took longer than 20 ms/),
      nextFetchAt: new Date(T0.getTime() + backoffSeconds(INTERVAL, 1) * 1000).toISOString(),
    });
  });

  it('fails a feed over its memory budget with the reason and backs it off', async () => {
    await serve('/huge.xml', manyItemsFeed(20_000_000));
    // Within the size cap: the heap, not the size, is what stops it.
    const { report, statuses } = await refreshAsking(settings({ maxBytes: 25_000_000, memoryMb: 32 }));
    expect(report).toMatchObject({ updated: 0, failed: 1 });
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await feed('/huge.xml')).toMatchObject({
      errorCount: 1,
      lastError: expect.stringMatching(/over its memory budget: reading the feed needed more than 32 MB/),
      nextFetchAt: new Date(T0.getTime() + backoffSeconds(INTERVAL, 1) * 1000).toISOString(),
    });
  });

  it('refuses a feed one byte over the size cap', async () => {
    await serve('/over.xml', nestedTagsFeed(2_000_001));
    await refreshAsking(settings());
    expect((await feed('/over.xml'))?.lastError).toBe('body larger than 2000000 bytes');
  });

  it('refuses entity tricks with the reason, and never fetches a DTD or an external entity', async () => {
    await serve('/laughs.xml', billionLaughsFeed());
    await serve('/xxe.xml', externalEntityFeed(feeds.url));
    await serve('/param.xml', parameterEntityFeed(feeds.url));
    await serve('/dtd.xml', externalDtdFeed(feeds.url));
    await serve('/refs.xml', manyReferencesFeed(1_000_000));
    const { report } = await refreshAsking(settings());
    expect(report).toMatchObject({ updated: 2, failed: 3 });
    for (const path of ['/laughs.xml', '/xxe.xml', '/param.xml'])
      expect((await feed(path))?.lastError).toBe(
        'DOCTYPE with entity declarations refused (no entity is ever expanded)',
      );
    expect((await feed('/dtd.xml'))?.lastError).toBeNull();
    const stored = await t.database.db.selectFrom('news_items').select(['guid', 'title']).orderBy('guid').execute();
    expect(stored).toEqual([
      { guid: 'dtd', title: 'Fine & dandy' },
      // A million references to &amp; are a title of ampersands, cut to 500 characters.
      { guid: 'refs', title: '&'.repeat(500) },
    ]);
    expect(feeds.requests.map((request) => request.url).sort()).toEqual([
      '/dtd.xml',
      '/laughs.xml',
      '/param.xml',
      '/refs.xml',
      '/xxe.xml',
    ]);
  });
});
