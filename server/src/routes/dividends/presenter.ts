import type { DividendsByMonth, DividendsPerShare } from '@app/contract';
import { dividendCagr, dividendGrowthStreak, dpsByYear, lastFullYear } from '../../finance/dividends.ts';
import type { Range } from '../../finance/types.ts';
import type { SecurityRef } from '../market/securities.ts';

/* Shapes of the dividend responses. Amounts are split-adjusted cash per share. */

interface DividendRow {
  ex_date: string;
  pay_date: string | null;
  amount_split_adj: number;
}

/** DPS per calendar year in from..to (by ex-date), with growth, 5-year CAGR and the growth streak at `at`. */
export function presentDps(
  s: SecurityRef,
  rows: readonly DividendRow[],
  range: Range,
  at: string,
): DividendsPerShare['series'][number] {
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
      .map((y) => ({ ...y, payments: payments.get(y.year) ?? 0 })),
    cagr5y: dividendCagr(years, lastFullYear(at)),
    growthYears: dividendGrowthStreak(years, lastFullYear(at)),
  };
}

/** The payment pattern from the months that pay (a range of about a year). */
export function paymentPattern(months: readonly number[]): DividendsByMonth['series'][number]['pattern'] {
  const n = months.length;
  if (n === 0) return 'none';
  if (n === 12) return 'monthly';
  if (n === 1) return 'annual';
  const evenlySpaced = (step: number) => months.every((m, i) => i === 0 || m - (months[i - 1] as number) === step);
  if (n === 4 && evenlySpaced(3)) return 'quarterly';
  if (n === 2 && evenlySpaced(6)) return 'semiannual';
  return 'irregular';
}

export function presentByMonth(s: SecurityRef, rows: readonly DividendRow[]): DividendsByMonth['series'][number] {
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
  return { ticker: s.ticker, currency: s.currency, pattern: paymentPattern(payingMonths), payingMonths, months };
}
