import type { PriceChartV2 } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

/**
 * A coin's daily OHLCV (UTC days) for its candles and volume pane (issue 22). Daily over the whole
 * history: a coin has no dividends or splits, and the line itself comes from its closes.
 */
export const coinHistoryQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['price', 'v2', 'crypto', ticker],
    queryFn: ({ signal }) =>
      getJson<PriceChartV2>('/api/data/v2/chart/crypto/price', { tickers: ticker, resolution: 'daily' }, signal),
    staleTime: 5 * 60_000,
  });

export const useCoinHistory = (ticker: string, enabled: boolean) => useAnswer({ ...coinHistoryQuery(ticker), enabled });
