import type { CompanySearch, DrawdownChart, PriceChart, PriceChartV2 } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';
import { recentStart, spanResolution } from '../../ui/chart-range.ts';
import type { ChartWindow } from './price-series.ts';

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

/**
 * The days a stock's window needs from the API apart (issue 33): a window of up to two years (daily by
 * the API's rule, docs/api.md "Resolution") that begins before the history's daily part, which has it only
 * weekly. null when the history already has the window at its resolution. Open ends are the data's.
 */
export function dailyWindow(
  history: StockHistory | undefined,
  window: ChartWindow,
): { from: string; to: string } | null {
  if (!history || history.dailyFrom === null) return null;
  const points = history.joined.series[0]?.points;
  const from = window.start ?? points?.[0]?.day;
  const to = window.end ?? points?.at(-1)?.day;
  if (!from || !to || from >= history.dailyFrom) return null;
  return spanResolution(from, to) === 'daily' ? { from, to } : null;
}

/** A stock's OHLCV over one window, as the API answers it (daily: dailyWindow asks only for such windows). */
export const windowHistoryQuery = (ticker: string, window: { from: string; to: string } | null) =>
  queryOptions({
    queryKey: ['price', 'v2', ticker, 'window', window?.from, window?.to],
    queryFn: ({ signal }) =>
      getJson<PriceChartV2>(
        '/api/data/v2/chart/price',
        { tickers: ticker, from: window?.from ?? null, to: window?.to ?? null },
        signal,
      ),
    enabled: window !== null,
    staleTime: STALE,
  });

/** Daily closes of one or more securities of the same kind (a coin's own line). */
export const closesQuery = (kind: SecurityKind, tickers: readonly string[]) =>
  queryOptions({
    queryKey: ['price', 'closes', kind, tickers.join(',')],
    queryFn: ({ signal }) => closesOf(kind, tickers, signal),
    enabled: tickers.length > 0,
    staleTime: STALE,
  });

const closesOf = (kind: SecurityKind, tickers: readonly string[], signal?: AbortSignal) =>
  getJson<PriceChart>(
    kind === 'crypto' ? '/api/data/chart/crypto/price' : '/api/data/chart/price',
    { tickers: tickers.join(',') },
    signal,
  );

/**
 * The compared lines (issue 33: coins and stocks together): each ticker's kind from the search (the
 * page's own kind first when a coin and a stock share a ticker), then the closes of each kind in one call.
 */
export const compareQuery = (own: SecurityKind, tickers: readonly string[]) =>
  queryOptions({
    queryKey: ['price', 'compare', own, tickers.join(',')],
    queryFn: async ({ signal }): Promise<PriceChart> => {
      const found = await Promise.all(tickers.map((ticker) => findSecurity(ticker, own, signal)));
      const of = (kind: SecurityKind) => found.flatMap((item) => (item?.kind === kind ? [item.ticker] : []));
      const answers = await Promise.all(
        (['stock', 'crypto'] as const).map((kind) =>
          of(kind).length ? closesOf(kind, of(kind), signal) : Promise.resolve({ series: [] }),
        ),
      );
      return { series: answers.flatMap((answer) => answer.series) };
    },
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
export const useWindowHistory = (ticker: string, window: { from: string; to: string } | null) =>
  useAnswer(windowHistoryQuery(ticker, window));
export const useCloses = (kind: SecurityKind, tickers: readonly string[]) => useAnswer(closesQuery(kind, tickers));
export const useCompare = (own: SecurityKind, tickers: readonly string[]) => useAnswer(compareQuery(own, tickers));
export const useDrawdown = (kind: SecurityKind, ticker: string, from: string | null) =>
  useAnswer(drawdownQuery(kind, ticker, from));

export interface FoundSecurity {
  ticker: string;
  kind: SecurityKind;
}

/** Looks a typed ticker up for the compare form: the exact match, of the page's kind when both exist, else null. */
export async function findSecurity(
  text: string,
  preferred: SecurityKind,
  signal?: AbortSignal,
): Promise<FoundSecurity | null> {
  const q = text.trim();
  if (!q) return null;
  const body = await getJson<CompanySearch>('/api/data/company/search', { q, limit: 10 }, signal);
  const exact = body.results.filter((result) => result.ticker === q.toUpperCase());
  const found = exact.find((result) => result.kind === preferred) ?? exact[0];
  return found ? { ticker: found.ticker, kind: found.kind } : null;
}
