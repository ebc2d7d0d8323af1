import { describe, expect, it } from 'vitest';
import { addMonths, changeSince, yearRange } from './closes.ts';
import { closeOnOrBefore, computeSnapshot, type SnapshotInputs } from './snapshot.ts';

/* The catalogue's rules, one scenario each (issue 31). Statement figures are covered through the loader and the consistency test. */

const day = (offset: number) => new Date(Date.UTC(2023, 0, 2) + offset * 86_400_000).toISOString().slice(0, 10);
/** Weekdays from 2023-01-02 (a Monday) for `n` calendar days, close by calendar day. */
const weekdays = (n: number, close: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ day: day(i), close: close(i) })).filter((c) => {
    const weekday = new Date(`${c.day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  });

const coinLike = (closes: { day: string; close: number }[]): SnapshotInputs => ({
  kind: 'crypto',
  currency: 'USD',
  closes,
  adjustedCloses: closes,
  dividends: [],
  financials: null,
  coinSupply: null,
  template: null,
});

describe('the metric catalogue', () => {
  it('counts a one-year change from the close on or before the same date a year earlier (a weekend: the Friday)', () => {
    // The last day is a weekday whose date a year earlier fell on a weekend (checked below).
    const closes = weekdays(372, (i) => 100 + i); // ends Monday 2024-01-08: a year earlier is a Sunday
    const last = closes.at(-1) as { day: string; close: number };
    const yearAgo = addMonths(last.day, -12);
    const base = closeOnOrBefore(closes, yearAgo) as number;
    expect(closes.find((c) => c.day === yearAgo)).toBeUndefined();
    expect(base).toBe((closes.filter((c) => c.day <= yearAgo).at(-1) as { close: number }).close);
    expect(computeSnapshot(coinLike(closes)).change1yPct).toBe(changeSince(last.close, base));
  });

  it('has no one-year change for a history shorter than a year', () => {
    expect(computeSnapshot(coinLike(weekdays(200, () => 10))).change1yPct).toBeNull();
    expect(closeOnOrBefore([], '2024-01-01')).toBeNull();
  });

  it('takes drawdown now from the whole history’s high on daily closes, up to the last one', () => {
    const closes = weekdays(800, (i) => (i === 100 ? 200 : 100 + (i % 7)));
    const snapshot = computeSnapshot(coinLike(closes));
    const last = closes.at(-1) as { close: number };
    expect(snapshot.drawdownPct).toBeCloseTo((last.close / 200 - 1) * 100, 12);
    expect(snapshot.asOf).toBe((closes.at(-1) as { day: string }).day);
    // The 52-week range is of the last 365 days only: the old high is not in it.
    expect(snapshot.week52High).toBe(yearRange(closes)?.high);
    expect(snapshot.week52High).toBeLessThan(200);
  });

  it('gives a coin no stock figures: no EPS, no payout, no dividend streak', () => {
    const snapshot = computeSnapshot(coinLike(weekdays(30, () => 5)));
    expect(snapshot).toMatchObject({ epsTtm: null, payoutRatio: null, dividendGrowthYears: null, pe: null });
    expect(snapshot.changePct).toBe(0);
  });

  it('moves a date back by months, clamped to the month’s last day', () => {
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(changeSince(110, 100)).toBeCloseTo(10, 12);
    expect(changeSince(110, 0)).toBeNull();
  });
});
