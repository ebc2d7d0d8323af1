import type { FinancialSeriesHead } from '@app/contract';
import type { Period } from '../db/schema.ts';
import type { DividendPoint } from '../finance/types.ts';

export type SeriesHead = Omit<FinancialSeriesHead, 'ticker'>;

/**
 * What a series says of all its periods: the currency of its statements (the filings' reporting
 * currency; the trading currency when it has none), whether quarters are filed, and the splits its
 * per-share values are restated for, and the day up to which they are (issue 43: one basis per answer).
 * The same for both kinds of period.
 */
export function seriesHead(
  statements: readonly { period: Period; currency: string }[],
  splits: readonly { day: string; numerator: number; denominator: number }[],
  tradingCurrency: string,
  /** As filed on this day: the splits given are those paid by then, and the basis is the day. */
  asOf?: string,
): SeriesHead {
  const annual = statements.find((s) => s.period === 'annual');
  const quarterly = statements.find((s) => s.period === 'quarterly');
  return {
    currency: annual?.currency || quarterly?.currency || tradingCurrency,
    quartersFiled: quarterly !== undefined,
    splits: splits.map(({ day, numerator, denominator }) => ({ day, numerator, denominator })),
    splitBasis: asOf ?? lastDay(splits),
  };
}

/** The day of the last split, null without any. */
function lastDay(splits: readonly { day: string }[]): string | null {
  let last: string | null = null;
  for (const s of splits) if (last === null || s.day > last) last = s.day;
  return last;
}

/** Dividend rows as the metrics take them: split-adjusted amounts by ex-date. */
export const dividendPoints = (rows: readonly { ex_date: string; amount_split_adj: number }[]): DividendPoint[] =>
  rows.map((row) => ({ exDate: row.ex_date, amount: row.amount_split_adj }));
