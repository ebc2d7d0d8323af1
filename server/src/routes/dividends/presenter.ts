import type { DividendsByMonth, DividendsPerShare } from '@app/contract';
import { frequencyAsOf } from '../../finance/dividend-frequency.ts';
import { dividendCagr, dividendGrowthStreak, dpsByYear, firstFullYear, lastFullYear } from '../../finance/dividends.ts';
import type { Range } from '../../finance/types.ts';
import type { SecurityRef } from '../market/securities.ts';

/* Shapes of the dividend responses. Amounts are split-adjusted cash per share. */

interface DividendRow {
  ex_date: string;
  pay_date: string | null;
  amount_split_adj: number;
}

/**
 * DPS per calendar year in from..to (by ex-date), with growth, 5-year CAGR and the growth streak at `at`,
 * those two over the calendar years the history from `firstClose` covers whole.
 */
export function presentDps(
  s: SecurityRef,
  rows: readonly DividendRow[],
  range: Range,
  at: string,
  firstClose: string | undefined,
): DividendsPerShare['series'][number] {
  const firstFull = firstFullYear(firstClose);
  const years = dpsByYear(rows.map((r) => ({ exDate: r.ex_date, amount: r.amount_split_adj })));
  const payments = new Map<number, number>();
  for (const r of rows)
    payments.set(Number(r.ex_date.slice(0, 4)), (payments.get(Number(r.ex_date.slice(0, 4))) ?? 0) + 1);
  const firstYear = range.from ? Number(range.from.slice(0, 4)) : Number.NEGATIVE_INFINITY;
  const lastYear = range.to ? Number(range.to.slice(0, 4)) : Number.POSITIVE_INFINITY;
  return {
    ticker: s.ticker,
    currency: s.currency,
    years: years
      .filter((y) => y.year >= firstYear && y.year <= lastYear)
      // A year's growth over a partial first year (the history starting mid-year) is no growth: null.
      .map((y) => ({
        ...y,
        growth: firstFull !== null && y.year - 1 >= firstFull ? y.growth : null,
        payments: payments.get(y.year) ?? 0,
      })),
    cagr5y: dividendCagr(years, lastFullYear(at), firstFull),
    growthYears: dividendGrowthStreak(years, lastFullYear(at), firstFull),
  };
}

/**
 * A stock's dividends of the range laid out per calendar month; `history` is every dividend up to the
 * range's end (ascending), whose ex-dates give the pattern: how often it pays as of that day, the same
 * rule as everywhere (finance/dividend-frequency.ts frequencyAsOf), 'none' when it paid nothing in the year.
 */
export function presentByMonth(
  s: SecurityRef,
  history: readonly DividendRow[],
  range: { from: string; to: string },
): DividendsByMonth['series'][number] {
  const rows = history.filter((r) => r.ex_date >= range.from && r.ex_date <= range.to);
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    amount: 0,
    payments: [] as DividendsByMonth['series'][number]['months'][number]['payments'],
  }));
  for (const r of rows) {
    const month = months[Number(r.ex_date.slice(5, 7)) - 1];
    if (!month) continue;
    month.amount += r.amount_split_adj;
    month.payments.push({ exDate: r.ex_date, payDate: r.pay_date, amount: r.amount_split_adj });
  }
  const payingMonths = months.filter((m) => m.payments.length > 0).map((m) => m.month);
  const pattern = frequencyAsOf(
    history.map((r) => r.ex_date),
    range.to,
  );
  return { ticker: s.ticker, currency: s.currency, pattern: pattern ?? 'none', payingMonths, months };
}
