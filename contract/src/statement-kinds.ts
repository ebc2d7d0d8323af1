/*
 * The kinds of company whose statements differ (issue 32) and the figures that mean nothing for each:
 * no zod here, so a page that only asks meaningfulFor (a stock's key statistics) does not load the
 * contract's schemas (`@app/contract/statement-kinds`; statement-templates.ts exports them too).
 */
export const statementKinds = ['general', 'bank', 'insurer', 'reit'] as const;
export type StatementKind = (typeof statementKinds)[number];

/**
 * Figures that mean nothing for a kind of company (metric names, and the key statistics' and screener's
 * names of the same figures): a bank has no cost of goods, so no gross profit; its interest is its
 * business, so EBIT, EBITDA and EV/EBITDA say nothing; its cash and debt are its stock in trade, so net
 * cash and current assets say nothing.
 */
const NOT_MEANINGFUL: Record<StatementKind, ReadonlySet<string>> = {
  general: new Set(),
  bank: new Set([
    'costOfRevenue',
    'grossProfit',
    'grossMargin',
    'operatingIncome',
    'operatingMargin',
    'ebit',
    'ebitda',
    'evToEbitda',
    'evEbitda',
    'enterpriseValue',
    'netCash',
    'netCashPerShare',
    'workingCapital',
    'currentAssets',
    'currentLiabilities',
    'currentRatio',
    'quickRatio',
    'inventory',
    'freeCashFlowMargin',
  ]),
  insurer: new Set([
    'costOfRevenue',
    'grossProfit',
    'grossMargin',
    'ebitda',
    'evToEbitda',
    'evEbitda',
    'workingCapital',
    'currentAssets',
    'currentLiabilities',
    'currentRatio',
    'quickRatio',
    'inventory',
  ]),
  reit: new Set([
    'costOfRevenue',
    'grossProfit',
    'grossMargin',
    'workingCapital',
    'currentAssets',
    'currentLiabilities',
    'currentRatio',
    'quickRatio',
    'inventory',
  ]),
};

/** Whether a figure (a metric, key statistic or screener column name) means something for a kind of company. */
export function meaningfulFor(kind: StatementKind, figure: string): boolean {
  return !NOT_MEANINGFUL[kind].has(figure);
}
