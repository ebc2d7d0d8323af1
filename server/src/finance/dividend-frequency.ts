import { addMonths, dayNumber } from './types.ts';

/*
 * How often a company pays, read from the ex-dates alone (issue 33): each payment gets the cadence of the
 * gap from the payment before it (the first payment: the gap to the one after). Gaps of 20-45 days are
 * monthly, 70-115 quarterly, 150-215 semi-annual, 330-400 annual; anything else (an extra or special
 * payment, a change of schedule, a lone payment) is irregular. Ex-dates move by a few days from one
 * payment to the next (weekends, board meetings), hence the ranges.
 */
export type DividendFrequency = 'monthly' | 'quarterly' | 'semiannual' | 'annual' | 'irregular';

const CADENCES: readonly { frequency: DividendFrequency; min: number; max: number }[] = [
  { frequency: 'monthly', min: 20, max: 45 },
  { frequency: 'quarterly', min: 70, max: 115 },
  { frequency: 'semiannual', min: 150, max: 215 },
  { frequency: 'annual', min: 330, max: 400 },
];

/** The cadence a gap between two ex-dates (in days) belongs to. */
export function gapFrequency(days: number): DividendFrequency {
  return CADENCES.find((c) => days >= c.min && days <= c.max)?.frequency ?? 'irregular';
}

/** The frequency of each payment, in the order of `exDates` (ascending ex-dates). */
export function paymentFrequencies(exDates: readonly string[]): DividendFrequency[] {
  const days = exDates.map(dayNumber);
  return days.map((day, i) => {
    const before = days[i - 1];
    if (before !== undefined) return gapFrequency(day - before);
    const after = days[i + 1];
    return after === undefined ? 'irregular' : gapFrequency(after - day);
  });
}

/**
 * How often a company pays as of `asOf`, the one rule every surface shows (the home's ex-dividend list,
 * the dividend calendar's pattern, and per payment the history): the cadence most of its payments of the
 * year up to `asOf` have (each payment's from paymentFrequencies, so the first of the year counts its gap
 * from the one before), the latest payment's on a tie. Null when it paid nothing in that year.
 * `exDates` ascending, every one in the data (a declared one after `asOf` gives the gap of the last paid).
 */
export function frequencyAsOf(exDates: readonly string[], asOf: string): DividendFrequency | null {
  // Every ex-date in the data, a declared one after `asOf` too: the frequency of each payment is the one
  // the payment history shows for it.
  const frequencies = paymentFrequencies(exDates);
  const from = addMonths(asOf, -12);
  const counts = new Map<DividendFrequency, number>();
  let best: DividendFrequency | null = null;
  // Oldest to newest: a later payment takes the lead on a tie.
  exDates.forEach((day, i) => {
    if (day <= from || day > asOf) return;
    const frequency = frequencies[i] as DividendFrequency;
    const count = (counts.get(frequency) ?? 0) + 1;
    counts.set(frequency, count);
    if (best === null || count >= (counts.get(best) ?? 0)) best = frequency;
  });
  return best;
}
