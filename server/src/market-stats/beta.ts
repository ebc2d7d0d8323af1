import { addMonths, dayNumber } from '../finance/types.ts';

/*
 * Beta against the universe (finance-definitions.md, Price figures; issue 42): the app has no market index
 * of its own, so the benchmark is the equal-weighted mean weekly total return of every stock in the
 * database. Weekly returns over the last 5 years, at least 104 in common, else none: monthly returns
 * (60 at most) over a small universe gave betas of -2.56 and 5.32 to ordinary companies. Closes are
 * total-return adjusted (dividends reinvested), so a payout is not a fall.
 *
 * The weeks, as the definition words them: Monday to Sunday; a week's close is its last trading day's (a
 * Friday, a Thursday before a Good Friday); a week's return is its close over the close of the week just
 * before. A week without a close (a halt) has no return, and neither has the week after it: a return over
 * two weeks is not a weekly one. The week of the last close is left out, whatever its weekday (it may not
 * be over: a Wednesday's close is not a week's), so the beta does not move with the day of the week.
 */
export const BETA_YEARS = 5;
export const BETA_MIN_WEEKS = 104;

/** The Monday-based week of a day number (day 0, 1970-01-01, was a Thursday). */
export const weekOf = (dayNo: number) => Math.floor((dayNo + 3) / 7);

/**
 * Week -> return from the previous week's last close to this week's last close, of the weeks after
 * `fromWeek` (closes with their day numbers, ascending); only where the week before has a close.
 */
export function weeklyReturns(
  numbers: ArrayLike<number>,
  closes: ArrayLike<number>,
  fromWeek = Number.NEGATIVE_INFINITY,
): Map<number, number> {
  // Each week's last close, in order.
  const weeks: number[] = [];
  const weekCloses: number[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const w = weekOf(numbers[i] as number);
    if (weeks.at(-1) !== w) {
      weeks.push(w);
      weekCloses.push(closes[i] as number);
    } else weekCloses[weekCloses.length - 1] = closes[i] as number;
  }
  const returns = new Map<number, number>();
  for (let k = 1; k < weeks.length; k++) {
    const week = weeks[k] as number;
    const previous = weekCloses[k - 1] as number;
    if (week > fromWeek && weeks[k - 1] === week - 1 && previous > 0)
      returns.set(week, (weekCloses[k] as number) / previous - 1);
  }
  return returns;
}

/** The equal-weighted mean of the returns of every series that has a return that period. */
export function equalWeightIndex<K>(series: readonly Map<K, number>[]): Map<K, number> {
  const sums = new Map<K, { sum: number; count: number }>();
  for (const returns of series) {
    for (const [period, value] of returns) {
      const entry = sums.get(period) ?? { sum: 0, count: 0 };
      entry.sum += value;
      entry.count += 1;
      sums.set(period, entry);
    }
  }
  return new Map([...sums].map(([period, { sum, count }]) => [period, sum / count]));
}

/** The weeks beta counts at a stock's last day: those ending in the 5 years up to it, its own week left out (partial). */
export function betaWeeks(asOf: string): { fromWeek: number; toWeek: number } {
  return { fromWeek: weekOf(dayNumber(addMonths(asOf, -12 * BETA_YEARS))), toWeek: weekOf(dayNumber(asOf)) };
}

/**
 * Covariance of the stock's weekly returns with the index over their common weeks (after `fromWeek`,
 * before `toWeek`), divided by the index's variance; null with fewer than 104 common weeks.
 */
export function beta(
  stock: Map<number, number>,
  index: Map<number, number>,
  { fromWeek, toWeek }: { fromWeek: number; toWeek: number },
): { value: number | null; weeks: number } {
  const weeks = [...stock.keys()].filter((week) => week > fromWeek && week < toWeek && index.has(week));
  if (weeks.length < BETA_MIN_WEEKS) return { value: null, weeks: weeks.length };
  const xs = weeks.map((week) => index.get(week) as number);
  const ys = weeks.map((week) => stock.get(week) as number);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const mx = mean(xs);
  const my = mean(ys);
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < weeks.length; i += 1) {
    covariance += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    variance += ((xs[i] as number) - mx) ** 2;
  }
  return { value: variance > 0 ? covariance / variance : null, weeks: weeks.length };
}
