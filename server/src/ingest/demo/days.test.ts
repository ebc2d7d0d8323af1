import { describe, expect, it } from 'vitest';
import { dayNumber, isoDayOf } from '../../finance/types.ts';
import { isWeekdayNumber } from './days.ts';

describe('demo day numbers', () => {
  it('print and tell weekdays as a Date does, every day from 1900 to 2101', () => {
    const from = dayNumber('1900-01-01');
    const to = dayNumber('2101-12-31');
    const wrong: string[] = [];
    for (let day = from; day <= to; day++) {
      const date = new Date(day * 86_400_000);
      const iso = date.toISOString().slice(0, 10);
      const weekday = date.getUTCDay() !== 0 && date.getUTCDay() !== 6;
      if (isoDayOf(day) !== iso || isWeekdayNumber(day) !== weekday || dayNumber(iso) !== day) wrong.push(iso);
    }
    expect(to - from).toBeGreaterThan(73_000);
    expect(wrong).toEqual([]);
  });

  it('know the leap days and the turn of the centuries', () => {
    expect(isoDayOf(dayNumber('2000-02-29'))).toBe('2000-02-29');
    expect(isoDayOf(dayNumber('2000-02-29') + 1)).toBe('2000-03-01');
    expect(isoDayOf(dayNumber('2100-02-28') + 1)).toBe('2100-03-01');
    expect(isoDayOf(0)).toBe('1970-01-01');
    expect(isWeekdayNumber(dayNumber('2026-11-21'))).toBe(false);
    expect(isWeekdayNumber(dayNumber('2026-11-23'))).toBe(true);
  });
});
