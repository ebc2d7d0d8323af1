import type { NewsItem } from '@app/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Schema } from '../../db/schema.ts';

export interface ItemPage {
  items: NewsItem[];
  total: number;
}

interface ItemRow {
  id: number;
  title: string;
  link: string | null;
  summary: string | null;
  published_at: string;
  source: string | null;
  locale: string;
}

/** The items of one feed, newest first. */
export function feedItems(db: Db, feedId: number, skip: number, limit: number): Promise<ItemPage> {
  return itemPage(db, (eb) => eb('feed_id', '=', feedId), skip, limit);
}

/** Ids of the enabled feeds of a kind in a locale. */
export async function feedIds(db: Db, kind: 'home' | 'analysis', locale: string): Promise<number[]> {
  const rows = await db
    .selectFrom('feeds')
    .select('id')
    .where('kind', '=', kind)
    .where('locale', '=', locale)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Items of several feeds merged, newest first. The same story carried by two feeds (same link, or
 * same guid when there is no link) is shown once: the first stored copy. So is a headline sent again
 * under a new guid (issue 46: the home list repeated items): one list never shows a title twice.
 */
export async function mergedItems(db: Db, feeds: number[], skip: number, limit: number): Promise<ItemPage> {
  if (feeds.length === 0) return { items: [], total: 0 };
  const firstCopies = db
    .selectFrom('news_items')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('feed_id', 'in', feeds)
    .groupBy(sql`coalesce(link, guid)`);
  const firstTitles = db
    .selectFrom('news_items')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('id', 'in', firstCopies)
    .groupBy('title');
  return itemPage(db, (eb) => eb('id', 'in', firstTitles), skip, limit);
}

/** One page of the items a filter picks, newest first, with how many it picks in all (both feed lists). */
async function itemPage(
  db: Db,
  filter: (eb: ExpressionBuilder<Schema, 'news_items'>) => Expression<SqlBool>,
  skip: number,
  limit: number,
): Promise<ItemPage> {
  const base = db.selectFrom('news_items').where(filter);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'title', 'link', 'summary', 'published_at', 'source', 'locale'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .offset(skip)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await present(db, rows), total: Number(count.n) };
}

async function present(db: Db, rows: ItemRow[]): Promise<NewsItem[]> {
  const ids = rows.map((r) => r.id);
  const tickers = ids.length
    ? await db
        .selectFrom('news_item_tickers')
        .select(['news_item_id', 'ticker'])
        .where('news_item_id', 'in', ids)
        .orderBy('ticker')
        .execute()
    : [];
  const byItem = new Map<number, string[]>();
  for (const t of tickers) byItem.set(t.news_item_id, [...(byItem.get(t.news_item_id) ?? []), t.ticker]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    link: r.link,
    summary: r.summary,
    publishedAt: r.published_at,
    source: r.source,
    locale: r.locale,
    tickers: byItem.get(r.id) ?? [],
  }));
}
