import type { StatementKind } from './statement-kinds.ts';

/*
 * The metric catalogue's vocabulary (catalogue.ts): what a declaration of a figure or a series says.
 */
/** What a figure's number is in; the web picks its formatter from it (web/src/ui/figure-format.ts). */
export type FigureUnit =
  | 'currency' // in the security's currency
  | 'pct' // percent: 2.5 = 2.5 %
  | 'fraction' // 0.25 = 25 %
  | 'multiple' // a valuation multiple, shown with "×"
  | 'ratio' // a plain ratio (debt / equity)
  | 'shares'
  | 'count'
  | 'percentile' // 0-100
  | 'score'; // points of a score out of `outOf`

/** Kinds of company (statement templates) and coins. */
export type FigureKind = StatementKind | 'coin';

/** How a reader types a screener range (screener:units.<unit>). */
export type FilterUnit = 'pct' | 'billions' | 'currency' | 'multiple' | 'years' | 'percentile' | 'count';

/** The screener's filter panel sections a range filter sits in (screener:groups.<group>). */
export type FilterGroup = 'valuation' | 'dividends' | 'profitability' | 'price' | 'restatements';

export interface FigureDeclaration {
  unit: FigureUnit;
  /** Display options: decimals, a sign, compact notation, a coloured change badge in tables, the score's maximum. */
  format?: { digits?: number; signed?: boolean; compact?: boolean; badge?: boolean; outOf?: number };
  /** The period the figure covers or the day it is of. */
  basis: string;
  /** What it says, in one sentence. */
  definition: string;
  formula: string;
  /** The kinds it means something for: on others it is null on every surface. */
  for: readonly FigureKind[];
  /**
   * Key statistics: the row's label and hint, and what its hover says on a kind of company it is not for
   * (label keys of the stock namespace).
   */
  keyStats?: { label: string; hint?: string; notMeaningful?: string };
  /**
   * A stored screener column (snake_case) and OData field of the same name as the figure; `table`: a column
   * a reader can show (label screener:columns.<name>); `filter`: a range filter in that panel section.
   */
  screener?: {
    column: string;
    table?: boolean;
    filter?: { group: FilterGroup; typed?: FilterUnit; param?: string };
  };
  /** Shown in the peers table (read from the screener row). */
  peers?: boolean;
  /** Shown on the home cards (read from the screener row). */
  cards?: boolean;
  /** A score made of tests: each test's key (its label stock:figureParts.<figure>.<test>), shown on hover. */
  parts?: readonly string[];
}

/** Every kind of company. */
export const STOCKS = ['general', 'bank', 'insurer', 'reit'] as const;
/** Every security with a price: stocks and coins. */
export const TRADED = [...STOCKS, 'coin'] as const;
/** A bank's and an insurer's interest is their business, their debt their stock in trade: no EBITDA. */
export const NOT_FINANCIALS = ['general', 'reit'] as const;
/** A bank, an insurer and a REIT have no cost of goods sold: no gross profit. */
export const GENERAL_ONLY = ['general'] as const;
