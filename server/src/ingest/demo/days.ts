/*
 * Calendar days as numbers (days since 1970-01-01, as finance/types.ts dayNumber counts them) for the
 * generator's loops: a demo history walks some 7,300 days per security, and a Date built and printed
 * for each of them was a good part of a first start's demo load (bench:seed, docs/performance.md). A day
 * number's text: finance/types.ts isoDayOf.
 */

/** Whether a day number falls on Monday to Friday (1970-01-01 was a Thursday). */
export function isWeekdayNumber(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6;
}
