import type {
  FinancialGroup,
  FinancialMetric,
  FinancialsResponse,
  PeriodParam,
  RestatementsResponse,
  TtmFinancials,
} from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

const STALE = 5 * 60_000;

/** One statement or metric group per fiscal period (oldest first), each value with its filings. */
export const financialGroupQuery = (ticker: string, group: FinancialGroup, period: PeriodParam) =>
  queryOptions({
    queryKey: ['financials', group, ticker, period],
    queryFn: ({ signal }) =>
      getJson<FinancialsResponse>(
        `/api/data/financials/${group}`,
        // Returns are per fiscal year only (docs/api.md): the call takes no period.
        group === 'financial-returns' ? { tickers: ticker } : { tickers: ticker, period },
        signal,
      ),
    staleTime: STALE,
  });

/**
 * The trailing twelve months of the given lines (ttm-financial's fields: a TTM column beside a
 * statement's years). Keyed by the lines, so it never shares a cache entry with the key-figures call
 * (no fields) another page makes.
 */
export const ttmQuery = (ticker: string, metrics: readonly FinancialMetric[]) =>
  queryOptions({
    queryKey: ['financials', 'ttm', ticker, 'fields', metrics.join(',')],
    queryFn: ({ signal }) =>
      getJson<TtmFinancials>(
        '/api/data/financials/ttm-financial',
        { tickers: ticker, fields: metrics.join(',') },
        signal,
      ),
    staleTime: STALE,
  });

export const useFinancialGroup = (ticker: string, group: FinancialGroup, period: PeriodParam, enabled = true) =>
  useAnswer({ ...financialGroupQuery(ticker, group, period), enabled });
export const useTtmFinancials = (ticker: string, metrics: readonly FinancialMetric[], enabled = true) =>
  useAnswer({ ...ttmQuery(ticker, metrics), enabled });

/** The restatement ledger of a company: values a later filing changed, newest first. */
export const restatementsQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['financials', 'restatements', ticker],
    queryFn: ({ signal }) => getJson<RestatementsResponse>('/api/data/financials/restatements', { ticker }, signal),
    staleTime: STALE,
  });
export const useRestatements = (ticker: string, enabled = true) => useAnswer({ ...restatementsQuery(ticker), enabled });
