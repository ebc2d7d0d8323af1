import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, MS_PER_DAY } from './types.ts';

const byParse = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);

describe('day numbers', () => {
  it('equal what Date.parse gives for every day from 1899 to 2101, leap days and century years included', () => {
    let mismatches = 0;
    for (let n = byParse('1899-01-01'); n <= byParse('2101-12-31'); n++) {
      const day = new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
      if (dayNumber(day) !== n) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2000-02-29')).toBe(byParse('2000-02-29'));
  });

  it('roll an impossible day over as Date.parse does, and leave other text to it', () => {
    expect(dayNumber('2024-02-30')).toBe(dayNumber('2024-03-01'));
    expect(dayNumber('2024-04-31')).toBe(byParse('2024-04-31'));
    expect(dayNumber('2024-1-5')).toBe(byParse('2024-1-5'));
    expect(Number.isNaN(dayNumber('not a day'))).toBe(true);
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });
});
