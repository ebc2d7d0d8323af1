import type { DividendYieldChart, DrawdownChart, PriceChartV2 } from '@app/contract';
import { dividendYieldSeries } from '../../finance/dividends.ts';
import { drawdownSeries, drawdownSummary } from '../../finance/drawdown.ts';
import type { SecurityRef } from '../market/securities.ts';
import { lastOfWeek, lowestOfWeek, type Resolution, weekRuns } from './resolution.ts';

/* Shapes of the chart responses, from grouped rows; one series per security, in the order asked. */

type Series<P> = { ticker: string; name: string; currency: string; resolution: Resolution; points: P[] };
const head = (s: SecurityRef) => ({ ticker: s.ticker, name: s.name, currency: s.currency });

interface CloseRow {
  day: string;
  close_split_adj: number;
}

interface BarRow extends CloseRow {
  close: number;
  close_adj: number;
  open: number | null;
  high: number | null;
  low: number | null;
  volume: number | null;
}

type Ohlcv = PriceChartV2['series'][number]['points'][number];

/**
 * OHLCV in split-adjusted terms: every raw value of a day is scaled by that day's factor
 * close_split_adj / close (volume inversely), so a split is neither a price drop nor a volume jump.
 */
export function ohlcvSeries(
  s: SecurityRef,
  bars: readonly BarRow[] = [],
  dividends: readonly { ex_date: string; amount_split_adj: number }[] = [],
  splits: readonly { day: string; numerator: number; denominator: number }[] = [],
  resolution: Resolution = 'daily',
): Series<Ohlcv> {
  const dividendOn = new Map<string, number>();
  for (const d of dividends) dividendOn.set(d.ex_date, (dividendOn.get(d.ex_date) ?? 0) + d.amount_split_adj);
  const splitOn = new Map(splits.map((sp) => [sp.day, { numerator: sp.numerator, denominator: sp.denominator }]));
  const points = bars.map((b): Ohlcv => {
    const factor = b.close > 0 ? b.close_split_adj / b.close : 1;
    const point: Ohlcv = {
      day: b.day,
      open: b.open == null ? null : b.open * factor,
      high: b.high == null ? null : b.high * factor,
      low: b.low == null ? null : b.low * factor,
      close: b.close_split_adj,
      volume: b.volume == null ? null : b.volume / factor,
      adjClose: b.close_adj,
    };
    const dividend = dividendOn.get(b.day);
    if (dividend !== undefined) point.dividend = dividend;
    const split = splitOn.get(b.day);
    if (split) point.split = split;
    return point;
  });
  return { ...head(s), resolution, points: resolution === 'weekly' ? weeklyBars(points) : points };
}

const sumOrNull = (a: number | null, b: number | null) => (a == null ? b : b == null ? a : a + b);

/**
 * Each week as one bar, on its last trading day: the first open, the highest high, the lowest low, the last
 * close and adjusted close, the volume summed; the week's dividends summed and its splits multiplied.
 */
export function weeklyBars(points: readonly Ohlcv[]): Ohlcv[] {
  return weekRuns(points.map((p) => p.day)).map(([first, last]) => {
    const end = points[last] as Ohlcv;
    const bar: Ohlcv = {
      day: end.day,
      open: null,
      high: null,
      low: null,
      close: end.close,
      volume: null,
      adjClose: end.adjClose,
    };
    for (let i = first; i <= last; i++) {
      const p = points[i] as Ohlcv;
      bar.open ??= p.open;
      if (p.high != null) bar.high = bar.high == null ? p.high : Math.max(bar.high, p.high);
      if (p.low != null) bar.low = bar.low == null ? p.low : Math.min(bar.low, p.low);
      bar.volume = sumOrNull(bar.volume, p.volume);
      if (p.dividend !== undefined) bar.dividend = (bar.dividend ?? 0) + p.dividend;
      if (p.split) {
        bar.split = bar.split
          ? {
              numerator: bar.split.numerator * p.split.numerator,
              denominator: bar.split.denominator * p.split.denominator,
            }
          : p.split;
      }
    }
    return bar;
  });
}

/** Drawdown on adjusted closes, the running high starting at the first day of the range. */
export function drawdownOf(
  s: SecurityRef,
  rows: readonly { day: string; close_adj: number }[] = [],
  resolution: Resolution = 'daily',
): DrawdownChart['series'][number] {
  const prices = rows.map((r) => ({ day: r.day, close: r.close_adj }));
  // The summary counts every day whatever the resolution: the deepest day is a weekly point too.
  const summary = drawdownSummary(prices);
  const points = drawdownSeries(prices).map((p) => ({ day: p.day, drawdownPct: p.drawdownPct }));
  return {
    ...head(s),
    resolution,
    currentPct: summary?.currentPct ?? null,
    maxPct: summary?.maxPct ?? null,
    maxDay: summary?.maxDay ?? null,
    points: resolution === 'weekly' ? weeklyDrawdown(points) : points,
  };
}

/**
 * Each week's trough, but the last week ends on the last day: the chart's end is today's drawdown, the
 * figure key statistics and the screener show (the catalogue's drawdownPct at Max), not a trough days older.
 */
function weeklyDrawdown<P extends { day: string; drawdownPct: number }>(points: readonly P[]): P[] {
  const weekly = lowestOfWeek(points, (p) => p.drawdownPct);
  const last = points.at(-1);
  if (last && weekly.length > 0) weekly[weekly.length - 1] = last;
  return weekly;
}

/** Yield per day: split-adjusted dividends of the 365 days up to the day / split-adjusted close. */
export function dividendYieldOf(
  s: SecurityRef,
  rows: readonly CloseRow[] = [],
  dividends: readonly { ex_date: string; amount_split_adj: number }[] = [],
  resolution: Resolution = 'daily',
): DividendYieldChart['series'][number] {
  const points = dividendYieldSeries(
    rows.map((r) => ({ day: r.day, close: r.close_split_adj })),
    dividends.map((d) => ({ exDate: d.ex_date, amount: d.amount_split_adj })),
  );
  return { ...head(s), resolution, points: resolution === 'weekly' ? lastOfWeek(points) : points };
}
