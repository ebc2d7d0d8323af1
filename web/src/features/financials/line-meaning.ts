import { type FinancialMetric, financialGroups, financialMetricInfo } from '@app/contract';

/*
 * What a rise of a line means to an investor (issue 22: a cost or a debt rising is not "good"). Colours
 * of growth figures and trend bars follow this, not the sign of the change: revenue up is favourable,
 * interest expense up is unfavourable, capital expenditure up is neither.
 */
export type Meaning = 'higher-is-better' | 'lower-is-better' | 'neutral';

const HIGHER: readonly FinancialMetric[] = [
  'revenue',
  'grossProfit',
  'operatingIncome',
  'interestIncome',
  'pretaxIncome',
  'incomeContinuingOperations',
  'netIncomeIncludingNoncontrolling',
  'netIncome',
  'netIncomeCommon',
  'epsBasic',
  'epsDiluted',
  'ebit',
  'ebitda',
  'cash',
  'cashAndShortTermInvestments',
  'netCash',
  'retainedEarnings',
  'equity',
  'totalEquity',
  'tangibleBookValue',
  'operatingCashFlow',
  'freeCashFlow',
  'freeCashFlowMargin',
  'dividendsPaid',
  'buybacks',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'roe',
  'roa',
  'roic',
  'revenuePerShare',
  'bookValuePerShare',
  'operatingCashFlowPerShare',
  'freeCashFlowPerShare',
  'dividendsPerShare',
];

/** Costs, debts and leases, and what dilutes a shareholder: a rise is unfavourable. */
const LOWER: readonly FinancialMetric[] = [
  'costOfRevenue',
  'researchDevelopment',
  'sellingGeneralAdmin',
  'sellingMarketing',
  'generalAdmin',
  'otherOperatingExpenses',
  'operatingExpenses',
  'interestExpense',
  'incomeTax',
  'effectiveTaxRate',
  'minorityInterest',
  'preferredDividends',
  'accountsPayable',
  'accruedLiabilities',
  'shortTermDebt',
  'operatingLeaseLiabilitiesCurrent',
  'otherCurrentLiabilities',
  'currentLiabilities',
  'longTermDebt',
  'operatingLeaseLiabilities',
  'deferredTaxLiabilities',
  'otherNoncurrentLiabilities',
  'totalLiabilities',
  'totalDebt',
  'debtIssued',
  'debtToEquity',
  'stockBasedCompensation',
  'interestPaid',
  'incomeTaxesPaid',
  // More shares is dilution: each share owns less of the company.
  'stockIssued',
  'sharesBasic',
  'sharesDiluted',
  'sharesOutstanding',
];

/*
 * Lines the API adds later (issue 19: more line items) are neutral unless their name says they are a
 * cost or a debt, so a new expense line is never drawn "good". Repayments are not debts.
 */
const COST_OR_DEBT = /expense|cost|debt|borrowing|liabilit|payable|compensation|impairment/i;
const NOT_A_COST = /repaid|repayment|ofOperatingCashFlow|prepaid|^changeIn|AndEquity/i;

export function lineMeaning(metric: FinancialMetric): Meaning {
  if (HIGHER.includes(metric)) return 'higher-is-better';
  if (LOWER.includes(metric)) return 'lower-is-better';
  return COST_OR_DEBT.test(metric) && !NOT_A_COST.test(metric) ? 'lower-is-better' : 'neutral';
}

/** How a change reads: favourable, unfavourable, or neither (neutral lines, no change, no value). */
export type Tone = 'good' | 'bad' | 'neutral';

export function changeTone(metric: FinancialMetric, change: number | null): Tone {
  if (change === null || !Number.isFinite(change) || change === 0) return 'neutral';
  const meaning = lineMeaning(metric);
  if (meaning === 'neutral') return 'neutral';
  return change > 0 === (meaning === 'higher-is-better') ? 'good' : 'bad';
}

/**
 * The smallest change that gets a colour (issue 33): more than 1 % of the larger of the two values. Below
 * it a change is rounding noise or standing still (a flat 21.0 % tax rate filed as 21.04 % and 21.0 %,
 * 42.74 -> 42.73), drawn in the neutral colour; the tables' legend states it (`reading.threshold`).
 */
export const TONE_THRESHOLD = 0.01;

/** Whether going from `from` to `to` is a change worth a colour (beyond TONE_THRESHOLD). */
export function isSignificantChange(from: number, to: number): boolean {
  const scale = Math.max(Math.abs(from), Math.abs(to));
  return scale > 0 && Math.abs(to - from) / scale > TONE_THRESHOLD;
}

/** The tone of a growth rate (a relative change already): neutral within TONE_THRESHOLD. */
export function growthTone(metric: FinancialMetric, growth: number | null): Tone {
  if (growth === null || Math.abs(growth) <= TONE_THRESHOLD) return 'neutral';
  return changeTone(metric, growth);
}

/**
 * The tone of a line's trend: its oldest value against its newest (values oldest first), read by its
 * meaning; neutral when they differ by no more than TONE_THRESHOLD.
 */
export function trendTone(metric: FinancialMetric, chronological: readonly (number | null)[]): Tone {
  const present = chronological.filter((value): value is number => value !== null && Number.isFinite(value));
  const oldest = present[0];
  const newest = present.at(-1);
  if (oldest === undefined || newest === undefined || present.length < 2) return 'neutral';
  if (!isSignificantChange(oldest, newest)) return 'neutral';
  return changeTone(metric, newest - oldest);
}

const BALANCE_SHEET: ReadonlySet<string> = new Set(financialGroups['balance-sheet']);

/**
 * A flow is an amount over a period (revenue, cash from operations, EPS): it has a growth from one year to
 * the next. Balance-sheet items are stocks at a day, ratios are not amounts: neither gets a growth row.
 */
export function isFlow(metric: FinancialMetric): boolean {
  if (financialMetricInfo[metric].unit === 'ratio') return false;
  return !BALANCE_SHEET.has(metric) && metric !== 'bookValuePerShare' && metric !== 'sharesOutstanding';
}

/**
 * Year-over-year growth: value / value a year before - 1. Null when either is missing, and when the year
 * before is zero or negative (a change from a loss has no meaningful percentage).
 */
export function yearOverYear(value: number | null | undefined, yearBefore: number | null | undefined): number | null {
  if (value == null || yearBefore == null || !Number.isFinite(value) || !Number.isFinite(yearBefore)) return null;
  if (yearBefore <= 0) return null;
  return value / yearBefore - 1;
}
