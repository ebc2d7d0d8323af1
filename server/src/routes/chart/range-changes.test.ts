import { describe, expect, it } from 'vitest';
import { rangeChanges, rangeStartDay } from './range-changes.ts';

/* The price chart's range changes (finance-definitions.md, Price figures), one scenario each. */

/** Weekday closes from `from` for `n` calendar days, close by index of the weekday. */
function weekdays(from: string, n: number, close: (i: number) => number) {
  const days: string[] = [];
  const closes: number[] = [];
  for (let d = 0; d < n; d++) {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    closes.push(close(days.length));
    days.push(day);
  }
  return { days, closes };
}

describe('the price chart’s change over a range', () => {
  it('all history is from the first daily close, not the first weekly point', () => {
    // Monday 2024-01-01 closes at 100, the rest of its week at 110: a weekly chart's first point is 110.
    const { days, closes } = weekdays('2024-01-01', 400, (i) => (i === 0 ? 100 : i < 5 ? 110 : 188.76));
    expect(rangeChanges(days, closes).MAX).toBeCloseTo(88.76, 10);
  });

  it('a range is from the close on or before its start: a start on a weekend takes the Friday', () => {
    const { days, closes } = weekdays('2024-01-01', 800, (i) => 100 + i);
    const last = days.at(-1) as string;
    const start = rangeStartDay('1Y', last) as string;
    const base = closes[days.filter((day) => day <= start).length - 1] as number;
    expect(rangeChanges(days, closes)['1Y']).toBeCloseTo(((closes.at(-1) as number) / base - 1) * 100, 10);
    expect(rangeStartDay('YTD', '2026-03-31')).toBe('2026-01-01');
    expect(rangeStartDay('10Y', '2026-02-28')).toBe('2016-02-28');
    expect(rangeStartDay('MAX', '2026-02-28')).toBeNull();
  });

  it('a range that begins before the history has no change, the ranges within it do', () => {
    const { days, closes } = weekdays('2024-01-01', 800, () => 50);
    const changes = rangeChanges(days, closes);
    expect(changes['5Y']).toBeNull();
    expect(changes['10Y']).toBeNull();
    expect(changes['1Y']).toBe(0);
    expect(changes.MAX).toBe(0);
  });

  it('no closes, no changes', () => {
    expect(Object.values(rangeChanges([], []))).toEqual([null, null, null, null, null, null, null]);
  });
});
