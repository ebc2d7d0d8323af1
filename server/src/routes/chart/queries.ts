import type { Db } from '../../db/index.ts';
import { selectStatementFacts } from '../../derived/fact-statements.ts';

/*
 * Range reads for the chart calls: one query per table for all the requested securities, on their primary
 * keys (the OHLCV bars come from the year chunks: derived/price-years.ts readPriceBars).
 */

/** The line items the valuation ratios need, every period known up to the range end (TTM looks back). */
export const VALUATION_ITEMS = [
  'revenue',
  'eps_basic',
  'operating_income',
  'depreciation_amortization',
  'equity',
  'total_debt',
  'cash',
  'shares_outstanding',
  'shares_basic',
  'operating_cash_flow',
  'capital_expenditure',
] as const;

/**
 * The reporting currency of each security's statements (issue 19: an IFRS filer may report in EUR while
 * it trades in USD); securities without statements, or whose statements say none, are left out.
 */
export function selectStatementCurrencies(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('fact_statements')
    .select(['security_id', 'currency'])
    .distinct()
    .where('security_id', 'in', ids)
    .where('currency', '!=', '')
    .execute();
}

/** The valuation ratios' facts, known up to the range end (derived/fact-statements.ts selectStatementFacts). */
export function selectValuationFacts(db: Db, ids: readonly number[], to: string | undefined) {
  return selectStatementFacts(db, ids, VALUATION_ITEMS, to);
}
