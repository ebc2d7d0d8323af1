import type { Language } from '@app/contract';
import type { Db } from '../../db/index.ts';
import { demoCompanyFeedTitle, demoCompanyStory } from '../../news/demo-feeds.ts';
import type { FeedRow } from '../../news/registry.ts';
import { escapeHtml } from '../../news/sanitize-html.ts';
import type { ItemPage } from './queries.ts';

/**
 * A page of a company's demo feed in the reader's language (issue 23). The feed is generated and stored
 * in English; each stored item is the story its guid names, so it is told again from the language's own
 * templates. A real feed is never touched: its items stay in the language they were written in.
 */
export function isDemoCompanyFeed(feed: FeedRow): feed is FeedRow & { ticker: string } {
  return feed.origin === 'demo' && feed.kind === 'company' && feed.ticker !== null;
}

export async function demoCompanyPageIn(
  db: Db,
  feed: FeedRow & { ticker: string },
  page: ItemPage,
  language: Language,
): Promise<{ title: string; page: ItemPage }> {
  const company = await db
    .selectFrom('securities')
    .select(['id', 'ticker', 'name'])
    .where('ticker', '=', feed.ticker)
    .executeTakeFirstOrThrow();
  const ids = page.items.map((item) => item.id);
  const rows = ids.length
    ? await db.selectFrom('news_items').select(['id', 'guid']).where('id', 'in', ids).execute()
    : [];
  const guids = new Map(rows.map((row) => [row.id, row.guid]));
  const title = demoCompanyFeedTitle(company, language);
  const items = page.items.map((item) => {
    const story = demoCompanyStory(guids.get(item.id) ?? '', company, language);
    // Summaries are served as sanitised HTML: the story's plain text is escaped, as the stored one was.
    return story
      ? { ...item, title: story.title, summary: escapeHtml(story.summary), source: title, locale: language }
      : item;
  });
  return { title, page: { items, total: page.total } };
}
