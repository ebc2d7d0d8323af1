import type { CompanySearch, DrawdownChart, PriceChart, PriceChartV2 } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { recentStart } from '../../ui/chart-range.ts';

/* Price and drawdown calls for a stock or a coin (the API keeps them on separate paths). */
export type SecurityKind = 'stock' | 'crypto';

// Price history only changes with an ingest run: keep it for the session's navigation.
const STALE = 5 * 60_000;

/**
 * The whole history as one series: its weekly bars (the API's answer for a long range, docs/api.md
 * "Resolution") up to where the daily answer for the last two years begins, then every day. A range of up
 * to two years and the moving averages drawn in it read daily points; longer ranges read weekly ones.
 */
export function joinHistory(whole: PriceChartV2, recent: PriceChartV2): PriceChartV2 {
  const all = whole.series[0];
  const daily = recent.series[0];
  const firstDaily = daily?.points[0]?.day;
  if (!all || all.resolution === 'daily' || !daily || !firstDaily) return whole;
  return {
    series: [
      { ...all, points: [...all.points.filter((point) => point.day < firstDaily), ...daily.points] },
      ...whole.series.slice(1),
    ],
  };
}

/** A stock's whole history with dividends and splits (for markers), split-adjusted; daily for its last two years. */
export const stockHistoryQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['price', 'v2', ticker],
    queryFn: async ({ signal }) => {
      const path = '/api/data/v2/chart/price';
      const [whole, recent] = await Promise.all([
        getJson<PriceChartV2>(path, { tickers: ticker }, signal),
        getJson<PriceChartV2>(path, { tickers: ticker, from: recentStart(new Date()), resolution: 'daily' }, signal),
      ]);
      return joinHistory(whole, recent);
    },
    staleTime: STALE,
  });

/** Daily closes of one or more securities of the same kind (the compare lines, a coin's own line). */
export const closesQuery = (kind: SecurityKind, tickers: readonly string[]) =>
  queryOptions({
    queryKey: ['price', 'closes', kind, tickers.join(',')],
    queryFn: ({ signal }) =>
      getJson<PriceChart>(
        kind === 'crypto' ? '/api/data/chart/crypto/price' : '/api/data/chart/price',
        { tickers: tickers.join(',') },
        signal,
      ),
    enabled: tickers.length > 0,
    staleTime: STALE,
  });

/** Drawdown from the running high since `from` (null: the whole history). */
export const drawdownQuery = (kind: SecurityKind, ticker: string, from: string | null) =>
  queryOptions({
    queryKey: ['drawdown', kind, ticker, from],
    queryFn: ({ signal }) =>
      getJson<DrawdownChart>(
        kind === 'crypto' ? '/api/data/chart/crypto/downside-potential' : '/api/data/chart/downside-potential',
        { tickers: ticker, from },
        signal,
      ),
    staleTime: STALE,
  });

export const useStockHistory = (ticker: string, enabled = true) => useQuery({ ...stockHistoryQuery(ticker), enabled });
export const useCloses = (kind: SecurityKind, tickers: readonly string[]) => useQuery(closesQuery(kind, tickers));
export const useDrawdown = (kind: SecurityKind, ticker: string, from: string | null) =>
  useQuery(drawdownQuery(kind, ticker, from));

/** Looks a typed ticker up for the compare form: the exact match of the same kind, else null. */
export async function findSecurity(text: string, kind: SecurityKind): Promise<string | null> {
  const q = text.trim();
  if (!q) return null;
  const body = await getJson<CompanySearch>('/api/data/company/search', { q, limit: 10 });
  const exact = body.results.find((result) => result.ticker === q.toUpperCase() && result.kind === kind);
  return exact?.ticker ?? null;
}
