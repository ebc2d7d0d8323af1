import type { DividendYieldChart, DrawdownChart, PriceChartV2 } from '@app/contract';
import type { PriceBars } from '../../derived/price-years.ts';
import { dividendYieldSeries } from '../../finance/dividends.ts';
import { drawdownSeries, drawdownSummary } from '../../finance/drawdown.ts';
import type { SecurityRef } from '../market/securities.ts';
import { rangeChanges } from './range-changes.ts';
import { lastOfWeek, lowestOfWeek, type Resolution, weekRuns } from './resolution.ts';

/* Shapes of the chart responses, from grouped rows; one series per security, in the order asked. */

type OhlcvSeries = PriceChartV2['series'][number];
const head = (s: SecurityRef) => ({ ticker: s.ticker, name: s.name, currency: s.currency });

interface CloseRow {
  day: string;
  close_split_adj: number;
}

type Ohlcv = PriceChartV2['series'][number]['points'][number];

/**
 * OHLCV in split-adjusted terms: every raw value of a day is scaled by that day's factor
 * close_split_adj / close (volume inversely), so a split is neither a price drop nor a volume jump.
 */
export function ohlcvSeries(
  s: SecurityRef,
  bars: PriceBars | undefined,
  dividends: readonly { ex_date: string; amount_split_adj: number }[] = [],
  splits: readonly { day: string; numerator: number; denominator: number }[] = [],
  resolution: Resolution = 'daily',
): OhlcvSeries {
  const dividendOn = new Map<string, number>();
  for (const d of dividends) dividendOn.set(d.ex_date, (dividendOn.get(d.ex_date) ?? 0) + d.amount_split_adj);
  const splitOn = new Map(splits.map((sp) => [sp.day, { numerator: sp.numerator, denominator: sp.denominator }]));
  if (!bars) return { ...head(s), resolution, rangeChangesPct: rangeChanges([], []), points: [] };
  const days = new DaysOf(bars, dividendOn, splitOn);
  // Weekly bars are made from the columns, one week at a time: no point object per day (20 years: 5,000).
  const points =
    resolution === 'weekly'
      ? weekRuns(bars.days).map(([first, last]) => days.week(first, last))
      : bars.days.map((_, i) => days.bar(i));
  // The range buttons' changes from the daily closes, never the weekly points (issue 42).
  return { ...head(s), resolution, rangeChangesPct: rangeChanges(bars.days, bars.closeSplitAdj), points };
}

/** NaN (the source gave none) as null, else the value scaled. */
const scaled = (value: number, factor: number) => (Number.isNaN(value) ? null : value * factor);

/** The days of one security's bars, each in split-adjusted terms. */
class DaysOf {
  constructor(
    private readonly bars: PriceBars,
    private readonly dividendOn: ReadonlyMap<string, number>,
    private readonly splitOn: ReadonlyMap<string, { numerator: number; denominator: number }>,
  ) {}

  /** Day i's raw prices are scaled by close_split_adj / close, its volume inversely. */
  private factor(i: number): number {
    const close = this.bars.close[i] as number;
    return close > 0 ? (this.bars.closeSplitAdj[i] as number) / close : 1;
  }

  /** Day i's bar, with its dividend and split. */
  bar(i: number): Ohlcv {
    const { bars } = this;
    const factor = this.factor(i);
    const volume = bars.volume[i] as number;
    const point: Ohlcv = {
      day: bars.days[i] as string,
      open: scaled(bars.open[i] as number, factor),
      high: scaled(bars.high[i] as number, factor),
      low: scaled(bars.low[i] as number, factor),
      close: bars.closeSplitAdj[i] as number,
      volume: Number.isNaN(volume) ? null : volume / factor,
      adjClose: bars.closeAdj[i] as number,
    };
    const dividend = this.dividendOn.get(point.day);
    if (dividend !== undefined) point.dividend = dividend;
    const split = this.splitOn.get(point.day);
    if (split) point.split = split;
    return point;
  }

  /**
   * The bar of days first..last (one week), on its last trading day: the first open, the highest high, the
   * lowest low, the last close and adjusted close, the volume summed; the week's dividends summed and its
   * splits multiplied.
   */
  week(first: number, last: number): Ohlcv {
    const { bars } = this;
    const bar = this.bar(first);
    for (let i = first + 1; i <= last; i++) {
      const factor = this.factor(i);
      const open = scaled(bars.open[i] as number, factor);
      const high = scaled(bars.high[i] as number, factor);
      const low = scaled(bars.low[i] as number, factor);
      const volume = bars.volume[i] as number;
      if (bar.open == null && open != null) bar.open = open;
      if (high != null) bar.high = bar.high == null ? high : Math.max(bar.high, high);
      if (low != null) bar.low = bar.low == null ? low : Math.min(bar.low, low);
      if (!Number.isNaN(volume)) bar.volume = bar.volume == null ? volume / factor : bar.volume + volume / factor;
      const day = bars.days[i] as string;
      const dividend = this.dividendOn.get(day);
      if (dividend !== undefined) bar.dividend = (bar.dividend ?? 0) + dividend;
      const split = this.splitOn.get(day);
      if (split) {
        bar.split = bar.split
          ? { numerator: bar.split.numerator * split.numerator, denominator: bar.split.denominator * split.denominator }
          : split;
      }
      bar.day = day;
      bar.close = bars.closeSplitAdj[i] as number;
      bar.adjClose = bars.closeAdj[i] as number;
    }
    return bar;
  }
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

/**
 * Yield per day of the rows' days: split-adjusted dividends of the 365 days up to the day / split-adjusted
 * close (the dividends given must reach a year before the first row), none before the dividend history
 * known from the security's first close covers a year (finance-definitions.md).
 */
export function dividendYieldOf(
  s: SecurityRef,
  rows: readonly CloseRow[] = [],
  dividends: readonly { ex_date: string; amount_split_adj: number }[] = [],
  firstClose: string | undefined = rows[0]?.day,
  resolution: Resolution = 'daily',
): DividendYieldChart['series'][number] {
  const points = dividendYieldSeries(
    rows.map((r) => ({ day: r.day, close: r.close_split_adj })),
    dividends.map((d) => ({ exDate: d.ex_date, amount: d.amount_split_adj })),
    firstClose,
  );
  return { ...head(s), resolution, points: resolution === 'weekly' ? lastOfWeek(points) : points };
}
