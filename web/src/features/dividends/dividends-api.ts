import type {
  DividendHistory,
  DividendsByMonth,
  DividendsPerShare,
  DividendYieldChart,
  DividendYieldPercentile,
  FinancialsResponse,
} from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

const STALE = 5 * 60_000;

export const dividendsPerShareQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['dividends', 'dps', ticker],
    queryFn: ({ signal }) => getJson<DividendsPerShare>('/api/data/dividends/dps', { tickers: ticker }, signal),
    staleTime: STALE,
  });

export const dividendsByMonthQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['dividends', 'by-month', ticker],
    queryFn: ({ signal }) => getJson<DividendsByMonth>('/api/data/dividends/by-month', { tickers: ticker }, signal),
    staleTime: STALE,
  });

export const yieldPercentileQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['dividends', 'div-perc', ticker],
    queryFn: ({ signal }) => getJson<DividendYieldPercentile>('/api/data/indicator/div-perc', { ticker }, signal),
    staleTime: STALE,
  });

/** The yield per day from `from` (the percentile band's window: ten years). */
export const yieldHistoryQuery = (ticker: string, from: string | null) =>
  queryOptions({
    queryKey: ['dividends', 'yield', ticker, from],
    queryFn: ({ signal }) =>
      getJson<DividendYieldChart>('/api/data/chart/dividend-yield-by-time', { tickers: ticker, from }, signal),
    staleTime: STALE,
  });

export const payoutQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['dividends', 'payout', ticker],
    queryFn: ({ signal }) => getJson<FinancialsResponse>('/api/data/financials/payout', { tickers: ticker }, signal),
    staleTime: STALE,
  });

/** Every payment with its dates and frequency (issue 33). */
export const dividendHistoryQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['dividends', 'history', ticker],
    queryFn: ({ signal }) => getJson<DividendHistory>('/api/data/dividends/history', { ticker }, signal),
    staleTime: STALE,
  });

export const useDividendsPerShare = (ticker: string) => useAnswer(dividendsPerShareQuery(ticker));
export const useDividendsByMonth = (ticker: string) => useAnswer(dividendsByMonthQuery(ticker));
export const useYieldPercentile = (ticker: string) => useAnswer(yieldPercentileQuery(ticker));
export const useYieldHistory = (ticker: string, from: string | null) => useAnswer(yieldHistoryQuery(ticker, from));
export const usePayout = (ticker: string) => useAnswer(payoutQuery(ticker));
export const useDividendHistory = (ticker: string) => useAnswer(dividendHistoryQuery(ticker));
