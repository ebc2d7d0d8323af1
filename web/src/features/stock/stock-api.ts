import type {
  CompanyLinks,
  CompanyProfile,
  CompanySearch,
  Language,
  NextReport,
  SecurityStatistics,
} from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';
import { useLanguage } from '../../i18n/use-language.ts';

const STALE = 5 * 60_000;

/** The API's answer for a ticker it does not know (404 ticker_not_found, docs/api.md). */
export function isTickerNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The profile with its texts in the page's language where the data has several (demo coins, issue 23). */
export const profileQuery = (ticker: string, language: Language = 'en') =>
  queryOptions({
    queryKey: ['company', ticker, language],
    queryFn: ({ signal }) => getJson<CompanyProfile>('/api/data/company', { ticker, lang: language }, signal),
    staleTime: STALE,
    // An unknown ticker stays unknown: no retries before the not-found page.
    retry: (count, error) => !isTickerNotFound(error) && count < 2,
  });

export const useProfile = (ticker: string) => useAnswer(profileQuery(ticker, useLanguage()));

/**
 * Key statistics (company/statistics): volume means, 52-week range, all-time high, beta, ex-dividend days
 * and the metric catalogue's figures (market cap, EPS, P/E, yield, payout, margins, drawdown).
 */
export const statisticsQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['company', 'statistics', ticker],
    queryFn: ({ signal }) => getJson<SecurityStatistics>('/api/data/company/statistics', { ticker }, signal),
    staleTime: STALE,
  });

export const useStatistics = (ticker: string) => useAnswer(statisticsQuery(ticker));

/** The next report date, estimated from the filing calendar (issue 33). */
export const nextReportQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['company', 'next-report', ticker],
    queryFn: ({ signal }) => getJson<NextReport>('/api/data/company/next-report', { ticker }, signal),
    staleTime: STALE,
  });

export const useNextReport = (ticker: string, enabled: boolean) => useAnswer({ ...nextReportQuery(ticker), enabled });

export const useLinks = (ticker: string) =>
  useAnswer({
    queryKey: ['company', 'links', ticker],
    queryFn: ({ signal }) => getJson<CompanyLinks>(`/api/data/company/${encodeURIComponent(ticker)}/links`, {}, signal),
    staleTime: STALE,
  });

/** Suggestions for a text that is no ticker: the search's best matches. */
export const useSuggestions = (text: string) =>
  useAnswer({
    queryKey: ['company', 'search', text],
    queryFn: ({ signal }) =>
      getJson<CompanySearch>('/api/data/company/search', { q: text.slice(0, 50), limit: 8 }, signal),
    enabled: text.trim().length > 0,
    staleTime: STALE,
  });
