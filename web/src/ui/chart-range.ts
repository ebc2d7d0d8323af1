/*
 * Chart ranges (issue 8: 1M, 6M, YTD, 1Y, 5Y, 10Y, MAX) and comparison maths. Days are 'YYYY-MM-DD'
 * strings; arithmetic is done in UTC so a reader's time zone never shifts a day.
 */
export const CHART_RANGES = ['1M', '6M', 'YTD', '1Y', '5Y', '10Y', 'MAX'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export interface DayValue {
  day: string;
  value: number;
}

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Months back from a day, clamped to the month's end (Mar 31 - 1M = Feb 28/29). */
export function monthsBefore(day: string, months: number): string {
  const date = toDate(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target);
}

/** The first day a range shows, counted back from the last day with data; null for MAX (everything). */
export function rangeStart(range: ChartRange, lastDay: string): string | null {
  switch (range) {
    case '1M':
      return monthsBefore(lastDay, 1);
    case '6M':
      return monthsBefore(lastDay, 6);
    case 'YTD':
      return `${lastDay.slice(0, 4)}-01-01`;
    case '1Y':
      return monthsBefore(lastDay, 12);
    case '5Y':
      return monthsBefore(lastDay, 60);
    case '10Y':
      return monthsBefore(lastDay, 120);
    case 'MAX':
      return null;
  }
}

/**
 * Monday of the week two years before `today`. The API sends a range longer than two years one point per
 * week (docs/api.md, "Resolution"); a chart's daily part is asked for from here.
 */
export function recentStart(today: Date): string {
  const day = new Date(Date.UTC(today.getUTCFullYear() - 2, today.getUTCMonth(), today.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return toDay(day);
}

/** Ranges a two-year daily answer covers (with room for a 200-day average before the start). */
export const RECENT_RANGES: readonly ChartRange[] = ['1M', '6M', 'YTD', '1Y'];

/** The points of a series inside a range (series sorted by day). */
export function pointsInRange<T extends { day: string }>(points: readonly T[], range: ChartRange): T[] {
  const last = points.at(-1);
  if (!last) return [];
  const start = rangeStart(range, last.day);
  return start === null ? [...points] : points.filter((point) => point.day >= start);
}

/**
 * Compare mode (design.md): each series as % change from its first value in the range, so tickers of
 * different prices share one axis. A series starting at 0 cannot be normalised and comes back empty.
 */
export function normaliseToPercent(points: readonly DayValue[]): DayValue[] {
  const first = points.find((point) => Number.isFinite(point.value));
  if (!first || first.value === 0) return [];
  return points.map((point) => ({ day: point.day, value: ((point.value - first.value) / first.value) * 100 }));
}

/**
 * Change over a window of a history, in % (issue 31, the server's metrics/closes.ts rule): the last value
 * in the window over the value of the last day on or before the window's start (the same date one period
 * earlier for a range button), so "1 year" here is the one-year change the cards, key statistics and
 * the screener show. Without a start, from the first value; none when the history begins after the start.
 */
export function changeOverWindow(
  points: readonly DayValue[],
  window: { start: string | null; end: string | null },
): number | null {
  let base: DayValue | undefined;
  let last: DayValue | undefined;
  for (const point of points) {
    if (window.end !== null && point.day > window.end) break;
    if (window.start === null) base ??= point;
    else if (point.day <= window.start) base = point;
    last = point;
  }
  // A history that starts after the window's start has no value a period earlier: no change, as on the server.
  if (!base || !last || base.value === 0) return null;
  return ((last.value - base.value) / base.value) * 100;
}

/**
 * The API's rule for a series' points (docs/api.md "Resolution", issue 33): every day when the span shown
 * is at most two years and a day (731 days, a leap year), whatever its age; one point a week beyond.
 */
export const DAILY_SPAN_DAYS = 731;
export function spanResolution(from: string, to: string): 'daily' | 'weekly' {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 > DAILY_SPAN_DAYS
    ? 'weekly'
    : 'daily';
}
