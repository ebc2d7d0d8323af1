import { describe, expect, it } from 'vitest';
import { addMonths } from '../finance/types.ts';
import { changeOver, equalWeightDailyIndex, type IndexPoint } from './market-index.ts';

describe('equalWeightDailyIndex', () => {
  it('chains the mean of the daily changes from 100, each stock weighing the same whatever its price', () => {
    const cheap = { days: ['2024-01-01', '2024-01-02', '2024-01-03'], closes: [10, 11, 11] };
    const dear = { days: ['2024-01-01', '2024-01-02', '2024-01-03'], closes: [1000, 1000, 900] };
    const index = equalWeightDailyIndex([cheap, dear], '2024-01-01');
    expect(index.map((p) => p.day)).toEqual(['2024-01-01', '2024-01-02', '2024-01-03']);
    expect(index[0]?.value).toBe(100);
    expect(index[1]?.value).toBeCloseTo(105); // (+10 % + 0 %) / 2
    expect(index[2]?.value).toBeCloseTo(105 * 0.95); // (0 % - 10 %) / 2
  });

  it('counts a stock from its second close on, and reads the close before the window for the first change', () => {
    const old = { days: ['2023-12-29', '2024-01-02', '2024-01-03'], closes: [50, 55, 55] };
    const listed = { days: ['2024-01-03'], closes: [20] };
    const index = equalWeightDailyIndex([old, listed], '2024-01-02');
    expect(index).toEqual([
      { day: '2024-01-02', value: 100 },
      { day: '2024-01-03', value: 100 },
    ]);
  });

  it('is empty without closes in the window', () => {
    expect(equalWeightDailyIndex([{ days: ['2020-01-02'], closes: [1] }], '2024-01-01')).toEqual([]);
  });
});

describe('changeOver', () => {
  const points: IndexPoint[] = [
    { day: '2023-03-31', value: 80 },
    { day: '2024-02-28', value: 90 },
    { day: '2024-02-29', value: 95 },
    { day: '2024-03-28', value: 99 },
    { day: '2024-04-01', value: 100 },
  ];

  it('takes the previous trading day for a day', () => {
    expect(changeOver(points, 'day')).toBeCloseTo(100 / 99 - 1);
  });

  it('takes the last trading day on or before the same date a month and a year earlier', () => {
    // 1 March 2024 is not a trading day here: 29 February is the last one on or before it.
    expect(changeOver(points, 'month')).toBeCloseTo(100 / 95 - 1);
    expect(changeOver(points, 'year')).toBeCloseTo(100 / 80 - 1);
  });

  it('is null when the series does not reach back a period', () => {
    expect(changeOver(points.slice(1), 'year')).toBeNull();
    expect(changeOver(points.slice(-1), 'day')).toBeNull();
    expect(changeOver([], 'month')).toBeNull();
  });

  it('clamps the day of the month', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
  });
});
