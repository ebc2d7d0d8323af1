import type { SeriesResolution } from '@app/contract';
import { dayNumber, type Range } from '../../finance/types.ts';

/*
 * Daily series sized to what a chart can show (issue 20, docs/api.md "Resolution"). Twenty years of trading
 * days are 5,000 points per line, five times what a 1,000-pixel chart can draw: a range longer than two
 * years goes out one point per calendar week unless the caller asks for every day. The whole series has
 * one resolution, so a chart that spaces points evenly (lightweight-charts does) keeps time even too.
 */
export type Resolution = 'daily' | 'weekly';

/** Two calendar years and a day (a leap year): a 2-year range is still daily. */
const DAILY_SPAN_DAYS = 731;
const epochDay = dayNumber;

/**
 * The resolution of a series: as asked, or (auto) daily when the span it shows is at most two years,
 * whatever its age (issue 33). The span runs from the later of `from` and the series' first day to the
 * earlier of `to` and its last day: a range asked from before the data begins or past its end shows only
 * the days there are.
 */
export function chooseResolution(
  asked: SeriesResolution | undefined,
  range: Range,
  firstDay: string | undefined,
  lastDay: string | undefined,
): Resolution {
  if (asked === 'daily' || asked === 'weekly') return asked;
  const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));
  const earlier = (a: string | undefined, b: string | undefined) => (a && b ? (a < b ? a : b) : (a ?? b));
  const from = later(range.from, firstDay);
  const to = earlier(range.to, lastDay);
  if (!from || !to) return 'daily';
  return epochDay(to) - epochDay(from) > DAILY_SPAN_DAYS ? 'weekly' : 'daily';
}

/** Monday-based week number: 1970-01-01 was a Thursday, so day 4 (Monday 5 January) starts week 1. */
export const weekOf = (day: string) => Math.floor((epochDay(day) + 3) / 7);

/** Where each week runs in a series sorted by day: [first index, last index] of every week. */
export function weekRuns(days: readonly string[]): [number, number][] {
  return weekRunsOf(Int32Array.from(days, epochDay));
}

/** weekRuns of the days' numbers (dayNumber), for a series that has them already. */
export function weekRunsOf(numbers: ArrayLike<number>): [number, number][] {
  const runs: [number, number][] = [];
  const week = (i: number) => Math.floor(((numbers[i] as number) + 3) / 7);
  let start = 0;
  let current = numbers.length ? week(0) : 0;
  for (let i = 1; i < numbers.length; i++) {
    const next = week(i);
    if (next === current) continue;
    runs.push([start, i - 1]);
    start = i;
    current = next;
  }
  if (numbers.length) runs.push([start, numbers.length - 1]);
  return runs;
}

/** The last point of every week (a value as of the week's close). */
export function lastOfWeek<P extends { day: string }>(points: readonly P[]): P[] {
  return weekRuns(points.map((p) => p.day)).map(([, last]) => points[last] as P);
}

/** The lowest point of every week (the latest of equal ones): a drawdown chart keeps its troughs. */
export function lowestOfWeek<P extends { day: string }>(points: readonly P[], value: (point: P) => number): P[] {
  return weekRuns(points.map((p) => p.day)).map(([first, last]) => {
    let lowest = points[first] as P;
    for (let i = first + 1; i <= last; i++) if (value(points[i] as P) <= value(lowest)) lowest = points[i] as P;
    return lowest;
  });
}
