import { allTemplateLines, type FinancialMetric } from '@app/contract';
import { payoutRatio } from '../finance/dividends.ts';
import { perShare } from '../finance/statements.ts';
import type { FinancialValue, PeriodRow } from './fiscal-periods.ts';
import { type Compute, computed, filed, incomplete, missingOf } from './metric-values.ts';

/*
 * The metrics of the bank, insurer and REIT templates (contract statement-templates.ts) that are computed
 * rather than read as filed: net interest income and net loans where a bank files only their parts, and
 * a REIT's funds from operations. Totals only when every part is known (metric-values.ts).
 */
const get = (row: PeriodRow, item: string) => filed(row, item);

/** As filed, else a - b when both are known; else null naming the missing parts. */
const filedOrDifference =
  (item: string, [aName, a]: [FinancialMetric, string], [bName, b]: [FinancialMetric, string]): Compute =>
  (row) => {
    const own = get(row, item);
    if (own.value != null) return own;
    const [x, y] = [get(row, a), get(row, b)];
    const missing = missingOf([
      [aName, x],
      [bName, y],
    ]);
    if (missing.length > 0) return incomplete(missing);
    return computed((x.value as number) - (y.value as number), x, y);
  };

/**
 * FFO (NAREIT) = net income + real-estate depreciation and amortisation - gains on sales of real estate.
 * The real estate's depreciation where filed, else the company's D&A (a REIT's is nearly all real estate);
 * no gains filed is none to subtract. Null without net income or any depreciation.
 */
function ffo(row: PeriodRow): FinancialValue {
  const netIncome = get(row, 'net_income');
  const realEstate = get(row, 'real_estate_depreciation');
  const depreciation = realEstate.value != null ? realEstate : get(row, 'depreciation_amortization');
  const gains = get(row, 'gains_on_sale_of_real_estate');
  const missing = missingOf([
    ['netIncome', netIncome],
    [realEstate.value != null ? 'realEstateDepreciation' : 'depreciationAmortization', depreciation],
  ]);
  if (missing.length > 0) return incomplete(missing);
  const value = (netIncome.value as number) + (depreciation.value as number) - (gains.value ?? 0);
  return computed(value, netIncome, depreciation, gains);
}

function ffoPerShare(row: PeriodRow): FinancialValue {
  const total = ffo(row);
  const diluted = get(row, 'shares_diluted');
  const shares = diluted.value != null ? diluted : get(row, 'shares_basic');
  return computed(perShare(total.value, shares.value), total, shares);
}

export const KIND_COMPUTED: Partial<Record<FinancialMetric, Compute>> = {
  netInterestIncome: filedOrDifference(
    'net_interest_income',
    ['interestIncomeTotal', 'interest_income_total'],
    ['interestExpense', 'interest_expense'],
  ),
  netLoans: filedOrDifference(
    'net_loans',
    ['loans', 'loans'],
    ['allowanceForCreditLosses', 'allowance_for_credit_losses'],
  ),
  ffo,
  ffoPerShare,
  ffoPayoutRatio: (row) => {
    const [dps, perShareFfo] = [get(row, 'dividends_per_share'), ffoPerShare(row)];
    return computed(payoutRatio(dps.value, perShareFfo.value), dps, perShareFfo);
  },
};

/** The template lines read as filed (every line of every template that is not computed). */
export const KIND_FILED: FinancialMetric[] = [
  ...allTemplateLines('income-statement'),
  ...allTemplateLines('balance-sheet'),
].filter((name) => !Object.hasOwn(KIND_COMPUTED, name));
