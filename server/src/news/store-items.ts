import type { Db } from '../db/index.ts';
import type { ParsedItem } from './parse-feed.ts';

/** Items kept per feed; older ones are pruned so the tables stay bounded however long a feed runs. */
export const MAX_STORED_ITEMS_PER_FEED = 500;

export interface StoreTarget {
  feedId: number;
  locale: string;
  source: string | null;
  /** The company a company feed belongs to: its items mention it even when the text does not say so. */
  feedTicker: string | null;
}

/**
 * Store the items not seen before in this feed (same guid, or same link under a new guid), with the
 * tickers they mention. Returns how many were new. Runs in one transaction: all or nothing.
 */
export async function storeItems(
  db: Db,
  target: StoreTarget,
  items: ParsedItem[],
  mentions: (text: string) => string[],
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('news_items')
      .select(['guid', 'link'])
      .where('feed_id', '=', target.feedId)
      .execute();
    const guids = new Set(existing.map((e) => e.guid));
    const links = new Set(existing.flatMap((e) => (e.link ? [e.link] : [])));
    const nowIso = now.toISOString();
    let added = 0;
    for (const item of items) {
      if (guids.has(item.guid) || (item.link && links.has(item.link))) continue;
      guids.add(item.guid);
      if (item.link) links.add(item.link);
      // No date: first seen now. A date in the future would pin the item to the top: clamp it.
      const published = item.publishedAt && item.publishedAt < nowIso ? item.publishedAt : nowIso;
      const row = await trx
        .insertInto('news_items')
        .values({
          feed_id: target.feedId,
          guid: item.guid,
          link: item.link,
          title: item.title,
          summary: item.summary,
          published_at: published,
          source: target.source,
          locale: target.locale,
          created_at: nowIso,
        })
        .onConflict((oc) => oc.columns(['feed_id', 'guid']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) continue;
      added++;
      const tickers = new Set(mentions(`${item.title} ${item.summary ?? ''}`));
      if (target.feedTicker) tickers.add(target.feedTicker);
      if (tickers.size > 0)
        await trx
          .insertInto('news_item_tickers')
          .values([...tickers].map((ticker) => ({ news_item_id: row.id, ticker })))
          .execute();
    }
    if (added > 0) {
      const keep = trx
        .selectFrom('news_items')
        .select('id')
        .where('feed_id', '=', target.feedId)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_STORED_ITEMS_PER_FEED);
      await trx.deleteFrom('news_items').where('feed_id', '=', target.feedId).where('id', 'not in', keep).execute();
    }
    return added;
  });
}
