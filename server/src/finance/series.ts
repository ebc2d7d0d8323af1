import { latestValue, ttmSum } from './periods.ts';
import { dayNumber, type PeriodValue } from './types.ts';

/*
 * Point-in-time fundamentals for every day of a daily series (valuation ratios over time). Calling
 * ttmSum for each of 2,500 days would sort the quarters 2,500 times; what is known only changes when a
 * value becomes known (period end, or filing day when later) or when the last quarter goes stale, so
 * the value is re-evaluated at those changes only and carried in between. Same numbers as ttmSum and
 * latestValue on each day, by construction: they are what is called.
 */

/** ttmSum treats a TTM whose last quarter ended more than this before the day as unknown. */
const TTM_STALE_DAYS = 200;

function knownOn(v: PeriodValue): string {
  return v.filed != null && v.filed > v.periodEnd ? v.filed : v.periodEnd;
}

function stepped(
  days: readonly string[],
  values: readonly PeriodValue[],
  evaluate: (day: string) => number | null,
  staleAfterDays: number,
): (number | null)[] {
  const events = [...values].sort((a, b) => (knownOn(a) < knownOn(b) ? -1 : knownOn(a) > knownOn(b) ? 1 : 0));
  const out: (number | null)[] = new Array(days.length);
  let known = 0;
  let lastEnd: string | null = null;
  let key = '';
  let value: number | null = null;
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as string;
    while (known < events.length && knownOn(events[known] as PeriodValue) <= day) {
      const end = (events[known] as PeriodValue).periodEnd;
      if (lastEnd == null || end > lastEnd) lastEnd = end;
      known++;
    }
    const stale = lastEnd != null && dayNumber(day) - dayNumber(lastEnd) > staleAfterDays;
    const nextKey = `${known}|${stale}`;
    if (nextKey !== key) {
      key = nextKey;
      value = known === 0 ? null : evaluate(day);
    }
    out[i] = value;
  }
  return out;
}

/** TTM sum of quarterly flows on each day (days sorted ascending); null where ttmSum is null. */
export function ttmAtDays(days: readonly string[], quarters: readonly PeriodValue[]): (number | null)[] {
  return stepped(days, quarters, (day) => ttmSum(quarters, day), TTM_STALE_DAYS);
}

/** The latest value known on each day (balance-sheet items, shares outstanding). */
export function latestAtDays(days: readonly string[], values: readonly PeriodValue[]): (number | null)[] {
  return stepped(days, values, (day) => latestValue(values, day), Number.POSITIVE_INFINITY);
}
