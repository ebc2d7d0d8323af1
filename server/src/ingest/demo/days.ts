/*
 * Calendar days as numbers (days since 1970-01-01, as finance/types.ts dayNumber counts them) for the
 * generator's loops: a demo history walks some 7,300 days per security, and a Date built and printed
 * for each of them was a good part of a first start's demo load (bench:seed, docs/performance.md).
 */

/** Whether a day number falls on Monday to Friday (1970-01-01 was a Thursday). */
export function isWeekdayNumber(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The ISO date (YYYY-MM-DD) of a day number, for years 0 to 9999 (civil-from-days, proleptic Gregorian). */
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
