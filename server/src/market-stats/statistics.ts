import type { CloseHistory } from '../finance/close-history.ts';
import { median } from '../finance/stats.ts';
import { addDays } from '../finance/types.ts';

/*
 * Key statistics from a security's own price and dividend history (issue 22): pure functions, data in,
 * numbers out, so each is tested by scenario. Days are 'YYYY-MM-DD'; closes are split-adjusted.
 */
const DAY_MS = 86_400_000;

export interface DayVolume {
  day: string;
  volume: number | null;
}

/** Mean daily volume over the days after `asOf - days` (days without a volume are left out). */
export function averageVolume(rows: readonly DayVolume[], asOf: string, days: number): number | null {
  const from = addDays(asOf, -days);
  const values = rows.filter((row) => row.day > from && row.day <= asOf && row.volume !== null) as {
    volume: number;
  }[];
  if (values.length === 0) return null;
  return values.reduce((sum, row) => sum + row.volume, 0) / values.length;
}

export interface DayClose {
  day: string;
  close: number;
}

/** The highest close of the history (the first day it was reached) and how far the last close is below it, in %. */
export function allTimeHigh(history: CloseHistory): { high: DayClose; fromHighPct: number } | null {
  const n = history.length;
  if (n === 0) return null;
  const closes = history.split;
  let at = 0;
  for (let i = 1; i < n; i++) if ((closes[i] as number) > (closes[at] as number)) at = i;
  const high = closes[at] as number;
  const last = closes[n - 1] as number;
  return { high: { day: history.day(at), close: high }, fromHighPct: high > 0 ? (last / high - 1) * 100 : 0 };
}

export interface ExDividend {
  exDate: string;
  amount: number;
}

/** The newest ex-date on or before `asOf`. */
export function lastDividend(dividends: readonly ExDividend[], asOf: string): ExDividend | null {
  let last: ExDividend | null = null;
  for (const dividend of dividends)
    if (dividend.exDate <= asOf && (!last || dividend.exDate > last.exDate)) last = dividend;
  return last;
}

/**
 * The next ex-date: a declared one after `asOf` when the data has it; else projected from the payment
 * pattern, the last ex-date plus the median gap of the last five, with the last amount. A projection
 * more than half a gap overdue means the payments stopped (or paused): none is shown.
 */
export function nextDividend(
  dividends: readonly ExDividend[],
  asOf: string,
): (ExDividend & { estimated: boolean }) | null {
  const sorted = [...dividends].sort((a, b) => a.exDate.localeCompare(b.exDate));
  const declared = sorted.find((dividend) => dividend.exDate > asOf);
  if (declared) return { ...declared, estimated: false };
  const recent = sorted.slice(-5);
  const last = recent.at(-1);
  if (!last || recent.length < 2) return null;
  const gaps = recent
    .slice(1)
    .map((dividend, i) => (Date.parse(dividend.exDate) - Date.parse(recent[i]?.exDate ?? '')) / DAY_MS);
  const gap = median(gaps);
  if (gap === null || gap < 20) return null;
  let next = addDays(last.exDate, Math.round(gap));
  // Already past a little (the data lags a few days): the one after it, while the pattern still holds.
  if (next <= asOf) {
    if (Date.parse(asOf) - Date.parse(next) > (gap / 2) * DAY_MS) return null;
    next = addDays(next, Math.round(gap));
  }
  return { exDate: next, amount: last.amount, estimated: true };
}
