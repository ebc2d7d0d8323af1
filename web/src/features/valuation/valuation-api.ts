import type { ValuationRatiosChart } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';
import { type ChartRange, RECENT_RANGES, recentStart } from '../../ui/chart-range.ts';

/*
 * The ratios over the range shown: a range of up to a year reads the last two years, every day; a longer
 * one the whole history, one point per week (the API's answer for a long range, docs/api.md "Resolution"),
 * so each chart has one resolution and even spacing.
 */
export const valuationQuery = (ticker: string, range: ChartRange = 'MAX') => {
  const recent = RECENT_RANGES.includes(range);
  return queryOptions({
    queryKey: ['valuation', ticker, recent ? 'recent' : 'whole'],
    queryFn: ({ signal }) =>
      getJson<ValuationRatiosChart>(
        '/api/data/chart/valuation-ratios',
        { tickers: ticker, ...(recent ? { from: recentStart(new Date()), resolution: 'daily' } : {}) },
        signal,
      ),
    staleTime: 5 * 60_000,
  });
};

export const useValuation = (ticker: string, range?: ChartRange) => useAnswer(valuationQuery(ticker, range));
