import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './locales.ts';

/*
 * News (spec 7): the items of one registered feed (/api/rss/?url=) and the merged home and
 * analysis pages (/api/rss/home, /api/rss/analysis). Summaries are sanitised HTML (a few
 * formatting tags and http(s) links only), safe to render as HTML.
 */

const skip = z.coerce.number().int().min(0).max(10_000).default(0).describe('Items to skip (newest first)');
const limit = z.coerce.number().int().min(1).max(100).default(20).describe('Items to return, at most 100');

export const feedItemsQuery = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe('A registered feed URL or a company link'),
  skip,
  limit,
  locale: z
    .enum(LANGUAGES)
    .optional()
    .describe("The reader's language: a demo company feed's items are told in it; other feeds keep their own"),
});
export type FeedItemsQuery = z.infer<typeof feedItemsQuery>;

export const mergedNewsQuery = z.object({
  skip,
  limit,
  locale: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE).describe('Language of the feeds; English when it has none'),
});
export type MergedNewsQuery = z.infer<typeof mergedNewsQuery>;

export const newsItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.url().nullable(),
    summary: z.string().nullable().describe('Sanitised HTML'),
    publishedAt: z.string().describe('ISO-8601 UTC'),
    source: z.string().nullable().describe('The feed title'),
    locale: z.string(),
    tickers: z.array(z.string()).describe('Tickers the item mentions'),
  })
  .meta({
    id: 'NewsItem',
    example: {
      id: 42,
      title: 'Northwind Energy raises its quarterly dividend',
      link: 'https://ir.northwind.example/news/dividend',
      summary: '<p>The board declared a dividend of <b>$0.42</b> per share.</p>',
      publishedAt: '2025-11-03T14:00:00.000Z',
      source: 'Northwind Energy - Press releases',
      locale: 'en',
      tickers: ['NWE'],
    },
  });
export type NewsItem = z.infer<typeof newsItem>;

export const feedKind = z.enum(['home', 'analysis', 'company']);
export type FeedKind = z.infer<typeof feedKind>;

export const feedSummary = z
  .object({
    url: z.string(),
    title: z.string().nullable(),
    kind: feedKind,
    locale: z.string(),
    ticker: z.string().nullable(),
    lastSuccessAt: z.string().nullable().describe('When the feed was last read successfully (ISO-8601 UTC)'),
  })
  .meta({ id: 'FeedSummary' });

export const feedItemsResponse = z
  .object({
    feed: feedSummary,
    items: z.array(newsItem),
    skip: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'FeedItems' });
export type FeedItemsResponse = z.infer<typeof feedItemsResponse>;

export const mergedNewsResponse = z
  .object({
    locale: z.string().describe('The language served: the one asked for, or en when it has no feeds'),
    items: z.array(newsItem),
    skip: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'MergedNews' });
export type MergedNewsResponse = z.infer<typeof mergedNewsResponse>;
