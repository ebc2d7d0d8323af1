import type { FinancialSeriesHead } from '@app/contract';
import type { Period } from '../db/schema.ts';
import type { DividendPoint } from '../finance/types.ts';

export type SeriesHead = Omit<FinancialSeriesHead, 'ticker'>;

/**
 * What a series says of all its periods: the currency of its statements (the filings' reporting
 * currency; the trading currency when it has none), whether quarters are filed, and the splits its
 * per-share values are restated for. The same for both kinds of period.
 */
export function seriesHead(
  statements: readonly { period: Period; currency: string }[],
  splits: readonly { day: string; numerator: number; denominator: number }[],
  tradingCurrency: string,
): SeriesHead {
  const annual = statements.find((s) => s.period === 'annual');
  const quarterly = statements.find((s) => s.period === 'quarterly');
  return {
    currency: annual?.currency || quarterly?.currency || tradingCurrency,
    quartersFiled: quarterly !== undefined,
    splits: splits.map(({ day, numerator, denominator }) => ({ day, numerator, denominator })),
  };
}

/** Dividend rows as the metrics take them: split-adjusted amounts by ex-date. */
export const dividendPoints = (rows: readonly { ex_date: string; amount_split_adj: number }[]): DividendPoint[] =>
  rows.map((row) => ({ exDate: row.ex_date, amount: row.amount_split_adj }));
