import { describe, expect, it } from 'vitest';
import { withAlpha } from './chart-colors.ts';
import { changeOverWindow, monthsBefore, normaliseToPercent, pointsInRange, rangeStart } from './chart-range.ts';
import { sparklinePath } from './sparkline.tsx';

describe('chart ranges', () => {
  it('counts back from the last day with data', () => {
    expect(rangeStart('1M', '2026-03-15')).toBe('2026-02-15');
    expect(rangeStart('6M', '2026-03-15')).toBe('2025-09-15');
    expect(rangeStart('YTD', '2026-03-15')).toBe('2026-01-01');
    expect(rangeStart('1Y', '2026-03-15')).toBe('2025-03-15');
    expect(rangeStart('5Y', '2026-03-15')).toBe('2021-03-15');
    expect(rangeStart('10Y', '2026-03-15')).toBe('2016-03-15');
    expect(rangeStart('MAX', '2026-03-15')).toBeNull();
  });

  it('clamps to the end of a shorter month', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
  });

  it('keeps the points inside a range', () => {
    const points = [
      { day: '2025-01-02', value: 1 },
      { day: '2025-12-31', value: 2 },
      { day: '2026-01-05', value: 3 },
    ];
    expect(pointsInRange(points, 'YTD').map((p) => p.day)).toEqual(['2026-01-05']);
    expect(pointsInRange(points, 'MAX')).toHaveLength(3);
    expect(pointsInRange([], '1Y')).toEqual([]);
  });

  it('normalises a compared series to % from its first value', () => {
    expect(
      normaliseToPercent([
        { day: 'a', value: 50 },
        { day: 'b', value: 75 },
        { day: 'c', value: 25 },
      ]).map((p) => p.value),
    ).toEqual([0, 50, -50]);
    expect(normaliseToPercent([{ day: 'a', value: 0 }])).toEqual([]);
  });

  it('gives a range’s change from the close on or before its start, as the server’s one-year change', () => {
    const history = [
      { day: '2023-06-23', value: 80 }, // a Friday
      { day: '2023-06-26', value: 90 }, // the first day inside the range
      { day: '2024-06-28', value: 100 },
    ];
    // A range starting on a Sunday (2023-06-25) counts from the Friday before, not the Monday after.
    expect(changeOverWindow(history, { start: '2023-06-25', end: null })).toBe(25);
    expect(changeOverWindow(history, { start: null, end: null })).toBe(25);
    // A custom window's end cuts the last value.
    expect(changeOverWindow(history, { start: '2023-06-23', end: '2023-06-30' })).toBe(12.5);
    // A history that begins after the start has no value a year earlier: no change rather than a shorter one.
    expect(changeOverWindow(history, { start: '2023-01-02', end: null })).toBeNull();
    expect(changeOverWindow([], { start: null, end: null })).toBeNull();
  });
});

describe('chart drawing helpers', () => {
  it('draws a sparkline from the bottom (lowest) to the top (highest)', () => {
    expect(sparklinePath([1, 3], 104, 24, 2)).toBe('M2.00,22.00 L102.00,2.00');
    expect(sparklinePath([5, 5], 10, 10, 0)).toBe('M0.00,5.00 L10.00,5.00');
    expect(sparklinePath([], 10, 10)).toBe('');
  });

  it('turns a token colour into a translucent fill', () => {
    expect(withAlpha('#0f766e', 0.2)).toBe('rgba(15, 118, 110, 0.2)');
    expect(withAlpha('rgb(1 2 3)', 0.2)).toBe('rgb(1 2 3)');
  });
});
