import type { ValuationRatiosChart } from '@app/contract';
import type { DayValue } from '../../ui/chart-range.ts';
import { monthsBefore } from '../../ui/chart-range.ts';

export const RATIOS = ['pe', 'ps', 'pb', 'evEbitda', 'pfcf', 'evSales'] as const;
export type Ratio = (typeof RATIOS)[number];
type RatioPoint = Pick<ValuationRatiosChart['series'][number]['points'][number], 'day' | Ratio>;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The days a ratio is defined (null: losses, negative equity or cash flow), in order. */
export function ratioValues(points: readonly Partial<RatioPoint>[], ratio: Ratio): DayValue[] {
  const values: DayValue[] = [];
  for (const point of points) {
    const value = point[ratio];
    if (typeof value === 'number' && Number.isFinite(value) && point.day) values.push({ day: point.day, value });
  }
  return values;
}

/** Mean and population standard deviation: the band a ratio usually moves in. */
export function meanAndDeviation(values: readonly number[]): { mean: number; deviation: number } | null {
  if (values.length === 0) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return { mean, deviation: Math.sqrt(variance) };
}

/**
 * One ratio's line over the shown days with its median and its mean +/- one standard deviation. Days
 * where the ratio is undefined are left out of all of them, so a loss year neither drags the median
 * nor draws a zero.
 */
export function ratioLines(points: readonly Partial<RatioPoint>[], ratio: Ratio) {
  const values = ratioValues(points, ratio);
  const mid = median(values.map((v) => v.value));
  const spread = meanAndDeviation(values.map((v) => v.value));
  return {
    values,
    median: mid,
    current: values.at(-1)?.value ?? null,
    medianLine: mid === null ? [] : values.map((v) => ({ day: v.day, value: mid })),
    band: spread ? { low: spread.mean - spread.deviation, high: spread.mean + spread.deviation } : null,
  };
}

/**
 * The table row of a ratio (issue 22): its latest value and its medians over the 5 and 10 years up to
 * the last day with a price (whatever range the charts show). A median needs values over at least half
 * its window, else the history is too short to call it a 5- or 10-year median.
 */
export function ratioSummary(points: readonly Partial<RatioPoint>[], ratio: Ratio) {
  const values = ratioValues(points, ratio);
  const lastDay = points.at(-1)?.day;
  const firstDay = points[0]?.day;
  const medianOver = (years: number) => {
    if (!lastDay || !firstDay) return null;
    const start = monthsBefore(lastDay, years * 12);
    if (firstDay > monthsBefore(lastDay, years * 6)) return null;
    return median(values.filter((v) => v.day >= start).map((v) => v.value));
  };
  const last = values.at(-1);
  return {
    ratio,
    current: last && last.day === lastDay ? last.value : null,
    median5y: medianOver(5),
    median10y: medianOver(10),
  };
}
