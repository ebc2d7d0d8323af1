import { useCallback, useMemo } from 'react';
import { isTickerText } from '../../app/paths.ts';
import { useSearchParams } from '../../router/index.ts';
import { CHART_RANGES, type ChartRange } from '../../ui/chart-range.ts';

/*
 * The price chart's state in the URL (issue 22), so a link shows the same chart:
 *   range=5Y             a range button (1Y when absent)
 *   from=2024-01-02&to=  a custom window (overrides range; either end may be open)
 *   chart=candles        candlesticks instead of the line
 *   volume=0             the volume pane hidden (shown by default)
 *   ma=50,200            moving averages of 50 and 200 trading days
 *   log=1                log scale
 *   markers=0            dividend and split markers hidden (shown by default)
 * Defaults are left out of the URL. compare=A,B (the compared tickers) is read and written apart
 * (useCompareParam), as the compare form changes it.
 */
export const MOVING_AVERAGES = [50, 200] as const;
export type MovingAverage = (typeof MOVING_AVERAGES)[number];
export type PriceStyle = 'line' | 'candles';

export interface PriceChartParams {
  range: ChartRange;
  from: string | null;
  to: string | null;
  style: PriceStyle;
  volume: boolean;
  movingAverages: MovingAverage[];
  log: boolean;
  markers: boolean;
}

/** Every query parameter the price chart owns (they stay on the overview: issue 22). */
export const PRICE_PARAMS = ['range', 'from', 'to', 'chart', 'volume', 'ma', 'log', 'markers', 'compare'] as const;

const DEFAULT_RANGE: ChartRange = '1Y';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (text: string | null) =>
  text !== null && DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? text : null;

export function parsePriceParams(params: URLSearchParams): PriceChartParams {
  const range = params.get('range')?.toUpperCase() ?? '';
  let from = validDay(params.get('from'));
  let to = validDay(params.get('to'));
  // A window given backwards is the same window.
  if (from && to && from > to) [from, to] = [to, from];
  const ma = (params.get('ma') ?? '').split(',').map(Number);
  return {
    range: CHART_RANGES.includes(range as ChartRange) ? (range as ChartRange) : DEFAULT_RANGE,
    from,
    to,
    style: params.get('chart') === 'candles' ? 'candles' : 'line',
    volume: params.get('volume') !== '0',
    movingAverages: MOVING_AVERAGES.filter((days) => ma.includes(days)),
    log: params.get('log') === '1',
    markers: params.get('markers') !== '0',
  };
}

/** The URL parameters with the chart's changes applied; defaults removed, other parameters kept. */
export function writePriceParams(current: URLSearchParams, change: Partial<PriceChartParams>): URLSearchParams {
  const next = { ...parsePriceParams(current), ...change };
  const out = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value === null ? out.delete(name) : out.set(name, value));
  set('range', next.range === DEFAULT_RANGE ? null : next.range);
  set('from', next.from);
  set('to', next.to);
  set('chart', next.style === 'candles' ? 'candles' : null);
  set('volume', next.volume ? null : '0');
  set('ma', next.movingAverages.length ? [...next.movingAverages].sort((a, b) => a - b).join(',') : null);
  set('log', next.log ? '1' : null);
  set('markers', next.markers ? null : '0');
  return out;
}

/** The URL without the price chart's parameters: what another tab of the page gets. */
export function withoutPriceParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PRICE_PARAMS) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function usePriceParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parsePriceParams(params), [params]);
  const update = useCallback(
    (change: Partial<PriceChartParams>) => setParams((current) => writePriceParams(current, change), { replace: true }),
    [setParams],
  );
  return [state, update] as const;
}

/** The compare tickers of the URL, upper-case, valid and without the page's own. */
export function compareFromParams(params: URLSearchParams, own: string): string[] {
  const list = (params.get('compare') ?? '').split(',').map((item) => item.trim().toUpperCase());
  return [...new Set(list.filter((item) => isTickerText(item) && item !== own))].slice(0, 5);
}

export function useCompareParam(own: string) {
  const [params, setParams] = useSearchParams();
  const compare = useMemo(() => compareFromParams(params, own), [params, own]);
  const setCompare = useCallback(
    (next: string[]) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.length) updated.set('compare', next.join(','));
          else updated.delete('compare');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [compare, setCompare] as const;
}
