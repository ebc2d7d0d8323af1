import { describe, expect, it } from 'vitest';
import { latestValue, ttmSum } from './periods.ts';
import { latestAtDays, ttmAtDays } from './series.ts';
import { addDays, type PeriodValue } from './types.ts';

const everyDay = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));

// Quarter ends of 2022-2024, each filed 35 days later; Q3 2023 is missing.
const quarters: PeriodValue[] = [
  '2022-03-31',
  '2022-06-30',
  '2022-09-30',
  '2022-12-31',
  '2023-03-31',
  '2023-06-30',
  '2023-12-31',
  '2024-03-31',
  '2024-06-30',
].map((periodEnd, i) => ({ periodEnd, value: 10 + i, filed: addDays(periodEnd, 35) }));

describe('fundamentals on every day', () => {
  const days = everyDay('2022-01-01', 1200);

  it('TTM on each day equals ttmSum on that day, with a missing quarter and late filings', () => {
    const stepped = ttmAtDays(days, quarters);
    expect(stepped).toEqual(days.map((day) => ttmSum(quarters, day)));
    // Known only from the filing day of the fourth quarter, not its period end (no look-ahead).
    expect(stepped[days.indexOf('2023-02-03')]).toBeNull();
    expect(stepped[days.indexOf('2023-02-04')]).toBe(10 + 11 + 12 + 13);
    // The gap of Q3 2023 leaves no TTM until four consecutive quarters are known again.
    expect(stepped[days.indexOf('2024-03-01')]).toBeNull();
  });

  it('TTM goes stale, as ttmSum does, when no quarter follows', () => {
    const late = everyDay('2024-06-01', 400);
    expect(ttmAtDays(late, quarters)).toEqual(late.map((day) => ttmSum(quarters, day)));
    expect(ttmAtDays(['2025-06-01'], quarters)).toEqual([null]);
  });

  it('latest value on each day equals latestValue, and is null before the first filing', () => {
    const stepped = latestAtDays(days, quarters);
    expect(stepped).toEqual(days.map((day) => latestValue(quarters, day)));
    expect(stepped[0]).toBeNull();
  });

  it('values of one period end filed twice (a fiscal year and its fourth quarter), out of order and late, as latestValue and ttmSum', () => {
    // Given in no particular order; a year and a quarter share period ends; one quarter is filed a year late.
    const mixed: PeriodValue[] = [
      { periodEnd: '2023-12-31', value: 400, filed: '2024-02-20' },
      { periodEnd: '2023-06-30', value: 2, filed: '2023-08-01' },
      { periodEnd: '2023-12-31', value: 4, filed: '2024-02-10' },
      { periodEnd: '2023-03-31', value: 1, filed: '2024-05-01' },
      { periodEnd: '2023-09-30', value: 3, filed: null },
      { periodEnd: '2022-12-31', value: 300, filed: '2023-02-15' },
      { periodEnd: '2022-12-31', value: 9, filed: '2023-02-15' },
      { periodEnd: '2024-03-31', value: 5, filed: '2024-04-30' },
    ];
    const span = everyDay('2022-12-01', 700);
    expect(latestAtDays(span, mixed)).toEqual(span.map((day) => latestValue(mixed, day)));
    expect(ttmAtDays(span, mixed)).toEqual(span.map((day) => ttmSum(mixed, day)));
    // Both of 2023-12-31 known: the one given later wins, as knownAt's stable sort gives it.
    expect(latestAtDays(['2024-03-01'], mixed)).toEqual([4]);
  });

  it('a stock with no fundamentals (crypto) gets nulls', () => {
    expect(ttmAtDays(days.slice(0, 3), [])).toEqual([null, null, null]);
    expect(latestAtDays(days.slice(0, 3), [])).toEqual([null, null, null]);
  });
});
