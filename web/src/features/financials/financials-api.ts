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
export const financialGroupQuery = (
  ticker: string,
  group: FinancialGroup,
  period: PeriodParam,
  /** As filed on this day (YYYY-MM-DD); null: the latest. */
  asOf: string | null = null,
) =>
  queryOptions({
    queryKey: ['financials', group, ticker, period, asOf],
    queryFn: ({ signal }) =>
      getJson<FinancialsResponse>(
        `/api/data/financials/${group}`,
        {
          tickers: ticker,
          // Returns are per fiscal year only (docs/api.md): the call takes no period.
          ...(group === 'financial-returns' ? {} : { period }),
          ...(asOf ? { asOf } : {}),
        },
        signal,
      ),
    staleTime: STALE,
  });

/**
 * The trailing twelve months of the given lines (ttm-financial's fields: a TTM column beside a
 * statement's years). Keyed by the lines, so it never shares a cache entry with the key-figures call
 * (no fields) another page makes.
 */
export const ttmQuery = (ticker: string, metrics: readonly FinancialMetric[], asOf: string | null = null) =>
  queryOptions({
    queryKey: ['financials', 'ttm', ticker, 'fields', metrics.join(','), asOf],
    queryFn: ({ signal }) =>
      getJson<TtmFinancials>(
        '/api/data/financials/ttm-financial',
        { tickers: ticker, fields: metrics.join(','), ...(asOf ? { asOf } : {}) },
        signal,
      ),
    staleTime: STALE,
  });

export const useFinancialGroup = (
  ticker: string,
  group: FinancialGroup,
  period: PeriodParam,
  enabled = true,
  asOf: string | null = null,
) => useAnswer({ ...financialGroupQuery(ticker, group, period, asOf), enabled });
export const useTtmFinancials = (
  ticker: string,
  metrics: readonly FinancialMetric[],
  enabled = true,
  asOf: string | null = null,
) => useAnswer({ ...ttmQuery(ticker, metrics, asOf), enabled });

/** The restatement ledger of a company: values a later filing changed, newest first. */
export const restatementsQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['financials', 'restatements', ticker],
    queryFn: ({ signal }) => getJson<RestatementsResponse>('/api/data/financials/restatements', { ticker }, signal),
    staleTime: STALE,
  });
export const useRestatements = (ticker: string, enabled = true) => useAnswer({ ...restatementsQuery(ticker), enabled });
