import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity, securityRow } from '../../test/securities.ts';
import type { Database } from '../db/index.ts';
import { listFeeds, syncCompanyLinks, upsertFeed } from './registry.ts';

/* Company links (website, investor-relations page) as company feeds: registered, kept, and dropped. */
describe.each(testDatabases())('company links on $engine', (target) => {
  let database: Database;
  beforeEach(async () => {
    database = await migratedDatabase(target);
  });
  afterEach(async () => {
    await database.close();
  });

  const linkFeeds = async () =>
    (await listFeeds(database.db))
      .filter((f) => f.origin === 'link')
      .map((f) => [f.url, f.ticker, f.kind])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  it('registers each link once, leaves a link another origin owns, and drops the links that went', async () => {
    const db = database.db;
    const acme = await insertSecurity(db, {
      ticker: 'ACME',
      name: 'Acme',
      website: 'https://acme.example',
      investor_relations_url: 'https://ir.acme.example/news',
    });
    await insertSecurity(db, { ticker: 'BOLT', name: 'Bolt', website: 'https://bolt.example/' });
    // Shared with Acme: the first company keeps it.
    await insertSecurity(db, { ticker: 'COPY', name: 'Copy', website: 'https://acme.example/' });
    await insertSecurity(db, { ticker: 'NONE', name: 'No links' });
    await upsertFeed(db, { url: 'https://bolt.example/', kind: 'home', locale: 'en', origin: 'file' });

    await syncCompanyLinks(db);
    const first = await linkFeeds();
    expect(first).toEqual([
      ['https://acme.example/', 'ACME', 'company'],
      ['https://ir.acme.example/news', 'ACME', 'company'],
    ]);
    // Bolt's website was registered by the feeds file first: it stays a home feed of that file.
    expect((await listFeeds(db)).find((f) => f.url === 'https://bolt.example/')).toMatchObject({
      origin: 'file',
      kind: 'home',
    });

    // A second run changes nothing; a link a company no longer has goes.
    await syncCompanyLinks(db);
    expect(await linkFeeds()).toEqual(first);
    await db.updateTable('securities').set({ investor_relations_url: null }).where('id', '=', acme).execute();
    await syncCompanyLinks(db);
    expect(await linkFeeds()).toEqual([['https://acme.example/', 'ACME', 'company']]);
  });

  it('registers the links of a large universe in a few statements, and again none the next minute', async () => {
    const db = database.db;
    const companies = 1200; // 2,400 links: more than one insert statement's worth
    for (let at = 0; at < companies; at += 200) {
      await db
        .insertInto('securities')
        .values(
          Array.from({ length: Math.min(200, companies - at) }, (_, k) =>
            securityRow({
              ticker: `L${at + k}`,
              name: `Linked ${at + k}`,
              website: `https://l${at + k}.example/`,
              investor_relations_url: `https://l${at + k}.example/ir`,
            }),
          ),
        )
        .execute();
    }
    // Counts the statements each run sends, by kind.
    const sent: string[] = [];
    const counted = db.withPlugin({
      transformQuery: ({ node }) => {
        sent.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    await syncCompanyLinks(counted);
    const feeds = await linkFeeds();
    expect(feeds).toHaveLength(companies * 2);
    expect(feeds.filter(([url, ticker]) => url === 'https://l7.example/ir' && ticker === 'L7')).toHaveLength(1);
    expect(sent.filter((kind) => kind === 'InsertQueryNode').length).toBeLessThanOrEqual(5);
    sent.length = 0;
    await syncCompanyLinks(counted);
    expect(await linkFeeds()).toEqual(feeds);
    expect(sent.filter((kind) => kind !== 'SelectQueryNode')).toEqual([]);
  });
});
