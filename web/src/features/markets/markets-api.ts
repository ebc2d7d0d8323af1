import type { MapRange, MarketIndices, MarketMap } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

/** The equal-weighted indices of every stock and of each sector, with the sectors' movers (issue 33). */
export const marketIndicesQuery = () =>
  queryOptions({
    queryKey: ['market', 'indices'],
    queryFn: ({ signal }) => getJson<MarketIndices>('/api/data/market/indices', {}, signal),
    staleTime: 5 * 60_000,
  });

export const useMarketIndices = () => useAnswer(marketIndicesQuery());

/** An index's values on the answer's days as chart points, leaving out the days before its first. */
export function indexPoints(days: readonly string[], values: readonly (number | null)[]) {
  return days.flatMap((day, i) => {
    const value = values[i];
    return value === null || value === undefined ? [] : [{ day, value }];
  });
}

/** Every stock's market cap and change over `range` (issue 46: the market map), one answer per range. */
export const marketMapQuery = (range: MapRange) =>
  queryOptions({
    queryKey: ['market', 'map', range],
    queryFn: ({ signal }) => getJson<MarketMap>('/api/data/market/map', { range }, signal),
    staleTime: 5 * 60_000,
  });

export const useMarketMap = (range: MapRange) => useAnswer(marketMapQuery(range));
