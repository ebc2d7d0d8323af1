import { describe, expect, it } from 'vitest';
import { CloseHistory } from '../finance/close-history.ts';
import { dayNumber } from '../finance/types.ts';
import { yearRange } from '../metrics/closes.ts';
import { BETA_MIN_WEEKS, beta, betaWeeks, equalWeightIndex, weeklyReturns, weekOf } from './beta.ts';
import { allTimeHigh, averageVolume, lastDividend, nextDividend } from './statistics.ts';

describe('volume averages', () => {
  it('average over the last 30 days leaves out older days and days without a volume', () => {
    const rows = [
      { day: '2026-01-01', volume: 1_000_000 },
      { day: '2026-02-02', volume: 100 },
      { day: '2026-02-03', volume: null },
      { day: '2026-02-04', volume: 300 },
    ];
    expect(averageVolume(rows, '2026-02-04', 30)).toBe(200);
    expect(averageVolume(rows, '2026-02-04', 91)).toBeCloseTo((1_000_000 + 400) / 3);
    expect(averageVolume([], '2026-02-04', 30)).toBeNull();
  });
});

describe('price ranges', () => {
  const closes = [
    { day: '2024-06-03', close: 90 },
    { day: '2025-03-03', close: 40 },
    { day: '2025-09-01', close: 60 },
    { day: '2026-02-02', close: 45 },
  ];

  it('52-week range covers the 365 days up to the last close', () => {
    expect(yearRange(CloseHistory.of(closes))).toEqual({ low: 40, high: 60 });
  });

  it('all-time high is the highest close, and the last close is 50 % below it', () => {
    expect(allTimeHigh(CloseHistory.of(closes))).toEqual({ high: { day: '2024-06-03', close: 90 }, fromHighPct: -50 });
  });

  it('a security at its high is 0 % from it', () => {
    expect(allTimeHigh(CloseHistory.of([{ day: '2026-01-02', close: 5 }]))?.fromHighPct).toBe(0);
  });
});

describe('ex-dividend dates', () => {
  const quarterly = [
    { exDate: '2025-02-14', amount: 0.4 },
    { exDate: '2025-05-15', amount: 0.4 },
    { exDate: '2025-08-14', amount: 0.42 },
    { exDate: '2025-11-13', amount: 0.42 },
  ];

  it('the last ex-date is the newest on or before the day', () => {
    expect(lastDividend(quarterly, '2025-11-12')).toEqual({ exDate: '2025-08-14', amount: 0.42 });
  });

  it('a quarterly payer gets the next ex-date one usual gap after the last, marked estimated', () => {
    expect(nextDividend(quarterly, '2025-11-20')).toEqual({ exDate: '2026-02-12', amount: 0.42, estimated: true });
  });

  it('a declared ex-date after the day is the next one, not estimated', () => {
    const declared = [...quarterly, { exDate: '2026-02-11', amount: 0.45 }];
    expect(nextDividend(declared, '2025-12-01')).toEqual({ exDate: '2026-02-11', amount: 0.45, estimated: false });
  });

  it('payments that stopped a year ago project nothing', () => {
    expect(nextDividend(quarterly, '2026-11-20')).toBeNull();
  });

  it('a single payment has no pattern', () => {
    expect(nextDividend([{ exDate: '2025-02-14', amount: 1 }], '2025-03-01')).toBeNull();
  });
});

describe('beta against the equal-weighted universe', () => {
  /** Weekday closes from Monday 2020-01-06, changing on each Monday by the week's return. */
  const weekly = (returns: readonly number[]) => {
    const numbers: number[] = [];
    const closes: number[] = [];
    let close = 100;
    const monday = dayNumber('2020-01-06');
    for (let w = 0; w <= returns.length; w++) {
      if (w > 0) close *= 1 + (returns[w - 1] as number);
      for (let d = 0; d < 5; d++) {
        numbers.push(monday + w * 7 + d);
        closes.push(close);
      }
    }
    return weeklyReturns(numbers, closes);
  };
  const market = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? 0.03 : i % 3 === 1 ? -0.02 : 0.01));
  const always = { fromWeek: Number.NEGATIVE_INFINITY, toWeek: Number.POSITIVE_INFINITY };

  it('weekly returns run from one week’s last close to the next week’s last close', () => {
    const days = ['2026-01-02', '2026-01-09', '2026-01-12', '2026-01-16'].map(dayNumber);
    const returns = weeklyReturns(days, [90, 100, 105, 110]);
    expect([...returns.values()]).toEqual([expect.closeTo(100 / 90 - 1), expect.closeTo(0.1)]);
    expect(weekOf(dayNumber('2026-01-12'))).toBe(weekOf(dayNumber('2026-01-18')));
    expect(weekOf(dayNumber('2026-01-18')) + 1).toBe(weekOf(dayNumber('2026-01-19')));
  });

  it('a week without a close gives no return to it nor to the week after (a halt)', () => {
    // Closes on the Fridays of 2 and 9 January, none the week of the 12th, then the 23rd and the 30th.
    const days = ['2026-01-02', '2026-01-09', '2026-01-23', '2026-01-30'].map(dayNumber);
    const returns = weeklyReturns(days, [100, 110, 99, 108.9]);
    expect([...returns.keys()]).toEqual([weekOf(dayNumber('2026-01-09')), weekOf(dayNumber('2026-01-30'))]);
    expect([...returns.values()]).toEqual([expect.closeTo(0.1), expect.closeTo(0.1)]);
  });

  it('a week closes on its last trading day, a Thursday when Friday is a holiday', () => {
    // Good Friday 2026 fell on 3 April: the week's close is Thursday the 2nd's.
    const days = ['2026-03-27', '2026-04-01', '2026-04-02', '2026-04-06', '2026-04-10'].map(dayNumber);
    const returns = weeklyReturns(days, [100, 90, 95, 1, 114]);
    expect(returns.get(weekOf(dayNumber('2026-04-02')))).toBeCloseTo(-0.05);
    expect(returns.get(weekOf(dayNumber('2026-04-10')))).toBeCloseTo(0.2);
  });

  it('a stock that moves twice as much as the market has a beta of 2', () => {
    const stock = weekly(market.map((r) => 2 * r));
    const index = weekly(market);
    expect(beta(stock, index, always).value).toBeCloseTo(2);
  });

  it('the index is the mean of its members, so a member moving with it has beta 1', () => {
    const a = weekly(market.map((r) => r + 0.01));
    const b = weekly(market.map((r) => r - 0.01));
    const index = equalWeightIndex([a, b]);
    expect(beta(a, index, always).value).toBeCloseTo(1);
  });

  it('fewer than 104 weeks in common give no beta', () => {
    const short = weekly(market.slice(0, BETA_MIN_WEEKS - 1));
    expect(beta(short, weekly(market), always)).toEqual({ value: null, weeks: BETA_MIN_WEEKS - 1 });
  });

  it('counts the weeks of the last five years only, the last day’s own (partial) week left out', () => {
    const { fromWeek, toWeek } = betaWeeks('2026-06-30');
    expect(toWeek).toBe(weekOf(dayNumber('2026-06-30')));
    expect(fromWeek).toBe(weekOf(dayNumber('2021-06-30')));
    // About 260 weeks between: 5 years of weekly returns.
    expect(toWeek - fromWeek - 1).toBeGreaterThanOrEqual(259);
    expect(toWeek - fromWeek - 1).toBeLessThanOrEqual(261);
  });
});
