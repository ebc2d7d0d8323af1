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
  // Weekly bars are made from the rows, one week at a time: no point object per day (20 years are 5,000).
  const points =
    resolution === 'weekly'
      ? weekRuns(bars.map((b) => b.day)).map(([first, last]) => weekBar(bars, first, last, dividendOn, splitOn))
      : bars.map((b) => dayBar(b, dividendOn, splitOn));
  return { ...head(s), resolution, points };
}

type Dividends = ReadonlyMap<string, number>;
type Splits = ReadonlyMap<string, { numerator: number; denominator: number }>;

/** A day's raw prices in split-adjusted terms: scaled by close_split_adj / close (volume inversely). */
const factorOf = (b: BarRow) => (b.close > 0 ? b.close_split_adj / b.close : 1);

/** One day's bar in split-adjusted terms, with its dividend and split. */
function dayBar(b: BarRow, dividendOn: Dividends, splitOn: Splits): Ohlcv {
  const factor = factorOf(b);
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
}

/**
 * The bar of one week (rows first..last), on its last trading day: the first open, the highest high, the
 * lowest low, the last close and adjusted close, the volume summed; the week's dividends summed and its
 * splits multiplied. Each day scaled as dayBar scales it.
 */
function weekBar(rows: readonly BarRow[], first: number, last: number, dividendOn: Dividends, splitOn: Splits): Ohlcv {
  const bar = dayBar(rows[first] as BarRow, dividendOn, splitOn);
  for (let i = first + 1; i <= last; i++) {
    const b = rows[i] as BarRow;
    const factor = factorOf(b);
    if (bar.open == null && b.open != null) bar.open = b.open * factor;
    if (b.high != null) bar.high = bar.high == null ? b.high * factor : Math.max(bar.high, b.high * factor);
    if (b.low != null) bar.low = bar.low == null ? b.low * factor : Math.min(bar.low, b.low * factor);
    if (b.volume != null) bar.volume = bar.volume == null ? b.volume / factor : bar.volume + b.volume / factor;
    const dividend = dividendOn.get(b.day);
    if (dividend !== undefined) bar.dividend = (bar.dividend ?? 0) + dividend;
    const split = splitOn.get(b.day);
    if (split) {
      bar.split = bar.split
        ? { numerator: bar.split.numerator * split.numerator, denominator: bar.split.denominator * split.denominator }
        : split;
    }
    bar.day = b.day;
    bar.close = b.close_split_adj;
    bar.adjClose = b.close_adj;
  }
  return bar;
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
