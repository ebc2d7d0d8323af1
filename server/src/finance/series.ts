import { latestOfKnown, ttmOfKnown } from './periods.ts';
import { dayNumber, type PeriodValue } from './types.ts';

/*
 * Point-in-time fundamentals for every day of a daily series (valuation ratios over time). Calling
 * ttmSum for each of 2,500 days would sort the quarters 2,500 times; what is known only changes when a
 * value becomes known (period end, or filing day when later) or when the last quarter goes stale, so
 * the value is re-evaluated at those changes only and carried in between. Same numbers as ttmSum and
 * latestValue on each day, by construction: they call ttmOfKnown and latestOfKnown, as these do.
 */

/** ttmSum treats a TTM whose last quarter ended more than this before the day as unknown. */
const TTM_STALE_DAYS = 200;

function knownOn(v: PeriodValue): string {
  return v.filed != null && v.filed > v.periodEnd ? v.filed : v.periodEnd;
}

/** Day numbers of a series' days (dayNumber), made once and shared by every line of one answer. */
export function dayNumbers(days: readonly string[]): Int32Array {
  return Int32Array.from(days, dayNumber);
}

/*
 * The value re-evaluated where what is known changes: a value becomes known, or (for a TTM) its last
 * period goes stale. The state is a number (known values x 2 + stale), the days' numbers are made once,
 * and the known values are kept sorted as they come (by period end, ties in their given order: what
 * knownAt's stable sort gives), so an evaluation neither filters nor sorts: a text key and two day
 * numbers per day of each of the 19 lines, and a sort per evaluation, were most of a 20-year answer.
 */
function stepped(
  days: readonly string[],
  numbers: ArrayLike<number>,
  values: readonly PeriodValue[],
  evaluate: (known: readonly PeriodValue[], day: string) => number | null,
  staleAfterDays: number,
): (number | null)[] {
  const events = values
    .map((v, index) => ({ at: knownOn(v), end: dayNumber(v.periodEnd), index, value: v }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const checkStale = Number.isFinite(staleAfterDays);
  const out: (number | null)[] = new Array(days.length);
  const known: PeriodValue[] = [];
  const knownIndex: number[] = [];
  let next = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let state = -1;
  let value: number | null = null;
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as string;
    while (next < events.length && (events[next] as (typeof events)[number]).at <= day) {
      const event = events[next++] as (typeof events)[number];
      lastEnd = Math.max(lastEnd, event.end);
      insertSorted(known, knownIndex, event.value, event.index);
    }
    const stale = checkStale && next > 0 && (numbers[i] as number) - lastEnd > staleAfterDays;
    const nextState = next * 2 + (stale ? 1 : 0);
    if (nextState !== state) {
      state = nextState;
      value = next === 0 ? null : evaluate(known, day);
    }
    out[i] = value;
  }
  return out;
}

/** Inserts a value after those of an earlier period end, or of the same end given before it. */
function insertSorted(known: PeriodValue[], knownIndex: number[], value: PeriodValue, index: number): void {
  let lo = 0;
  let hi = known.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = (known[mid] as PeriodValue).periodEnd;
    if (other < value.periodEnd || (other === value.periodEnd && (knownIndex[mid] as number) < index)) lo = mid + 1;
    else hi = mid;
  }
  known.splice(lo, 0, value);
  knownIndex.splice(lo, 0, index);
}

/**
 * TTM sum of quarterly flows on each day (days sorted ascending); null where ttmSum is null. `numbers`:
 * the days' dayNumbers when the caller has them (one answer's lines share them).
 */
export function ttmAtDays(
  days: readonly string[],
  quarters: readonly PeriodValue[],
  numbers: ArrayLike<number> = dayNumbers(days),
): (number | null)[] {
  return stepped(days, numbers, quarters, ttmOfKnown, TTM_STALE_DAYS);
}

/** The latest value known on each day (balance-sheet items, shares outstanding). */
export function latestAtDays(
  days: readonly string[],
  values: readonly PeriodValue[],
  numbers: ArrayLike<number> = dayNumbers(days),
): (number | null)[] {
  return stepped(days, numbers, values, latestOfKnown, Number.POSITIVE_INFINITY);
}
