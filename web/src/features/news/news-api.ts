import type { FeedItemsResponse, Language, MergedNewsResponse, NewsItem } from '@app/contract';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

// Feeds refresh every 15 minutes on the server: a minute here is fresh enough.
const STALE = 60_000;

/** The merged home or analysis news in the page's language (English when that language has no feeds). */
export const mergedNewsQuery = (kind: 'home' | 'analysis', locale: Language, limit: number) =>
  queryOptions({
    queryKey: ['news', kind, locale, limit],
    queryFn: ({ signal }) => getJson<MergedNewsResponse>(`/api/rss/${kind}`, { locale, limit }, signal),
    staleTime: STALE,
  });

/** One feed's items; a demo company feed is told in the reader's language, any other feed in its own. */
export const feedQuery = (url: string, locale: Language, limit: number) =>
  queryOptions({
    queryKey: ['news', 'feed', url, locale, limit],
    queryFn: ({ signal }) => getJson<FeedItemsResponse>('/api/rss/', { url, locale, limit }, signal),
    staleTime: STALE,
  });

export const useMergedNews = (kind: 'home' | 'analysis', locale: Language, limit = 8) =>
  useAnswer(mergedNewsQuery(kind, locale, limit));

/** A company's news: its feeds read together, newest first, the same story once. */
export function useCompanyNews(feedUrls: readonly string[], locale: Language, limit = 20) {
  return useQueries({
    queries: feedUrls.map((url) => feedQuery(url, locale, limit)),
    combine: (results) => ({
      items: mergeItems(results.flatMap((result) => result.data?.items ?? [])).slice(0, limit),
      pending: results.some((result) => result.isPending),
      failed: results.length > 0 && results.every((result) => result.isError),
      refetch: () => {
        for (const result of results) void result.refetch();
      },
    }),
  });
}

/** Newest first; an item that two feeds carry (same link, else same title) is kept once. */
export function mergeItems(items: readonly NewsItem[]): NewsItem[] {
  const seen = new Set<string>();
  return [...items]
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
    .filter((item) => {
      const key = item.link ?? item.title;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
