import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import type { ParsedFeed } from './parse-feed.ts';
import { type Log, refreshDueFeeds } from './refresher.ts';
import { listFeeds, upsertFeed } from './registry.ts';
import { startFeedServer, type TestFeedServer, testNewsSettings } from './test-feed-server.ts';

/*
 * Every golden feed (its bytes, in its own encoding) served over HTTP, fetched, decoded and read on a
 * reader thread by the real refresher, and stored: the stored items are the golden ones. Then the
 * encodings again as servers label them, rightly and wrongly.
 */

const ok = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__', 'ok');
const goldens = fs.readdirSync(ok).filter((file) => file.endsWith('.xml'));
const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const T0 = new Date('2025-11-06T12:00:00.000Z');
const settings = testNewsSettings({
  fetch: { allowLoopback: true, timeoutMs: 10_000, maxBytes: 2_000_000 },
});

// Generous timeout: every feed starts a reader thread; nothing here asserts a time.
describe.each(testDatabases())('golden feeds through the refresher on $label', { timeout: 120_000 }, (target) => {
  let database: Database;
  let server: TestFeedServer;
  const documents = new Map<string, { body: Buffer; type: string }>();

  beforeEach(async () => {
    database = await migratedDatabase(target);
    documents.clear();
    server = await startFeedServer((request, response) => {
      const document = documents.get(request.url ?? '');
      if (!document) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': document.type }).end(document.body);
    });
  });
  afterEach(async () => {
    await server.close();
    await database.close();
  });

  const serve = async (urlPath: string, body: Buffer, type: string) => {
    documents.set(urlPath, { body, type });
    await upsertFeed(database.db, { url: `${server.url}${urlPath}`, kind: 'home', locale: 'en', origin: 'cli' });
  };
  const byGuid = (a: { guid: string }, b: { guid: string }) => (a.guid < b.guid ? -1 : 1);
  const stored = async (urlPath: string) =>
    (
      await database.db
        .selectFrom('news_items')
        .innerJoin('feeds', 'feeds.id', 'news_items.feed_id')
        .select(['news_items.guid', 'news_items.link', 'news_items.title', 'news_items.summary'])
        .where('feeds.url', '=', `${server.url}${urlPath}`)
        .execute()
    ).sort(byGuid);

  it('stores every golden feed as its golden items, each encoding read right', async () => {
    for (const file of goldens) await serve(`/${file}`, fs.readFileSync(path.join(ok, file)), 'application/xml');
    const report = await refreshDueFeeds({ db: database.db, settings, log: silent }, T0);
    expect(report.failed).toBe(0);
    for (const file of goldens) {
      // The goldens were read as https://feed.example/base.xml: here the feed's URL is the loopback server's.
      const json = fs.readFileSync(path.join(ok, file.replace(/\.xml$/, '.json')), 'utf8');
      const golden = JSON.parse(json.replaceAll('https://feed.example', server.url)) as ParsedFeed;
      const expected = golden.items
        .map(({ guid, link, title, summary }) => ({ guid, link, title, summary }))
        .sort(byGuid);
      expect(await stored(`/${file}`), file).toEqual(expected);
    }
  });

  it.each([
    ['windows-1252 labelled iso-8859-1 by the server', 'rss2-windows-1252.xml', 'text/xml; charset=ISO-8859-1'],
    ['windows-1252 labelled us-ascii by the server', 'rss2-windows-1252.xml', 'application/rss+xml; charset=us-ascii'],
    [
      'UTF-16 with a BOM labelled utf-8 by the server (the BOM wins)',
      'rss2-utf16le-bom.xml',
      'text/xml; charset=utf-8',
    ],
    ['UTF-32 with a BOM and no charset', 'rss2-utf32be-bom.xml', 'application/rss+xml'],
    ['UTF-16 without a BOM, from its bytes', 'rss2-utf16le-declaration.xml', 'application/rss+xml'],
  ])('reads %s', async (_name, file, type) => {
    await serve('/labelled.xml', fs.readFileSync(path.join(ok, file)), type);
    expect((await refreshDueFeeds({ db: database.db, settings, log: silent }, T0)).failed).toBe(0);
    const [item] = await stored('/labelled.xml');
    expect(item?.title).toMatch(/^Öl.Preis fällt – „Entwarnung“ für Anleger’s Depot/);
    expect(item?.summary).toBe('<p>Brent kostet 62 € – so wenig wie seit Mai nicht™.</p>');
    expect((await listFeeds(database.db))[0]?.title).toBe('Märkte “heute” – Kurse in €');
  });
});
