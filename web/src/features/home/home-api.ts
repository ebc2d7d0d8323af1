import type { CryptoStrip, HomeCards, MarketMovers, SectorPerformance, UpcomingExDividends } from '@app/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

/** Home cards for the given tickers; an empty list asks for the default (the largest stocks). */
export const homeCardsQuery = (tickers: readonly string[]) =>
  queryOptions({
    queryKey: ['home-cards', tickers.join(',')],
    queryFn: ({ signal }) =>
      getJson<HomeCards>(
        '/api/data/company/home',
        { tickers: tickers.length ? tickers.slice(0, 50).join(',') : undefined },
        signal,
      ),
    staleTime: 60_000,
    // Adding a ticker to the watchlist keeps the old cards on screen until the new set arrives.
    placeholderData: keepPreviousData,
  });

export const useHomeCards = (tickers: readonly string[]) => useAnswer(homeCardsQuery(tickers));

/** One GET of the market context (issue 23), cached a minute like the cards. */
function marketQuery<T>(path: string, query: Record<string, string | undefined> = {}) {
  return queryOptions({
    queryKey: ['market', path, query],
    queryFn: ({ signal }) => getJson<T>(path, query, signal),
    staleTime: 60_000,
  });
}

export const useMovers = () => useAnswer(marketQuery<MarketMovers>('/api/data/market/movers', { limit: '5' }));
export const useCryptoStrip = () => useAnswer(marketQuery<CryptoStrip>('/api/data/market/crypto'));
export const useSectorPerformance = () => useAnswer(marketQuery<SectorPerformance>('/api/data/market/sectors'));
/** The next ex-dividend days of every stock, or of `tickers` (the watchlist) when given. */
export const useExDividends = (tickers: readonly string[] | null) =>
  useAnswer(
    marketQuery<UpcomingExDividends>('/api/data/market/ex-dividends', {
      limit: '8',
      tickers: tickers?.length ? tickers.slice(0, 50).join(',') : undefined,
    }),
  );
