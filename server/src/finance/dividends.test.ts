import { describe, expect, it } from 'vitest';
import {
  coversYear,
  dividendCagr,
  dividendGrowthStreak,
  dividendYieldSeries,
  dpsByYear,
  firstFullYear,
  ttmDividends,
  yieldPercentile,
} from './dividends.ts';
import { addDays, type DividendPoint, type PricePoint } from './types.ts';

/*
 * The dividend rules of finance-definitions.md ("Per share and dividends"), one scenario each: the history is
 * known from the first close of the loaded prices, a yield needs 365 days of it, and only the calendar
 * years it covers whole are years of the growth count and the 5-year CAGR (issue 42).
 */

/** Weekday closes from a start day. */
function dailyPrices(from: string, count: number, price: (i: number) => number = () => 50): PricePoint[] {
  const out: PricePoint[] = [];
  for (let d = 0, i = 0; i < count; d++) {
    const day = addDays(from, d);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    out.push({ day, close: price(i) });
    i++;
  }
  return out;
}

/** Quarterly ex-dates (10 Feb, May, Aug, Nov) of the years, each of a year's amount. */
function quarterlyDividends(fromYear: number, toYear: number, amount: (year: number) => number): DividendPoint[] {
  const out: DividendPoint[] = [];
  for (let y = fromYear; y <= toYear; y++)
    for (const m of ['02', '05', '08', '11']) out.push({ exDate: `${y}-${m}-10`, amount: amount(y) });
  return out;
}

describe('dividend history coverage', () => {
  it('yield history starts a year after the first close, not a year after the first ex-date', () => {
    const prices = dailyPrices('2021-01-04', 900);
    const dividends = quarterlyDividends(2021, 2025, () => 0.5);
    const series = dividendYieldSeries(prices, dividends, prices[0]?.day);
    // From 4 January 2021 on every ex-date is known, so 2022-01-04 holds the four of 2021: 2 / 50.
    expect(series[0]?.day).toBe('2022-01-04');
    expect(series[0]?.yieldPct).toBeCloseTo(4, 10);
    // No partial year: every yield is the full four quarters, up to the leap day (after which a 366-day gap
    // between two ex-dates leaves a window with three).
    const beforeLeapDay = series.filter((p) => p.day < '2024-02-29');
    expect(beforeLeapDay.length).toBeGreaterThan(400);
    expect(beforeLeapDay.every((p) => Math.abs(p.yieldPct - 4) < 1e-9)).toBe(true);
  });

  it('a yield needs the whole 365 days up to the day known', () => {
    expect(coversYear('2023-02-10', '2024-02-09')).toBe(false);
    expect(coversYear('2023-02-10', '2024-02-10')).toBe(true);
    expect(coversYear(undefined, '2024-02-10')).toBe(false);
  });

  it('a stock that starts paying late in a long history has a yield of 0 before its first dividend', () => {
    const prices = dailyPrices('2015-01-02', 2400);
    const dividends = quarterlyDividends(2023, 2023, () => 0.5);
    const series = dividendYieldSeries(prices, dividends, prices[0]?.day);
    expect(series[0]?.day).toBe('2016-01-04');
    expect(series.filter((p) => p.day < '2023-02-10').every((p) => p.yieldPct === 0)).toBe(true);
    expect(series.find((p) => p.day === '2023-02-10')?.yieldPct).toBeCloseTo(1, 10);
    expect(yieldPercentile(series)).not.toBeNull();
  });

  it('a history of less than a year has no yield, percentile or band', () => {
    const prices = dailyPrices('2023-03-01', 200);
    const series = dividendYieldSeries(
      prices,
      quarterlyDividends(2023, 2023, () => 0.5),
      prices[0]?.day,
    );
    expect(series).toEqual([]);
    expect(yieldPercentile(series)).toBeNull();
  });

  it('a range that starts after the first close has yields from its first day', () => {
    const prices = dailyPrices('2023-01-02', 60);
    const dividends = quarterlyDividends(2022, 2023, () => 0.5);
    // The range's closes start in 2023, but the history is known since 2010.
    const series = dividendYieldSeries(prices, dividends, '2010-03-01');
    expect(series).toHaveLength(60);
  });

  it('dividends before the first close do not start the history earlier', () => {
    const prices = dailyPrices('2021-06-01', 400);
    const dividends = quarterlyDividends(2020, 2022, () => 0.5);
    const series = dividendYieldSeries(prices, dividends, prices[0]?.day);
    expect(series[0]?.day).toBe('2022-06-01');
  });
});

describe('full calendar years', () => {
  it('a history from mid-year covers the next year first', () => {
    expect(firstFullYear('2012-06-26')).toBe(2013);
  });

  it('a history from the first trading day of a year covers that year', () => {
    // 2 January 2024 was a Tuesday, the first trading day after New Year's Day.
    expect(firstFullYear('2024-01-02')).toBe(2024);
    expect(firstFullYear('2024-01-03')).toBe(2025);
    // 1 January 2023 was a Sunday: Monday the 2nd was the holiday observed, the 3rd the first trading day.
    expect(firstFullYear('2023-01-03')).toBe(2023);
    // 1 January 2022 was a Saturday: Monday the 3rd was the first trading day.
    expect(firstFullYear('2022-01-03')).toBe(2022);
    expect(firstFullYear('2021-12-31')).toBe(2022);
    expect(firstFullYear(undefined)).toBeNull();
  });
});

describe('dividend growth', () => {
  const growing = quarterlyDividends(2012, 2023, (y) => (y <= 2015 ? 0.25 : 0.25 * 1.1 ** (y - 2015)));

  it('CAGR over five full years and the streak counted back from the last full year', () => {
    const years = dpsByYear(growing);
    expect(years[0]).toEqual({ year: 2012, dps: 1, growth: null });
    expect(dividendCagr(years, 2023, 2012)).toBeCloseTo(0.1, 10);
    expect(dividendGrowthStreak(years, 2023, 2012)).toBe(8);
    expect(ttmDividends(growing, '2023-12-31')).toBeCloseTo(4 * 0.25 * 1.1 ** 8, 10);
  });

  it('growth years do not count a partial first year as a smaller one', () => {
    // The history starts in June 2012: 2012 holds two of its four dividends, yet every year grew.
    const dividends = quarterlyDividends(2012, 2023, (y) => 0.25 * 1.1 ** (y - 2012)).filter(
      (d) => d.exDate >= '2012-06-26',
    );
    const years = dpsByYear(dividends);
    expect(dividendGrowthStreak(years, 2023, firstFullYear('2012-06-26'))).toBe(10);
    // Read as a full year, 2012's half would have been an eleventh year of growth.
    expect(dividendGrowthStreak(years, 2023, 2012)).toBe(11);
  });

  it('the 5-year CAGR is null when its start year is a partial first year', () => {
    const dividends = quarterlyDividends(2018, 2023, () => 0.5).filter((d) => d.exDate >= '2018-06-26');
    const years = dpsByYear(dividends);
    expect(dividendCagr(years, 2023, firstFullYear('2018-06-26'))).toBeNull();
    expect(dividendCagr(years, 2023, 2018)).toBeCloseTo((2 / 1) ** (1 / 5) - 1, 10);
  });

  it('a first dividend after a year without one is a start, not growth', () => {
    const years = dpsByYear(quarterlyDividends(2020, 2023, (y) => 0.25 * y - 504.75));
    expect(dividendGrowthStreak(years, 2023, 2015)).toBe(3);
  });

  it('a year with a smaller dividend ends the streak', () => {
    const years = dpsByYear(quarterlyDividends(2015, 2023, (y) => (y === 2019 ? 0.1 : 0.25 + (y - 2015) / 100)));
    // 2020 to 2023 each grew (2020 over the cut 2019); 2019 fell.
    expect(dividendGrowthStreak(years, 2023, 2015)).toBe(4);
  });
});
