import type { CompanySearch, DrawdownChart, PriceChart, PriceChartV2 } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';
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

/**
 * A stock's history in both resolutions: `whole` as the API answers the whole range (weekly bars when it
 * is longer than two years) and `joined`, the same with its last two years daily. A chart draws one of
 * them (historyForWindow); the 50- and 200-day averages read `joined`.
 */
export interface StockHistory {
  whole: PriceChartV2;
  joined: PriceChartV2;
  /** The first day of the daily part (null: no daily part, `whole` is all there is). */
  dailyFrom: string | null;
}

/** A stock's whole history with dividends and splits (for markers), split-adjusted; daily for its last two years. */
export const stockHistoryQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['price', 'v2', ticker],
    queryFn: async ({ signal }): Promise<StockHistory> => {
      const path = '/api/data/v2/chart/price';
      const [whole, recent] = await Promise.all([
        getJson<PriceChartV2>(path, { tickers: ticker }, signal),
        getJson<PriceChartV2>(path, { tickers: ticker, from: recentStart(new Date()), resolution: 'daily' }, signal),
      ]);
      const joined = joinHistory(whole, recent);
      return { whole, joined, dailyFrom: joined === whole ? null : (recent.series[0]?.points[0]?.day ?? null) };
    },
    staleTime: STALE,
  });

/**
 * The series a chart window shows: daily when the window lies within the daily part, else the weekly
 * bars throughout. Never both in one chart: the chart spaces bars evenly, so weekly years followed by
 * daily ones would give the daily years most of the width, and weekly volumes would drop fivefold where
 * the daily ones begin.
 */
export function historyForWindow(history: StockHistory, start: string | null): PriceChartV2 {
  if (history.dailyFrom === null) return history.joined;
  return start !== null && start >= history.dailyFrom ? history.joined : history.whole;
}

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

export const useStockHistory = (ticker: string, enabled = true) => useAnswer({ ...stockHistoryQuery(ticker), enabled });
export const useCloses = (kind: SecurityKind, tickers: readonly string[]) => useAnswer(closesQuery(kind, tickers));
export const useDrawdown = (kind: SecurityKind, ticker: string, from: string | null) =>
  useAnswer(drawdownQuery(kind, ticker, from));

/** Looks a typed ticker up for the compare form: the exact match of the same kind, else null. */
export async function findSecurity(text: string, kind: SecurityKind): Promise<string | null> {
  const q = text.trim();
  if (!q) return null;
  const body = await getJson<CompanySearch>('/api/data/company/search', { q, limit: 10 });
  const exact = body.results.find((result) => result.ticker === q.toUpperCase() && result.kind === kind);
  return exact?.ticker ?? null;
}
