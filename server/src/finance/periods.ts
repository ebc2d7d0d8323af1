import { dayNumber, type PeriodValue } from './types.ts';

/*
 * Trailing twelve months (finance-definitions.md, Periods): the sum of the last four quarterly flow
 * values that ended on or before the day and were filed by then. Balance-sheet items take the latest
 * value instead.
 */

/** A quarter end more than this far after the previous one means a quarter is missing. */
const MAX_QUARTER_GAP_DAYS = 120;

function knownAt(values: readonly PeriodValue[], at: string): PeriodValue[] {
  return values
    .filter((v) => v.periodEnd <= at && (v.filed == null || v.filed <= at))
    .sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0));
}

/**
 * TTM sum of quarterly flows at a day; null when fewer than four consecutive quarters are known
 * (a missing quarter would understate the sum, so no number is better than a wrong one).
 */
export function ttmSum(quarters: readonly PeriodValue[], at: string): number | null {
  return ttmOfKnown(knownAt(quarters, at), at);
}

/** ttmSum of the quarters known at the day, given sorted by period end (ties in their given order). */
export function ttmOfKnown(known: readonly PeriodValue[], at: string): number | null {
  if (known.length < 4) return null;
  const last4 = known.slice(-4);
  for (let i = 1; i < last4.length; i++) {
    const gap = dayNumber((last4[i] as PeriodValue).periodEnd) - dayNumber((last4[i - 1] as PeriodValue).periodEnd);
    if (gap > MAX_QUARTER_GAP_DAYS) return null;
  }
  // A TTM that ends more than a quarter and a half before the day is stale.
  if (dayNumber(at) - dayNumber((last4[3] as PeriodValue).periodEnd) > 200) return null;
  return last4.reduce((sum, v) => sum + v.value, 0);
}

/** The latest value known at the day (balance-sheet items, shares outstanding). */
export function latestValue(values: readonly PeriodValue[], at: string): number | null {
  return latestOfKnown(knownAt(values, at));
}

/** latestValue of the values known at the day, given sorted by period end (ties in their given order). */
export function latestOfKnown(known: readonly PeriodValue[]): number | null {
  return known.length ? (known[known.length - 1] as PeriodValue).value : null;
}

/** Q4 of a flow item when it was not filed: FY - (Q1 + Q2 + Q3); null unless all three are known. */
export function derivedFourthQuarter(fullYear: number, firstThree: readonly (number | null)[]): number | null {
  if (firstThree.length !== 3 || firstThree.some((q) => q == null)) return null;
  return fullYear - firstThree.reduce<number>((sum, q) => sum + (q as number), 0);
}

/** Growth between two periods as a fraction (0.1 = +10%); null when the base is zero or negative. */
export function growth(current: number | null, previous: number | null): number | null {
  if (current == null || previous == null || previous <= 0) return null;
  return current / previous - 1;
}
