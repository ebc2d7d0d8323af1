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

/** Items written per statement; between batches the event loop answers requests (see storeItems). */
const BATCH = 25;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Store the items not seen before in this feed (same guid, or same link under a new guid), with the
 * tickers they mention. Returns how many were new. Runs in one transaction: all or nothing.
 *
 * In batches of BATCH rows, with a turn of the event loop between them: on SQLite every statement is
 * synchronous, so a feed's items written one by one in one go held the event loop for as long as all of
 * them took; a batch holds it a few milliseconds.
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
    const fresh = items.filter((item) => {
      if (guids.has(item.guid) || (item.link && links.has(item.link))) return false;
      guids.add(item.guid);
      if (item.link) links.add(item.link);
      return true;
    });
    let added = 0;
    for (let start = 0; start < fresh.length; start += BATCH) {
      if (start > 0) await nextTurn();
      const batch = fresh.slice(start, start + BATCH);
      const rows = await trx
        .insertInto('news_items')
        .values(
          batch.map((item) => ({
            feed_id: target.feedId,
            guid: item.guid,
            link: item.link,
            title: item.title,
            summary: item.summary,
            // No date: first seen now. A date in the future would pin the item to the top: clamp it.
            published_at: item.publishedAt && item.publishedAt < nowIso ? item.publishedAt : nowIso,
            source: target.source,
            locale: target.locale,
            created_at: nowIso,
          })),
        )
        .onConflict((oc) => oc.columns(['feed_id', 'guid']).doNothing())
        .returning(['id', 'guid'])
        .execute();
      added += rows.length;
      const byGuid = new Map(batch.map((item) => [item.guid, item]));
      const tickerRows = rows.flatMap((row) => {
        const item = byGuid.get(row.guid) as ParsedItem;
        const tickers = new Set(mentions(`${item.title} ${item.summary ?? ''}`));
        if (target.feedTicker) tickers.add(target.feedTicker);
        return [...tickers].map((ticker) => ({ news_item_id: row.id, ticker }));
      });
      if (tickerRows.length > 0) await trx.insertInto('news_item_tickers').values(tickerRows).execute();
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
