import { z } from 'zod';
import { type FinancialMetric, financialGroups } from './financial-metrics.ts';
import { meaningfulFor, type StatementKind, statementKinds } from './statement-kinds.ts';

export { meaningfulFor, type StatementKind, statementKinds };

/*
 * Statement templates by kind of company (issue 32): a bank, an insurer and a REIT file other lines than
 * an industrial company, and some figures mean nothing for them (a bank's gross profit, EBITDA or net
 * cash). The kind is chosen from the SIC code and the facts present (statementKind); each template lists
 * the lines of the income statement and the balance sheet (the cash flow statement is the same for all);
 * meaningfulFor says which figures a kind shows at all (tables, key statistics, the screener).
 */
export const statementKind = z.enum(statementKinds).meta({
  description:
    'The statement template of the company: general, bank, insurer or reit (from its SIC code and the facts it files)',
});

/** The statements whose lines depend on the kind. */
export type TemplateStatement = 'income-statement' | 'balance-sheet' | 'cash-flow';

/** Every template's income statement ends as the general one does: from pretax income to dividends per share. */
const GENERAL_INCOME = financialGroups['income-statement'];
const SHARED_TAIL: FinancialMetric[] = GENERAL_INCOME.slice(
  GENERAL_INCOME.indexOf('pretaxIncome'),
  GENERAL_INCOME.indexOf('dividendsPerShare') + 1,
);
/** Every template's balance sheet ends with its debt, then the liabilities total and equity. */
const DEBT_AND_EQUITY: FinancialMetric[] = [
  'shortTermDebt',
  'longTermDebt',
  'totalDebt',
  'totalLiabilities',
  'commonStock',
  'additionalPaidInCapital',
  'retainedEarnings',
  'accumulatedOtherComprehensiveIncome',
  'treasuryStock',
  'equity',
  'minorityInterestEquity',
  'totalEquity',
  'liabilitiesAndEquity',
];

const TEMPLATES: Record<Exclude<StatementKind, 'general'>, Record<TemplateStatement, readonly FinancialMetric[]>> = {
  bank: {
    'income-statement': [
      'interestIncomeTotal',
      'interestExpense',
      'netInterestIncome',
      'provisionForCreditLosses',
      'noninterestIncome',
      'revenue',
      'noninterestExpense',
      ...SHARED_TAIL,
      'netMargin',
    ],
    'balance-sheet': [
      'cashAndDueFromBanks',
      'cash',
      'securitiesAvailableForSale',
      'securitiesHeldToMaturity',
      'loans',
      'allowanceForCreditLosses',
      'netLoans',
      'goodwill',
      'intangibles',
      'totalAssets',
      'deposits',
      ...DEBT_AND_EQUITY,
      'tangibleBookValue',
      'sharesOutstanding',
      'bookValuePerShare',
    ],
    'cash-flow': financialGroups['cash-flow'],
  },
  insurer: {
    'income-statement': [
      'premiumsEarned',
      'netInvestmentIncome',
      'realizedInvestmentGains',
      'revenue',
      'benefitsAndLosses',
      'policyAcquisitionCosts',
      'otherUnderwritingExpenses',
      'interestExpense',
      'totalBenefitsAndExpenses',
      ...SHARED_TAIL,
      'netMargin',
    ],
    'balance-sheet': [
      'cash',
      'investments',
      'receivables',
      'deferredAcquisitionCosts',
      'goodwill',
      'intangibles',
      'totalAssets',
      'futurePolicyBenefits',
      'unpaidClaimsReserve',
      'unearnedPremiums',
      ...DEBT_AND_EQUITY,
      'tangibleBookValue',
      'sharesOutstanding',
      'bookValuePerShare',
    ],
    'cash-flow': financialGroups['cash-flow'],
  },
  reit: {
    'income-statement': [
      'rentalRevenue',
      'revenue',
      'operatingExpenses',
      'generalAdmin',
      'realEstateDepreciation',
      'depreciationAmortization',
      'operatingIncome',
      'interestExpense',
      'gainsOnSaleOfRealEstate',
      ...SHARED_TAIL,
      'ffo',
      'ffoPerShare',
      'ffoPayoutRatio',
      'operatingMargin',
      'netMargin',
      'ebitda',
    ],
    'balance-sheet': [
      'cash',
      'realEstateInvestments',
      'realEstateAccumulatedDepreciation',
      'receivables',
      'goodwill',
      'intangibles',
      'operatingLeaseAssets',
      'otherNoncurrentAssets',
      'totalAssets',
      'accountsPayable',
      ...DEBT_AND_EQUITY,
      'netCash',
      'sharesOutstanding',
      'bookValuePerShare',
    ],
    'cash-flow': financialGroups['cash-flow'],
  },
};

/** The lines of a statement for a kind of company, in display order (general: the statement's group). */
export function templateLines(kind: StatementKind, statement: TemplateStatement): readonly FinancialMetric[] {
  return kind === 'general' ? financialGroups[statement] : TEMPLATES[kind][statement];
}

/** Every line any template shows in a statement (a call over companies of several kinds answers these). */
export function allTemplateLines(statement: TemplateStatement): FinancialMetric[] {
  return [...new Set(statementKinds.flatMap((kind) => templateLines(kind, statement)))];
}

/** The figures a kind leaves out, for the note beside its tables (metric names only). */
export function notMeaningfulMetrics(kind: StatementKind, statement: TemplateStatement): FinancialMetric[] {
  return financialGroups[statement].filter((metric) => !meaningfulFor(kind, metric));
}

/** SIC codes of each kind (SEC's list): commercial banks and savings institutions; insurance carriers; REITs. */
const BANK_SIC = new Set(['6021', '6022', '6029', '6035', '6036']);
const INSURER_SIC = new Set(['6311', '6321', '6331', '6351', '6361', '6399', '6411']);
const REIT_SIC = new Set(['6798']);

/**
 * The kind of a company from its SIC code and the metrics it has any value of: the SIC code proposes a
 * kind, which the facts must bear out (a bank files deposits or net interest income, an insurer premiums
 * earned, a REIT real estate or rental revenue), else general. Without a SIC code of a kind, a company
 * that files deposits, loans and net interest income together is a bank.
 */
export function statementKindOf(sic: string | null, present: ReadonlySet<string>): StatementKind {
  const has = (...names: FinancialMetric[]) => names.some((name) => present.has(name));
  if (sic && BANK_SIC.has(sic)) return has('deposits', 'netInterestIncome') ? 'bank' : 'general';
  if (sic && INSURER_SIC.has(sic)) return has('premiumsEarned') ? 'insurer' : 'general';
  if (sic && REIT_SIC.has(sic)) return has('realEstateInvestments', 'rentalRevenue') ? 'reit' : 'general';
  if (present.has('deposits') && present.has('netInterestIncome') && has('loans', 'netLoans')) return 'bank';
  return 'general';
}
