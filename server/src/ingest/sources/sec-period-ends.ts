import { addDays, dayNumber } from '../../finance/types.ts';
import type { RawFact } from './sec-facts.ts';

/*
 * One period, one end. A 52/53-week filer's period ends on a weekday, and its filings do not always agree
 * on the day: a quarter tagged as ending 2010-07-31 in one 10-Q and 2010-08-01 in the next 10-Q's
 * comparatives would be two quarters, each with half the facts. Period ends within a week of each other
 * are one period end (no fiscal period of a quarter or longer ends within a week of another).
 */

/** Period ends at most this many days apart are one (a week: 52/53-week calendars move by a day or two). */
export const SAME_PERIOD_END_DAYS = 7;

/** The shortest flow whose end defines a period (a quarter's 75 days: shorter spans are not periods). */
const MIN_PERIOD_DAYS = 75;

/**
 * The period ends the flows give, each mapped to one end of its week: the end most facts give (a tie: the
 * later day). Only ends that differ from it are in the map.
 */
export function periodEndAliases(flows: readonly RawFact[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const f of flows)
    if (f.start && dayNumber(f.end) - dayNumber(f.start) >= MIN_PERIOD_DAYS)
      counts.set(f.end, (counts.get(f.end) ?? 0) + 1);
  const ends = [...counts.keys()].sort();
  const aliases = new Map<string, string>();
  let group: string[] = [];
  const close = () => {
    if (group.length > 1) {
      let best = group[0] as string;
      for (const end of group) if ((counts.get(end) ?? 0) >= (counts.get(best) ?? 0)) best = end;
      for (const end of group) if (end !== best) aliases.set(end, best);
    }
    group = [];
  };
  for (const end of ends) {
    const first = group[0];
    if (first !== undefined && dayNumber(end) - dayNumber(first) > SAME_PERIOD_END_DAYS) close();
    group.push(end);
  }
  close();
  return aliases;
}

/**
 * Moves facts onto the one end of their period (in place): a fact ending on an alias ends on its period
 * end, and a span starting the day after an alias starts the day after that period end (the next fiscal
 * year's or quarter's start). An instant on an alias is that period's balance sheet.
 */
export function alignPeriodEnds(raw: RawFact[], aliases: ReadonlyMap<string, string>): void {
  if (aliases.size === 0) return;
  for (const f of raw) {
    const end = aliases.get(f.end);
    if (end) f.end = end;
    if (f.start) {
      const before = aliases.get(addDays(f.start, -1));
      if (before) f.start = addDays(before, 1);
    }
  }
}
