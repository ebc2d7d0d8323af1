import type { DayClose } from './statistics.ts';

/*
 * Beta against the universe (issue 22; docs/api.md): the app has no market index of its own, so the
 * benchmark is the equal-weighted mean monthly total return of every stock in the database. Monthly
 * returns over the last 60 months, as Yahoo Finance's "Beta (5Y monthly)"; at least 24 in common.
 * Closes are total-return adjusted (dividends reinvested), so a payout is not a fall.
 */
export const BETA_MONTHS = 60;
export const BETA_MIN_MONTHS = 24;

/** Month ('YYYY-MM') -> return from the previous month's last close to this month's last close. */
export function monthlyReturns(closes: readonly DayClose[]): Map<string, number> {
  const months: string[] = [];
  const ends: number[] = [];
  for (const point of closes) {
    const month = point.day.slice(0, 7);
    if (months.at(-1) === month) ends[ends.length - 1] = point.close;
    else {
      months.push(month);
      ends.push(point.close);
    }
  }
  return returnsOfMonthEnds(months, ends);
}

/** The monthly returns of month-end closes (months ascending, one close each). */
export function returnsOfMonthEnds(months: readonly string[], closes: readonly number[]): Map<string, number> {
  const returns = new Map<string, number>();
  for (let i = 1; i < months.length; i += 1) {
    const previous = closes[i - 1] as number;
    if (previous > 0) returns.set(months[i] as string, (closes[i] as number) / previous - 1);
  }
  return returns;
}

/** The equal-weighted mean of the monthly returns of every series that has a return that month. */
export function equalWeightIndex(series: readonly Map<string, number>[]): Map<string, number> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const returns of series) {
    for (const [month, value] of returns) {
      const entry = sums.get(month) ?? { sum: 0, count: 0 };
      entry.sum += value;
      entry.count += 1;
      sums.set(month, entry);
    }
  }
  return new Map([...sums].map(([month, { sum, count }]) => [month, sum / count]));
}

/**
 * Covariance of the stock's returns with the index over their common months (the last `BETA_MONTHS`
 * up to `lastMonth`, the current partial month left out), divided by the index's variance.
 */
export function beta(
  stock: Map<string, number>,
  index: Map<string, number>,
  lastMonth: string,
): { value: number | null; months: number } {
  const months = [...stock.keys()]
    .filter((month) => month < lastMonth && index.has(month))
    .sort()
    .slice(-BETA_MONTHS);
  if (months.length < BETA_MIN_MONTHS) return { value: null, months: months.length };
  const xs = months.map((month) => index.get(month) as number);
  const ys = months.map((month) => stock.get(month) as number);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const mx = mean(xs);
  const my = mean(ys);
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < months.length; i += 1) {
    covariance += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    variance += ((xs[i] as number) - mx) ** 2;
  }
  return { value: variance > 0 ? covariance / variance : null, months: months.length };
}
