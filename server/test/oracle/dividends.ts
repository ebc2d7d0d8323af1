import { monthsEarlier, plusDays, quantile } from './days.ts';
import type { Security } from './stored.ts';

/*
 * Dividend figures from the stored ex-dates (split-adjusted amounts), as finance-definitions.md "Per share
 * and dividends" words them.
 */

/** Dividends per share with ex-dates in the 365 days up to the day (the day included). */
export function dividendsTtm(s: Security, day: string): number {
  const from = plusDays(day, -365);
  let sum = 0;
  for (const d of s.dividends) if (d.exDate > from && d.exDate <= day) sum += d.amount;
  return sum;
}

/**
 * The first day the dividend history is known from: the start of the loaded history, its first close
 * (before it nothing is known; from it on, a day without an ex-date paid nothing). A yield needs it at
 * least 365 days before the day.
 */
export function historyStart(s: Security): string | null {
  return s.closes[0]?.day ?? null;
}

export function coversYear(s: Security, day: string): boolean {
  const start = historyStart(s);
  return start !== null && start <= plusDays(day, -365);
}

/** The yield in % of every trading day that has one (a stock; coins pay none). */
export function yieldSeries(s: Security): { day: string; pct: number }[] {
  if (s.kind !== 'stock') return [];
  const out: { day: string; pct: number }[] = [];
  // A sliding 365-day window of ex-dates [lo, hi): summed afresh each day in ex-date order, as a plain
  // sum would be (a running total would drift by rounding).
  let lo = 0;
  let hi = 0;
  for (const c of s.closes) {
    while (hi < s.dividends.length && (s.dividends[hi]?.exDate as string) <= c.day) hi++;
    const from = plusDays(c.day, -365);
    while (lo < hi && (s.dividends[lo]?.exDate as string) <= from) lo++;
    if (!coversYear(s, c.day) || c.split <= 0) continue;
    let ttm = 0;
    for (let k = lo; k < hi; k++) ttm += s.dividends[k]?.amount ?? 0;
    out.push({ day: c.day, pct: (ttm / c.split) * 100 });
  }
  return out;
}

/** Today's yield in its own last 10 years (all history when shorter, at least a year of yields). */
export function yieldPercentile(
  s: Security,
  series: readonly { day: string; pct: number }[],
): {
  yieldPct: number;
  percentile: number;
  band: { p10: number; p25: number; p50: number; p75: number; p90: number };
  windowStart: string;
  days: number;
} | null {
  const today = series.at(-1);
  const last = s.closes.at(-1);
  if (!today || !last || today.day !== last.day) return null;
  const from = monthsEarlier(today.day, 120);
  const window = series.filter((p) => p.day > from);
  const first = window[0];
  if (!first || first.day > plusDays(today.day, -365)) return null;
  // No dividend in the window: a yield of 0 every day has no history to stand against (the contract's
  // DividendYieldPercentile: "null values: no dividends in the window").
  if (window.every((p) => p.pct === 0)) return null;
  const atOrBelow = window.filter((p) => p.pct <= today.pct).length;
  const sorted = window.map((p) => p.pct).sort((a, b) => a - b);
  return {
    yieldPct: today.pct,
    percentile: (atOrBelow / window.length) * 100,
    band: {
      p10: quantile(sorted, 0.1),
      p25: quantile(sorted, 0.25),
      p50: quantile(sorted, 0.5),
      p75: quantile(sorted, 0.75),
      p90: quantile(sorted, 0.9),
    },
    windowStart: first.day,
    days: window.length,
  };
}

/** DPS per calendar year (ex-date), split-adjusted. */
export function dpsByYear(s: Security): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of s.dividends) {
    const year = Number(d.exDate.slice(0, 4));
    out.set(year, (out.get(year) ?? 0) + d.amount);
  }
  return out;
}

/** The last full calendar year by the day (the day's own year when it is 31 December). */
export function lastFullYear(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.endsWith('-12-31') ? year : year - 1;
}

/**
 * A calendar year is full in the data when the loaded history began by its first trading day: the first
 * weekday after New Year's Day, the 3rd when the 1st is a Sunday (its holiday is observed on Monday the 2nd).
 */
function fullInData(s: Security, year: number): boolean {
  const start = historyStart(s);
  if (start === null) return false;
  const newYear = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  // Weekday of 1 January (0 Sunday .. 6 Saturday) -> the year's first trading day.
  const firstTradingDay = { 0: 3, 1: 2, 2: 2, 3: 2, 4: 2, 5: 4, 6: 3 }[newYear] as number;
  return start <= `${year}-01-0${firstTradingDay}`;
}

export function dividendCagr5y(s: Security, day: string): number | null {
  const y = lastFullYear(day);
  if (!fullInData(s, y - 5)) return null;
  const dps = dpsByYear(s);
  const now = dps.get(y) ?? 0;
  const then = dps.get(y - 5) ?? 0;
  if (now === 0 || then === 0) return null;
  return (now / then) ** (1 / 5) - 1;
}

/** Full years with DPS(y) > DPS(y-1) > 0 counted back from the last full year: a first dividend is not growth. */
export function dividendGrowthYears(s: Security, day: string): number {
  const dps = dpsByYear(s);
  let years = 0;
  for (let y = lastFullYear(day); fullInData(s, y - 1); y--) {
    const previous = dps.get(y - 1) ?? 0;
    if (previous > 0 && (dps.get(y) ?? 0) > previous) years++;
    else break;
  }
  return years;
}
