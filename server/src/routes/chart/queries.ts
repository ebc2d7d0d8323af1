/*
 * Range reads for the chart calls: one query per table for all the requested securities, on their primary
 * keys (the OHLCV bars come from the year chunks: derived/price-years.ts readPriceBars; the valuation
 * ratios' facts from the statement matrices: derived/fact-statements.ts selectStatementFacts).
 */

/** The line items the valuation ratios need, every period known up to the range end (TTM looks back). */
export const VALUATION_ITEMS = [
  'revenue',
  'eps_basic',
  'eps_diluted',
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
