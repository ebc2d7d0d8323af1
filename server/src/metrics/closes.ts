/*
 * The catalogue's rules on daily closes (issue 31): a change over a period is the last close over the
 * close of the last trading day on or before the same date one period earlier, everywhere (cards, the
 * chart's headline, the screener, movers, sector panels). Days are 'YYYY-MM-DD'.
 */

import type { CloseHistory } from '../finance/close-history.ts';

/** The last point on or before `day` in points sorted by day (binary search); undefined when none is. */
export function lastOnOrBefore<P extends { day: string }>(points: readonly P[], day: string): P | undefined {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as P).day <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : points[lo - 1];
}

/** Change in % from `from` to `to`; null when either is missing or the start is not positive. */
export function changeSince(to: number | null, from: number | null): number | null {
  if (to === null || from === null || !(from > 0)) return null;
  return (to / from - 1) * 100;
}

/** Lowest and highest close (split-adjusted) of the 52 weeks (365 days) up to the last day. */
export function yearRange(history: CloseHistory): { low: number; high: number } | null {
  const n = history.length;
  if (n === 0) return null;
  const from = (history.numbers[n - 1] as number) - 365;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = n - 1; i >= 0 && (history.numbers[i] as number) > from; i--) {
    const close = history.split[i] as number;
    low = Math.min(low, close);
    high = Math.max(high, close);
  }
  return { low, high };
}

/** The close of the last trading day on or before `day`; null when the history starts after it. */
export function closeOnOrBefore(history: CloseHistory, day: string): number | null {
  const i = history.indexOnOrBefore(day);
  return i < 0 ? null : (history.split[i] as number);
}
