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

/** A range of days, both ends inclusive, either open (absent: the whole history on that side). */
export interface Range {
  from?: string | undefined;
  to?: string | undefined;
}

export const MS_PER_DAY = 86_400_000;

/**
 * Days since 1970-01-01 of a 'YYYY-MM-DD' day. By arithmetic (days from the civil date, with March as the
 * year's first month so leap days come last): Date.parse of the day took most of a 20-year valuation
 * answer's time, called for every day of every line item (issue 20). Anything else goes to Date.parse.
 */
export function dayNumber(day: string): number {
  return day.length === 10 ? dayNumberAt(day, 0) : Math.floor(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);
}

/** dayNumber of the 10 characters of `text` from `at` (days packed one after another, as stored). */
export function dayNumberAt(text: string, at: number): number {
  if (text.charCodeAt(at + 4) !== 45 || text.charCodeAt(at + 7) !== 45)
    return Math.floor(Date.parse(`${text.slice(at, at + 10)}T00:00:00Z`) / MS_PER_DAY);
  // Character codes, '0' being 48 (no helper function: this runs tens of thousands of times an answer).
  const month = (text.charCodeAt(at + 5) - 48) * 10 + text.charCodeAt(at + 6) - 48;
  const date = (text.charCodeAt(at + 8) - 48) * 10 + text.charCodeAt(at + 9) - 48;
  const year =
    (text.charCodeAt(at) - 48) * 1000 +
    (text.charCodeAt(at + 1) - 48) * 100 +
    (text.charCodeAt(at + 2) - 48) * 10 +
    text.charCodeAt(at + 3) -
    48 -
    (month <= 2 ? 1 : 0);
  if (!(month >= 1 && month <= 12 && date >= 1 && date <= 31 && year >= -1))
    return Math.floor(Date.parse(`${text.slice(at, at + 10)}T00:00:00Z`) / MS_PER_DAY);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + date - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The ISO date (YYYY-MM-DD) of a day number, dayNumber's inverse, for years 0 to 9999 (civil-from-days, proleptic Gregorian). */
export function isoDayOf(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(date)}`;
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

/** The same date `months` later (earlier when negative), clamped to the month's last day (29 Feb -> 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}
