import type { HomeCards } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

/** Home cards for the given tickers; an empty list asks for the default (the largest stocks). */
export const homeCardsQuery = (tickers: readonly string[]) =>
  queryOptions({
    queryKey: ['home-cards', tickers.join(',')],
    queryFn: async ({ signal }) => {
      const body = await apiRequest<HomeCards>('/api/data/company/home', {
        query: { tickers: tickers.length ? tickers.slice(0, 50).join(',') : undefined },
        signal,
      });
      if (!body) throw new Error('company/home answered with no body');
      return body;
    },
    staleTime: 60_000,
    // Adding a ticker to the watchlist keeps the old cards on screen until the new set arrives.
    placeholderData: keepPreviousData,
  });

export const useHomeCards = (tickers: readonly string[]) => useQuery(homeCardsQuery(tickers));
