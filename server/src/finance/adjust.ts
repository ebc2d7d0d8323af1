import type { DividendPoint, SplitPoint } from './types.ts';

/*
 * Split and dividend adjustment of a raw (as traded) series, so that splits and dividends are not
 * drops in a chart or a return. The factor for a day multiplies every raw value of that day.
 */

/** Product of the ratios of the splits after the day: raw price x this = split-adjusted price. */
export function splitFactorAfter(splits: readonly SplitPoint[], day: string): number {
  let factor = 1;
  for (const s of splits)
    if (s.day > day && s.numerator > 0 && s.denominator > 0) factor *= s.denominator / s.numerator;
  return factor;
}

export interface RawDay {
  day: string;
  close: number;
}

export interface AdjustedDay {
  day: string;
  closeSplitAdj: number;
  closeAdj: number;
}

/**
 * Adjusted closes for a raw daily series (sorted by day). Split-adjusted: divided by every later
 * split. Total-return: additionally multiplied, for each later ex-date, by (1 - dividend / previous
 * close), the convention of CRSP and most vendors. Dividends are as paid (not split-adjusted).
 */
export function adjustCloses(
  days: readonly RawDay[],
  splits: readonly SplitPoint[],
  dividends: readonly DividendPoint[],
): AdjustedDay[] {
  const n = days.length;
  const out: AdjustedDay[] = new Array(n);
  const sortedSplits = [...splits].sort((a, b) => (a.day < b.day ? 1 : -1));
  const sortedDivs = [...dividends].sort((a, b) => (a.exDate < b.exDate ? 1 : -1));
  let splitFactor = 1;
  let divFactor = 1;
  let si = 0;
  let di = 0;
  // Walk backwards: factors accumulate as we pass each event going into the past.
  for (let i = n - 1; i >= 0; i--) {
    const today = days[i] as RawDay;
    while (si < sortedSplits.length && (sortedSplits[si] as SplitPoint).day > today.day) {
      const s = sortedSplits[si] as SplitPoint;
      if (s.numerator > 0 && s.denominator > 0) splitFactor *= s.denominator / s.numerator;
      si++;
    }
    // Walking backwards, the first day before an ex-date is the last day that held the dividend.
    while (di < sortedDivs.length && (sortedDivs[di] as DividendPoint).exDate > today.day) {
      const d = sortedDivs[di] as DividendPoint;
      // The dividend is as paid on its ex-date; today's raw close may be before a later split.
      const base = today.close * splitFactorBetween(sortedSplits, today.day, d.exDate);
      if (base > 0 && d.amount > 0 && d.amount < base) divFactor *= 1 - d.amount / base;
      di++;
    }
    out[i] = {
      day: today.day,
      closeSplitAdj: today.close * splitFactor,
      closeAdj: today.close * splitFactor * divFactor,
    };
  }
  return out;
}

/** Factor for splits in (from, to]: converts a price of day `from` into the share terms of day `to`. */
function splitFactorBetween(splits: readonly SplitPoint[], from: string, to: string): number {
  let factor = 1;
  for (const s of splits) if (s.day > from && s.day <= to && s.numerator > 0) factor *= s.denominator / s.numerator;
  return factor;
}

/** A per-share amount of a day in the share terms after every later split (dividends, EPS). */
export function splitAdjustPerShare(amount: number, day: string, splits: readonly SplitPoint[]): number {
  return amount * splitFactorAfter(splits, day);
}
