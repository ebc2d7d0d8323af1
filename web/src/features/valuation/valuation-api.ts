import type { ValuationRatiosChart } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

export const valuationQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['valuation', ticker],
    queryFn: async ({ signal }) => {
      const body = await apiRequest<ValuationRatiosChart>('/api/data/chart/valuation-ratios', {
        query: { tickers: ticker },
        signal,
      });
      if (!body) throw new Error('valuation-ratios answered with no body');
      return body;
    },
    staleTime: 5 * 60_000,
  });

export const useValuation = (ticker: string) => useQuery(valuationQuery(ticker));
