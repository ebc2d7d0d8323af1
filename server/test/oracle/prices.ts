import { mondayOf, monthsEarlier, plusDays } from './days.ts';
import type { Close } from './stored.ts';

/*
 * Price figures from the stored daily closes, as finance-definitions.md ("Price figures",
 * "Drawdown") and the metric catalogue word them. Percentages are in % (2.5 = 2.5 %).
 */

const pct = (ratio: number) => ratio * 100;

/** The last close on or before a day (closes ascending); undefined before the first. */
export function closeOnOrBefore(closes: readonly Close[], day: string): Close | undefined {
  let found: Close | undefined;
  for (const c of closes) {
    if (c.day > day) break;
    found = c;
  }
  return found;
}

/**
 * Change over a range: the last close / the close on or before the range's start - 1, on split-adjusted
 * daily closes; null start = all history, from the first daily close. Null when no close is that old.
 */
export function changeOver(closes: readonly Close[], start: string | null): number | null {
  const last = closes.at(-1);
  const base = start === null ? closes[0] : closeOnOrBefore(closes, start);
  if (!last || !base || base.split === 0) return null;
  return pct(last.split / base.split - 1);
}

export function dayChange(closes: readonly Close[]): number | null {
  const last = closes.at(-1);
  const previous = closes.at(-2);
  return last && previous ? pct(last.split / previous.split - 1) : null;
}

export function change1y(closes: readonly Close[]): number | null {
  const last = closes.at(-1);
  return last ? changeOver(closes, monthsEarlier(last.day, 12)) : null;
}

/** Highest and lowest split-adjusted close of the 365 days up to the last one (its day included). */
export function week52(closes: readonly Close[]): { high: number; low: number } | null {
  const last = closes.at(-1);
  if (!last) return null;
  const from = plusDays(last.day, -365);
  const year = closes.filter((c) => c.day > from).map((c) => c.split);
  return { high: Math.max(...year), low: Math.min(...year) };
}

export function allTimeHigh(closes: readonly Close[]): { close: number; day: string } | null {
  let best: Close | undefined;
  for (const c of closes) if (!best || c.split > best.split) best = c;
  return best ? { close: best.split, day: best.day } : null;
}

/** Drawdown per day in %: adjusted close / its running high since the first close given - 1. */
export function drawdowns(closes: readonly Close[]): { day: string; pct: number }[] {
  let high = Number.NEGATIVE_INFINITY;
  return closes.map((c) => {
    high = Math.max(high, c.adj);
    return { day: c.day, pct: pct(c.adj / high - 1) };
  });
}

/** Drawdown now and the deepest one (its first day) over the closes given. */
export function drawdownFigures(closes: readonly Close[]): { now: number; max: number; maxDay: string } | null {
  const series = drawdowns(closes);
  const now = series.at(-1);
  if (!now) return null;
  let deepest = now;
  for (const point of series) if (point.pct < deepest.pct) deepest = point;
  return { now: now.pct, max: deepest.pct, maxDay: deepest.day };
}

/** Days grouped into Monday-to-Sunday weeks, in order. */
export function weeksOf<T extends { day: string }>(points: readonly T[]): T[][] {
  const weeks: T[][] = [];
  let monday = '';
  for (const point of points) {
    const m = mondayOf(point.day);
    if (m !== monday) {
      weeks.push([]);
      monday = m;
    }
    weeks.at(-1)?.push(point);
  }
  return weeks;
}

/**
 * Each week's total return, by the week's Monday: its last adjusted close over the last one of the week
 * just before; none when that week has no close (a halt: a two-week move is not a weekly return).
 */
export function weeklyReturns(closes: readonly Close[]): Map<string, number> {
  const returns = new Map<string, number>();
  const weeks = weeksOf(closes);
  for (let i = 1; i < weeks.length; i++) {
    const prev = weeks[i - 1]?.at(-1) as Close;
    const end = weeks[i]?.at(-1) as Close;
    const consecutive = plusDays(mondayOf(prev.day), 7) === mondayOf(end.day);
    if (consecutive && prev.adj > 0) returns.set(mondayOf(end.day), end.adj / prev.adj - 1);
  }
  return returns;
}

/** The universe's equal-weighted weekly index return: the mean of its stocks' returns each week. */
export function equalWeightedWeekly(universe: readonly (readonly Close[])[]): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const member of universe)
    for (const [week, r] of weeklyReturns(member)) {
      const s = sums.get(week) ?? { sum: 0, n: 0 };
      sums.set(week, { sum: s.sum + r, n: s.n + 1 });
    }
  return new Map([...sums].map(([week, s]) => [week, s.sum / s.n]));
}

/**
 * Weekly total-return beta against the universe's equal-weighted index (finance-definitions.md "Price
 * figures"): covariance / variance over the weeks after the one holding the day 5 years before the last
 * close, the last close's own week left out (it may not be over); null with fewer than 104 weekly returns
 * in common.
 */
export function weeklyBeta(stock: readonly Close[], index: ReadonlyMap<string, number>): number | null {
  const last = stock.at(-1);
  if (!last) return null;
  const since = mondayOf(monthsEarlier(last.day, 60));
  const pairs: [number, number][] = [];
  for (const [week, r] of weeklyReturns(stock)) {
    const i = index.get(week);
    if (week > since && week < mondayOf(last.day) && i !== undefined) pairs.push([r, i]);
  }
  if (pairs.length < 104) return null;
  const ms = pairs.reduce((s, p) => s + p[0], 0) / pairs.length;
  const mi = pairs.reduce((s, p) => s + p[1], 0) / pairs.length;
  let cov = 0;
  let variance = 0;
  for (const [s, i] of pairs) {
    cov += (s - ms) * (i - mi);
    variance += (i - mi) ** 2;
  }
  return variance > 0 ? cov / variance : null;
}
