import { addMonths } from '../finance/types.ts';
import { lastOnOrBefore } from '../metrics/closes.ts';

/*
 * The markets page's indices (issue 33): the app has no index of its own, so the market is the
 * equal-weighted mean of its stocks' daily price changes (rebalanced every day, as the S&P 500 Equal
 * Weight is each quarter), chained from 100 on the first day. A stock counts on a day when it has a
 * close that day and one before it. Changes are the last value against the value of the last trading
 * day on or before the same date one period earlier.
 */

export interface IndexPoint {
  day: string;
  value: number;
}

/** One security's closes as day and close lists, days ascending (the markets page's indexes; a stock's packed columns are finance/close-history.ts). */
export interface DailyCloses {
  days: readonly string[];
  closes: readonly number[];
}

/** The equal-weighted index of the histories from the first trading day on or after `from`, at 100. */
export function equalWeightDailyIndex(histories: readonly DailyCloses[], from: string): IndexPoint[] {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const { days, closes } of histories) {
    for (let i = 0; i < days.length; i++) {
      const day = days[i] as string;
      if (day < from) continue;
      let entry = sums.get(day);
      if (!entry) {
        entry = { sum: 0, count: 0 };
        sums.set(day, entry);
      }
      const previous = closes[i - 1];
      if (previous !== undefined && previous > 0) {
        entry.sum += (closes[i] as number) / previous - 1;
        entry.count += 1;
      }
    }
  }
  const days = [...sums.keys()].sort();
  const points: IndexPoint[] = [];
  let value = 100;
  for (const [i, day] of days.entries()) {
    const { sum, count } = sums.get(day) as { sum: number; count: number };
    if (i > 0 && count > 0) value *= 1 + sum / count;
    points.push({ day, value });
  }
  return points;
}

export type ChangePeriod = 'day' | 'month' | 'year';

/**
 * The change of the last point against the previous one (day) or the last one on or before the same date
 * a month or a year earlier, as a fraction; null when the series does not reach back that far.
 */
export function changeOver(points: readonly IndexPoint[], period: ChangePeriod): number | null {
  const last = points.at(-1);
  if (!last) return null;
  // The catalogue's rule for a change over a period (metrics/closes.ts), the one every page uses.
  const base =
    period === 'day' ? points.at(-2) : lastOnOrBefore(points, addMonths(last.day, period === 'year' ? -12 : -1));
  return base && base.value > 0 ? last.value / base.value - 1 : null;
}
