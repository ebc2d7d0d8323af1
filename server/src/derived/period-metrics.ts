import { type FinancialMetric, type FinancialValues, financialGroups } from '@app/contract';
import { cashPayoutRatio, payoutRatio } from '../finance/dividends.ts';
import {
  capitalAllocation,
  debtToEquity,
  incomeTaxRate,
  margins,
  perShare,
  returnOnAssets,
  returnOnEquity,
  returnOnInvestedCapital,
  sumOfKnown,
} from '../finance/statements.ts';
import { ratio } from '../finance/types.ts';
import { ebitda } from '../finance/valuation.ts';
import type { Cell, FinancialValue, PeriodRow } from './fiscal-periods.ts';
import { KIND_COMPUTED, KIND_FILED } from './kind-metrics.ts';
import {
  type Compute,
  computed,
  empty,
  filed,
  type Incomplete,
  incomplete,
  type MetricContext,
  missingOf,
  snake,
} from './metric-values.ts';

/*
 * Every metric of the financials calls and the sheets, computed for one fiscal period from its filed
 * line items (and the period before, for averages) with the pure finance functions. A computed value
 * carries the accessions of every filed value it used, so each number can be traced to its filings.
 */
export type { MetricContext } from './metric-values.ts';

/** A filed metric: its snake_case line item is named once, at module load, not per period. */
const item = (name: string): Compute => {
  const lineItem = snake(name);
  return (row) => filed(row, lineItem);
};
const get = (row: PeriodRow, name: string) => filed(row, name);

function freeCashFlow(row: PeriodRow): FinancialValue {
  const ocf = get(row, 'operating_cash_flow');
  const capex = get(row, 'capital_expenditure');
  return computed(capitalAllocation(allocationInput(row)).freeCashFlow, ocf, capex);
}

function allocationInput(row: PeriodRow) {
  const v = (name: string) => get(row, name).value;
  return {
    operatingCashFlow: v('operating_cash_flow'),
    dividendsPaid: v('dividends_paid'),
    buybacks: v('buybacks'),
    capitalExpenditure: v('capital_expenditure'),
    debtRepaid: v('debt_repaid'),
    debtIssued: v('debt_issued'),
    acquisitions: v('acquisitions'),
  };
}

/** Share of operating cash flow of one allocation line (dividends, buybacks...). */
const allocationShare =
  (
    line: 'dividends' | 'buybacks' | 'capitalExpenditure' | 'debtRepaid' | 'acquisitions',
    ...items: string[]
  ): Compute =>
  (row) =>
    computed(
      capitalAllocation(allocationInput(row))[line].ofOperatingCashFlow,
      get(row, 'operating_cash_flow'),
      ...items.map((i) => get(row, i)),
    );

function dividendsPerShare(row: PeriodRow, context: MetricContext): FinancialValue {
  const declared = get(row, 'dividends_per_share');
  if (declared.value != null) return declared;
  // No DPS filed: the cash dividends with ex-date inside the period (finance-definitions: by ex-date).
  if (!row.periodStart) return empty;
  const start = row.periodStart;
  let sum = 0;
  for (const d of context.dividends) if (d.exDate >= start && d.exDate <= row.periodEnd) sum += d.amount;
  return { value: sum, accessions: [], derived: true };
}

const perShareOf =
  (value: (row: PeriodRow) => FinancialValue): Compute =>
  (row) => {
    const v = value(row);
    const shares = get(row, 'shares_basic');
    return computed(perShare(v.value, shares.value), v, shares);
  };

const marginOf =
  (line: 'gross' | 'operating' | 'net', item: string): Compute =>
  (row) => {
    const revenue = get(row, 'revenue');
    const part = get(row, item);
    const m = margins(
      revenue.value,
      get(row, 'gross_profit').value,
      get(row, 'operating_income').value,
      get(row, 'net_income').value,
    );
    return computed(m[line], revenue, part);
  };

/** Cash and short-term investments: as filed, else cash plus the short-term investments filed beside it. */
function cashAndShortTerm(row: PeriodRow): FinancialValue {
  const filedSum = get(row, 'cash_and_short_term_investments');
  if (filedSum.value != null) return filedSum;
  const [cash, shortTerm] = [get(row, 'cash'), get(row, 'short_term_investments')];
  return computed(cash.value == null ? null : sumOfKnown(cash.value, shortTerm.value), cash, shortTerm);
}

/**
 * Total debt: as filed, else short-term plus long-term debt when both are known; else null, naming the
 * part that is missing (a bank whose long-term debt is not read must not show its short-term
 * borrowings as its total debt).
 */
function totalDebt(row: PeriodRow): FinancialValue {
  const total = get(row, 'total_debt');
  if (total.value != null) return total;
  const [short, long] = [get(row, 'short_term_debt'), get(row, 'long_term_debt')];
  const missing = missingOf([
    ['shortTermDebt', short],
    ['longTermDebt', long],
  ]);
  if (missing.length > 0) return incomplete(missing);
  return computed((short.value as number) + (long.value as number), short, long);
}

const COMPUTED: Partial<Record<FinancialMetric, Compute>> = {
  freeCashFlow,
  cashAndShortTermInvestments: cashAndShortTerm,
  totalDebt,
  effectiveTaxRate: (row) => {
    const [tax, pretax] = [get(row, 'income_tax'), get(row, 'pretax_income')];
    return computed(incomeTaxRate(tax.value, pretax.value), tax, pretax);
  },
  ebit: (row) => {
    const [pretax, interest] = [get(row, 'pretax_income'), get(row, 'interest_expense')];
    return computed(
      pretax.value == null || interest.value == null ? null : pretax.value + interest.value,
      pretax,
      interest,
    );
  },
  netCash: (row) => {
    const [cash, debt] = [cashAndShortTerm(row), totalDebt(row)];
    const missing = missingOf([
      ['cashAndShortTermInvestments', cash],
      ['totalDebt', debt],
    ]);
    if (missing.length > 0) return incomplete(missing);
    return computed((cash.value as number) - (debt.value as number), cash, debt);
  },
  workingCapital: (row) => {
    const [assets, liabilities] = [get(row, 'current_assets'), get(row, 'current_liabilities')];
    return computed(
      assets.value == null || liabilities.value == null ? null : assets.value - liabilities.value,
      assets,
      liabilities,
    );
  },
  tangibleBookValue: (row) => {
    const [equity, goodwill, intangibles] = [get(row, 'equity'), get(row, 'goodwill'), get(row, 'intangibles')];
    // A company without acquisitions files no goodwill: none is nothing to subtract.
    const value = equity.value == null ? null : equity.value - (goodwill.value ?? 0) - (intangibles.value ?? 0);
    return computed(value, equity, goodwill, intangibles);
  },
  freeCashFlowMargin: (row) => {
    const [fcf, revenue] = [freeCashFlow(row), get(row, 'revenue')];
    return computed(revenue.value != null && revenue.value > 0 ? ratio(fcf.value, revenue.value) : null, fcf, revenue);
  },
  // Operating income + D&A only when both are known: without D&A it would be EBIT under EBITDA's name.
  ebitda: (row) => {
    const op = get(row, 'operating_income');
    const da = get(row, 'depreciation_amortization');
    const missing = missingOf([
      ['operatingIncome', op],
      ['depreciationAmortization', da],
    ]);
    if (missing.length > 0) return incomplete(missing);
    return computed(ebitda(op.value, da.value), op, da);
  },
  grossMargin: marginOf('gross', 'gross_profit'),
  operatingMargin: marginOf('operating', 'operating_income'),
  netMargin: marginOf('net', 'net_income'),
  roe: (row, { previous }) => {
    const [ni, start, end] = [get(row, 'net_income'), filed(previous, 'equity'), get(row, 'equity')];
    return computed(returnOnEquity(ni.value, start.value, end.value), ni, start, end);
  },
  roa: (row, { previous }) => {
    const [ni, start, end] = [get(row, 'net_income'), filed(previous, 'total_assets'), get(row, 'total_assets')];
    return computed(returnOnAssets(ni.value, start.value, end.value), ni, start, end);
  },
  roic: (row) => {
    const v = (name: string) => get(row, name).value;
    const debt = totalDebt(row);
    const value = returnOnInvestedCapital({
      operatingIncome: v('operating_income'),
      incomeTax: v('income_tax'),
      pretaxIncome: v('pretax_income'),
      debt: debt.value,
      equity: v('equity'),
      cash: v('cash'),
    });
    const inputs = ['operating_income', 'income_tax', 'pretax_income'].map((name) => get(row, name));
    return computed(value, ...inputs, debt, get(row, 'equity'), get(row, 'cash'));
  },
  debtToEquity: (row) => {
    const [debt, equity] = [totalDebt(row), get(row, 'equity')];
    return computed(debtToEquity(debt.value, equity.value), debt, equity);
  },
  revenuePerShare: perShareOf((row) => get(row, 'revenue')),
  operatingCashFlowPerShare: perShareOf((row) => get(row, 'operating_cash_flow')),
  freeCashFlowPerShare: perShareOf(freeCashFlow),
  bookValuePerShare: (row) => {
    const equity = get(row, 'equity');
    const outstanding = get(row, 'shares_outstanding');
    const shares = outstanding.value != null ? outstanding : get(row, 'shares_basic');
    return computed(perShare(equity.value, shares.value), equity, shares);
  },
  dividendsPerShare,
  payoutRatio: (row, context) => {
    const dps = dividendsPerShare(row, context);
    const eps = get(row, 'eps_basic');
    return computed(payoutRatio(dps.value, eps.value), dps, eps);
  },
  cashPayoutRatio: (row) => {
    const a = allocationInput(row);
    const inputs = ['dividends_paid', 'operating_cash_flow', 'capital_expenditure'].map((n) => get(row, n));
    return computed(cashPayoutRatio(a.dividendsPaid, a.operatingCashFlow, a.capitalExpenditure), ...inputs);
  },
  dividendsOfOperatingCashFlow: allocationShare('dividends', 'dividends_paid'),
  buybacksOfOperatingCashFlow: allocationShare('buybacks', 'buybacks'),
  capitalExpenditureOfOperatingCashFlow: allocationShare('capitalExpenditure', 'capital_expenditure'),
  netDebtRepaid: (row) =>
    computed(
      capitalAllocation(allocationInput(row)).debtRepaid.amount,
      get(row, 'debt_repaid'),
      get(row, 'debt_issued'),
    ),
  netDebtRepaidOfOperatingCashFlow: allocationShare('debtRepaid', 'debt_repaid', 'debt_issued'),
  acquisitionsOfOperatingCashFlow: allocationShare('acquisitions', 'acquisitions'),
  ...KIND_COMPUTED,
};

/*
 * The lines of the three statements are filed line items, named in snake_case (grossProfit is filed as
 * gross_profit), except the ones computed above (free cash flow). Taken from the contract, so a line
 * added to a statement there is read here too; a metric in no statement needs a COMPUTED entry (a test
 * checks every contract metric has a computation).
 */
const FILED: FinancialMetric[] = [
  ...new Set([
    ...financialGroups['income-statement'],
    ...financialGroups['balance-sheet'],
    ...financialGroups['cash-flow'],
    ...KIND_FILED,
  ]),
].filter((name) => !Object.hasOwn(COMPUTED, name));

const METRICS = new Map<FinancialMetric, Compute>([
  ...FILED.map((name): [FinancialMetric, Compute] => [name, item(name)]),
  ...(Object.entries(COMPUTED) as [FinancialMetric, Compute][]),
]);

/** The requested metrics of one period, as the contract's values block (sources beside the numbers). */
export function metricValues(
  row: PeriodRow,
  metrics: readonly FinancialMetric[],
  context: MetricContext,
): FinancialValues {
  const out: FinancialValues = { values: {}, accessions: {}, derived: [] };
  for (const name of metrics) {
    const v = (METRICS.get(name) as Compute)(row, context);
    out.values[name] = v.value;
    if (v.value == null) {
      const missing = (v as Partial<Incomplete>).missing;
      // Said only where a total is null for a missing part (most answers have none: no key at all).
      if (missing && context.reasons) {
        out.incomplete ??= {};
        out.incomplete[name] = missing as FinancialMetric[];
      }
      continue;
    }
    // Shared arrays (a filed value's own): the response is serialised, never changed.
    if (v.accessions.length) out.accessions[name] = v.accessions as string[];
    if (v.derived) out.derived.push(name);
    // Only a filed value handed out as it is carries its first value: a ratio or a sum is built anew.
    const first = (v as Partial<Cell>).first;
    if (first && context.firstFiled) {
      out.firstFiled ??= {};
      const { value, accession, filed, latestFiled } = first;
      out.firstFiled[name] = { value, accession, filed, latestFiled };
    }
  }
  return out;
}

/**
 * The line items the metrics read, found by computing them once over empty periods that record every
 * lookup (with nothing filed, every fallback branch is taken, so every possible input is seen). Lets
 * the query read only those rows.
 */
export function lineItemsOf(metrics: readonly FinancialMetric[]): string[] {
  return inputsOf(metrics).lineItems;
}

/** The line items the metrics read, and whether any of them reads the dividends (else they need not be loaded). */
export function inputsOf(metrics: readonly FinancialMetric[]): { lineItems: string[]; dividends: boolean } {
  const seen = new Set<string>();
  let dividends = false;
  const recording = (): PeriodRow => ({
    index: 0,
    fiscalYear: 0,
    fiscalPeriod: 'FY',
    // A period with a start: the per-share fallback to the dividends by ex-date needs one.
    periodStart: '0000-01-01',
    periodEnd: '9999-12-31',
    items: {
      get(name: string) {
        seen.add(name);
        return undefined;
      },
    } as Map<string, Cell>,
  });
  metricValues(recording(), metrics, {
    previous: recording(),
    get dividends() {
      dividends = true;
      return [];
    },
  });
  return { lineItems: [...seen].sort(), dividends };
}

/** The metrics computed here (never a line item of the same name read as is, though some read it first). */
export const computedMetrics = (): FinancialMetric[] => Object.keys(COMPUTED) as FinancialMetric[];

/** Every metric of the contract has a computation (checked by a test). */
export const metricsWithComputation = (): FinancialMetric[] => [...METRICS.keys()];
