/*
 * The kinds of company whose statements differ (issue 32) and the figures that mean nothing for each:
 * no zod here, so a page that only asks meaningfulFor (a stock's key statistics) does not load the
 * contract's schemas (`@app/contract/statement-kinds`; statement-templates.ts exports them too).
 */
import { type FigureName, figureCatalogue } from './catalogue.ts';
import { type SeriesName, seriesCatalogue } from './series-catalogue.ts';

export const statementKinds = ['general', 'bank', 'insurer', 'reit'] as const;
export type StatementKind = (typeof statementKinds)[number];

/**
 * Figures that mean nothing for a kind of company (metric names, and the key statistics' and screener's
 * names of the same figures): a bank has no cost of goods, so no gross profit; its interest is its
 * business, so EBIT, EBITDA and EV/EBITDA say nothing; its cash and debt are its stock in trade, so net
 * cash and current assets say nothing.
 */
/** No cost of goods sold: nothing to take from revenue for a gross profit. */
const NO_GROSS_PROFIT = ['costOfRevenue', 'grossProfit', 'grossMargin'];
/** An unclassified balance sheet (no current and non-current split): no working capital or its ratios. */
const NO_CURRENT_SPLIT = [
  'workingCapital',
  'currentAssets',
  'currentLiabilities',
  'currentRatio',
  'quickRatio',
  'inventory',
];
/** Interest and its debt are the business: EBITDA and what is built on it say nothing. */
const NO_EBITDA = ['ebitda', 'evToEbitda', 'evEbitda'];

const NOT_MEANINGFUL: Record<StatementKind, ReadonlySet<string>> = {
  general: new Set(),
  bank: new Set([
    ...NO_GROSS_PROFIT,
    'operatingIncome',
    'operatingMargin',
    'ebit',
    ...NO_EBITDA,
    'enterpriseValue',
    'netCash',
    'netCashPerShare',
    ...NO_CURRENT_SPLIT,
    'freeCashFlowMargin',
    // The valuation chart's ratios over enterprise value and free cash flow: n/m where these are.
    'evSales',
    'pfcf',
  ]),
  insurer: new Set([...NO_GROSS_PROFIT, ...NO_EBITDA, ...NO_CURRENT_SPLIT]),
  reit: new Set([...NO_GROSS_PROFIT, ...NO_CURRENT_SPLIT]),
};

/**
 * Whether a figure (a metric, key statistic, screener column or chart series name) means something for a
 * kind of company. A name the metric catalogue declares (a figure or a series) follows its declaration's
 * `for`, the one rule key statistics, the screener, the valuation chart and the TTM answer read (issue 42);
 * the table above decides the statements' other lines.
 */
export function meaningfulFor(kind: StatementKind, figure: string): boolean {
  const declared = declaredKinds(figure);
  return declared ? declared.includes(kind) : !NOT_MEANINGFUL[kind].has(figure);
}

/** The kinds the catalogue declares a name for (a figure's, else a series'), undefined when it declares none. */
function declaredKinds(name: string): readonly string[] | undefined {
  if (Object.hasOwn(figureCatalogue, name)) return figureCatalogue[name as FigureName].for;
  if (Object.hasOwn(seriesCatalogue, name)) return seriesCatalogue[name as SeriesName].for;
  return undefined;
}
