/*
 * Inputs of the finance functions: plain data, no database rows. Days are 'YYYY-MM-DD' strings,
 * which sort and compare as text. Money is in the security's currency, per-share values per share.
 */

/** A daily close. */
export interface PricePoint {
  day: string;
  close: number;
}

/** A cash dividend per share, adjusted for later splits so the history is comparable. */
export interface DividendPoint {
  exDate: string;
  amount: number;
}

/** A split: a 4:1 split has numerator 4, denominator 1. */
export interface SplitPoint {
  day: string;
  numerator: number;
  denominator: number;
}

/** A value of a fiscal period (a flow over the period, or a stock at its end). */
export interface PeriodValue {
  periodEnd: string;
  value: number;
  /** When the filing was made public; the value is not known before (no look-ahead). */
  filed?: string | null;
}

export const MS_PER_DAY = 86_400_000;

export function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);
}

export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A ratio of two numbers, or null when it has no meaning (missing or zero denominator). */
export function ratio(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  if (numerator == null || denominator == null || denominator === 0) return null;
  const value = numerator / denominator;
  return Number.isFinite(value) ? value : null;
}
