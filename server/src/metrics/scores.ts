import type { FinancialMetric } from '@app/contract';
import type { PeriodRow } from '../derived/fiscal-periods.ts';
import { metricValues } from '../derived/period-metrics.ts';
import { presentTtm, type SecurityFinancials } from './financials.ts';

/*
 * The catalogue's two scores of a company's statements (issue 42; contract/src/catalogue-reports.ts
 * declares them, finance-definitions.md "Scores" defines them): the Piotroski F-score of the last fiscal
 * year against the one before, and the shareholder yield of the TTM period. computeSnapshot spreads
 * what scoreFigures returns among its figures, so each score is computed here and only here.
 */

/** One fiscal year's statement values a Piotroski test reads (null: not filed and not computable). */
export interface FiscalYearFacts {
  netIncome: number | null;
  operatingCashFlow: number | null;
  revenue: number | null;
  grossProfit: number | null;
  totalAssets: number | null;
  longTermDebt: number | null;
  currentAssets: number | null;
  currentLiabilities: number | null;
  sharesDiluted: number | null;
}

export type PiotroskiTest =
  | 'netIncomePositive'
  | 'operatingCashFlowPositive'
  | 'roaUp'
  | 'cashAboveIncome'
  | 'leverageDown'
  | 'currentRatioUp'
  | 'noNewShares'
  | 'grossMarginUp'
  | 'assetTurnoverUp';

export interface Piotroski {
  /** 0-9; null when any test is unknown (a missing input is never a failed test). */
  score: number | null;
  tests: Record<PiotroskiTest, boolean | null>;
}

const ratio = (top: number | null, bottom: number | null) =>
  top === null || bottom === null || bottom === 0 ? null : top / bottom;
const mean = (a: number | null, b: number | null) => (a === null || b === null ? null : (a + b) / 2);
/** A test of two values; unknown when either is. */
const compare = (a: number | null, b: number | null, passes: (a: number, b: number) => boolean) =>
  a === null || b === null ? null : passes(a, b);

/**
 * The Piotroski F-score of `last` against `before`; `twoBefore` gives the opening total assets of
 * `before`, for its ROA and asset turnover over average total assets (finance-definitions.md, "Margins
 * and returns": ROA = net income / average total assets).
 */
export function piotroski(last: FiscalYearFacts, before: FiscalYearFacts, twoBefore: FiscalYearFacts): Piotroski {
  const averageAssets = mean(last.totalAssets, before.totalAssets);
  const averageAssetsBefore = mean(before.totalAssets, twoBefore.totalAssets);
  const tests: Record<PiotroskiTest, boolean | null> = {
    netIncomePositive: last.netIncome === null ? null : last.netIncome > 0,
    operatingCashFlowPositive: last.operatingCashFlow === null ? null : last.operatingCashFlow > 0,
    roaUp: compare(ratio(last.netIncome, averageAssets), ratio(before.netIncome, averageAssetsBefore), (a, b) => a > b),
    cashAboveIncome: compare(last.operatingCashFlow, last.netIncome, (a, b) => a > b),
    leverageDown: compare(
      ratio(last.longTermDebt, last.totalAssets),
      ratio(before.longTermDebt, before.totalAssets),
      (a, b) => a < b,
    ),
    currentRatioUp: compare(
      ratio(last.currentAssets, last.currentLiabilities),
      ratio(before.currentAssets, before.currentLiabilities),
      (a, b) => a > b,
    ),
    // "No new shares": diluted shares not up (equal passes).
    noNewShares: compare(last.sharesDiluted, before.sharesDiluted, (a, b) => a <= b),
    grossMarginUp: compare(
      ratio(last.grossProfit, last.revenue),
      ratio(before.grossProfit, before.revenue),
      (a, b) => a > b,
    ),
    assetTurnoverUp: compare(
      ratio(last.revenue, averageAssets),
      ratio(before.revenue, averageAssetsBefore),
      (a, b) => a > b,
    ),
  };
  const results = Object.values(tests);
  const score = results.includes(null) ? null : results.filter(Boolean).length;
  return { score, tests };
}

/** TTM cash returned to shareholders (amounts as filed: positive outflows and inflows). */
export interface CashReturned {
  operatingCashFlow: number | null;
  dividendsPaid: number | null;
  buybacks: number | null;
  stockIssued: number | null;
}

/**
 * Shareholder yield in %: (dividends paid + buybacks - common stock issued) / market cap. A line the cash
 * flow statement does not file is none of it (a company that buys no shares back files no buyback line);
 * without an operating cash flow there is no cash flow statement at all, so no yield.
 */
export function shareholderYield(cash: CashReturned, marketCap: number | null): number | null {
  if (cash.operatingCashFlow === null || marketCap === null || marketCap <= 0) return null;
  const returned = (cash.dividendsPaid ?? 0) + (cash.buybacks ?? 0) - (cash.stockIssued ?? 0);
  return (returned / marketCap) * 100;
}

const FACTS: Record<keyof FiscalYearFacts, FinancialMetric> = {
  netIncome: 'netIncome',
  operatingCashFlow: 'operatingCashFlow',
  revenue: 'revenue',
  grossProfit: 'grossProfit',
  totalAssets: 'totalAssets',
  longTermDebt: 'longTermDebt',
  currentAssets: 'currentAssets',
  currentLiabilities: 'currentLiabilities',
  sharesDiluted: 'sharesDiluted',
};
const CASH_RETURNED: FinancialMetric[] = ['operatingCashFlow', 'dividendsPaid', 'buybacks', 'stockIssued'];
const noContext = { previous: undefined, dividends: [] };

function factsOf(row: PeriodRow | undefined): FiscalYearFacts {
  const values = row ? metricValues(row, Object.values(FACTS), noContext).values : {};
  return Object.fromEntries(
    Object.entries(FACTS).map(([key, metric]) => [key, values[metric] ?? null]),
  ) as unknown as FiscalYearFacts;
}

export interface ScoreInputs {
  financials: { quarterly: SecurityFinancials; annual: SecurityFinancials } | null;
  /** The market cap of the last close, in the trading currency. */
  marketCap: number | null;
  /** Whether the statements are in the trading currency: a yield of one over the other would mix units. */
  sameCurrency: boolean;
}

/** The scores among the snapshot's figures, and the Piotroski tests as its parts (catalogue `parts`). */
export function scoreFigures({ financials, marketCap, sameCurrency }: ScoreInputs) {
  const years = (financials?.annual.rows ?? []).filter((row) => row.fiscalPeriod === 'FY');
  const [twoBefore, before, last] = [years.at(-3), years.at(-2), years.at(-1)].map(factsOf) as [
    FiscalYearFacts,
    FiscalYearFacts,
    FiscalYearFacts,
  ];
  const score = financials ? piotroski(last, before, twoBefore) : null;
  const cash = financials ? presentTtm(financials.quarterly, financials.annual, CASH_RETURNED).values : {};
  const returned = Object.fromEntries(CASH_RETURNED.map((metric) => [metric, cash[metric] ?? null])) as Record<
    keyof CashReturned,
    number | null
  >;
  return {
    figures: {
      piotroskiScore: score?.score ?? null,
      shareholderYieldPct: sameCurrency ? shareholderYield(returned, marketCap) : null,
    },
    parts: (score ? { piotroskiScore: score.tests } : {}) as Record<string, Record<string, boolean | null>>,
  };
}
