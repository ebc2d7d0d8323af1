import { dayNumber } from './types.ts';

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
