/*
 * The catalogue's rules on daily closes (issue 31): a change over a period is the last close over the
 * close of the last trading day on or before the same date one period earlier, everywhere (cards, the
 * chart's headline, the screener, movers, sector panels). Days are 'YYYY-MM-DD'.
 */

export interface DayClose {
  day: string;
  close: number;
}

/** The same date `months` later (earlier when negative), clamped to the month's last day (29 Feb -> 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

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

/** Lowest and highest close of the 52 weeks (365 days) up to the last day. */
export function yearRange(closes: readonly DayClose[]): { low: number; high: number } | null {
  const last = closes.at(-1);
  if (!last) return null;
  const from = new Date(Date.parse(`${last.day}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const point of closes) {
    if (point.day <= from) continue;
    low = Math.min(low, point.close);
    high = Math.max(high, point.close);
  }
  return { low, high };
}
