import { addDays } from '../../finance/types.ts';
import type { FactRecord } from '../types.ts';
import { filingLagDays } from './calendar.ts';
import { KIND_INSTANTS, kindLines } from './kind-statements.ts';
import type { DemoCompany } from './universe.ts';

/*
 * The demo companies' statements at the depth of the SEC ones (sources/sec-concepts.ts): the income
 * statement, balance sheet and cash flow line by line, consistent with each other. Built from the
 * quarter's core figures the generator draws (revenue, margins, assets, liabilities, cash), with no
 * draws of their own, so prices and the rest of the demo data are unchanged:
 * - income: operating expenses = R&D + SG&A; operating income = gross profit - operating expenses;
 *   income before tax = operating income - interest expense + interest income;
 * - balance sheet: the current and non-current parts add up to their totals, assets = liabilities +
 *   equity, equity = common stock + paid-in capital + retained earnings + AOCI - treasury stock;
 * - cash flow: operating + investing + financing = the net change in cash = cash at the end - at the
 *   start; dividends paid and buybacks as the generator plans them.
 * Amounts are whole dollars, the balancing line (other..., retained earnings) taken from rounded parts.
 */

/** One quarter as the generator draws it; `values` are its line items, completed here. */
export interface DemoQuarter {
  year: number;
  q: 1 | 2 | 3 | 4;
  start: string;
  end: string;
  revenue: number;
  netIncome: number;
  shares: number;
  values: Record<string, number>;
}

/** Balance-sheet line items: an annual value is the year end's, never a sum. */
export const DEMO_INSTANTS = new Set([
  'cash',
  'short_term_investments',
  'cash_and_short_term_investments',
  'receivables',
  'inventory',
  'prepaid_expenses',
  'other_current_assets',
  'current_assets',
  'property_plant_equipment',
  'operating_lease_assets',
  'long_term_investments',
  'goodwill',
  'intangibles',
  'deferred_tax_assets',
  'other_noncurrent_assets',
  'total_assets',
  'accounts_payable',
  'accrued_liabilities',
  'short_term_debt',
  'deferred_revenue',
  'operating_lease_liabilities_current',
  'other_current_liabilities',
  'current_liabilities',
  'long_term_debt',
  'operating_lease_liabilities',
  'deferred_revenue_noncurrent',
  'deferred_tax_liabilities',
  'other_noncurrent_liabilities',
  'total_liabilities',
  'common_stock',
  'additional_paid_in_capital',
  'retained_earnings',
  'accumulated_other_comprehensive_income',
  'treasury_stock',
  'equity',
  'total_equity',
  'liabilities_and_equity',
  'total_debt',
  ...KIND_INSTANTS,
]);

const round = Math.round;

/** A fast grower spends on research; a software-like one holds little inventory. */
const researchShare = (company: DemoCompany) => (company.profile === 'growth' ? 0.45 : 0.15);
const compensationShare = (company: DemoCompany) => (company.profile === 'growth' ? 0.06 : 0.015);

/**
 * Completes every quarter's line items from its core figures (in place). `dividendsPerYear` is the
 * generator's plan of dividends per share by year, in the share terms of each quarter's `shares`.
 */
export function completeStatements(
  qs: readonly DemoQuarter[],
  dividendsPerYear: ReadonlyMap<number, number>,
  company: DemoCompany,
): void {
  const firstAssets = qs[0]?.values.total_assets ?? 0;
  let previous: Record<string, number> | undefined;
  let treasury = 0;
  let paidIn = round(firstAssets * 0.15);
  for (const q of qs) {
    const v = q.values;
    for (const key of Object.keys(v)) v[key] = round(v[key] as number);
    incomeLines(v, company);
    const assets = v.total_assets as number;
    const liabilities = v.total_liabilities as number;
    const stockIssued = round((v.stock_based_compensation as number) * 0.1);
    paidIn += (v.stock_based_compensation as number) + stockIssued;
    treasury += v.buybacks as number;
    balanceLines(v, assets, liabilities, { commonStock: round(firstAssets * 0.001), paidIn, treasury });
    const dividends = round(((dividendsPerYear.get(q.year) ?? 0) / 4) * q.shares);
    cashFlowLines(v, previous, { dividends, stockIssued });
    kindLines(v, company);
    previous = v;
  }
}

function incomeLines(v: Record<string, number>, company: DemoCompany): void {
  const revenue = v.revenue as number;
  // Drawn unrounded: cost of revenue is what revenue leaves beyond gross profit, to the dollar.
  v.cost_of_revenue = revenue - (v.gross_profit as number);
  // Interest earned on cash and other non-operating income: income before tax stays as drawn, so
  // operating income is lower by as much.
  const interestIncome = round((v.cash as number) * 0.008);
  const otherIncome = round(revenue * 0.002);
  const operatingIncome = (v.operating_income as number) - interestIncome - otherIncome;
  const operatingExpenses = (v.gross_profit as number) - operatingIncome;
  const research = round(operatingExpenses * researchShare(company));
  const sga = operatingExpenses - research;
  const selling = round(sga * 0.55);
  Object.assign(v, {
    operating_income: operatingIncome,
    operating_expenses: operatingExpenses,
    research_development: research,
    selling_general_admin: sga,
    selling_marketing: selling,
    general_admin: sga - selling,
    interest_income: interestIncome,
    other_nonoperating_income: otherIncome,
    // Wholly owned: no share of income belongs to non-controlling interests.
    minority_interest: 0,
    stock_based_compensation: round(revenue * compensationShare(company)),
    deferred_income_tax: round((v.income_tax as number) * 0.05),
    income_continuing_operations: v.net_income as number,
    net_income_including_noncontrolling: v.net_income as number,
    net_income_common: v.net_income as number,
  });
}

function balanceLines(
  v: Record<string, number>,
  assets: number,
  liabilities: number,
  equityParts: { commonStock: number; paidIn: number; treasury: number },
): void {
  const current = v.current_assets as number;
  const cash = v.cash as number;
  const shortTerm = round(assets * 0.04);
  const receivables = round(Math.min((v.revenue as number) * 0.6, assets * 0.08));
  const inventory = round(Math.min((v.cost_of_revenue as number) * 0.5, assets * 0.06));
  const prepaid = round(assets * 0.01);
  const ppe = round(assets * 0.3);
  const leaseAssets = round(assets * 0.04);
  const investments = round(assets * 0.05);
  const goodwill = round(assets * 0.1);
  const intangibles = round(assets * 0.05);
  const taxAssets = round(assets * 0.01);
  const debt = v.total_debt as number;
  const currentLiabilities = v.current_liabilities as number;
  const payables = round(assets * 0.05);
  const accrued = round(assets * 0.04);
  const shortDebt = round(debt * 0.1);
  const deferredRevenue = round(assets * 0.02);
  const leaseCurrent = round(assets * 0.005);
  const longDebt = debt - shortDebt;
  const leaseNoncurrent = round(assets * 0.02);
  const deferredNoncurrent = round(assets * 0.003);
  const taxLiabilities = round(assets * 0.01);
  const equity = assets - liabilities;
  const aoci = -round(assets * 0.005);
  Object.assign(v, {
    short_term_investments: shortTerm,
    cash_and_short_term_investments: cash + shortTerm,
    receivables,
    inventory,
    prepaid_expenses: prepaid,
    other_current_assets: current - cash - shortTerm - receivables - inventory - prepaid,
    property_plant_equipment: ppe,
    operating_lease_assets: leaseAssets,
    long_term_investments: investments,
    goodwill,
    intangibles,
    deferred_tax_assets: taxAssets,
    other_noncurrent_assets: assets - current - ppe - leaseAssets - investments - goodwill - intangibles - taxAssets,
    accounts_payable: payables,
    accrued_liabilities: accrued,
    short_term_debt: shortDebt,
    deferred_revenue: deferredRevenue,
    operating_lease_liabilities_current: leaseCurrent,
    other_current_liabilities: currentLiabilities - payables - accrued - shortDebt - deferredRevenue - leaseCurrent,
    long_term_debt: longDebt,
    operating_lease_liabilities: leaseNoncurrent,
    deferred_revenue_noncurrent: deferredNoncurrent,
    deferred_tax_liabilities: taxLiabilities,
    other_noncurrent_liabilities:
      liabilities - currentLiabilities - longDebt - leaseNoncurrent - deferredNoncurrent - taxLiabilities,
    equity,
    total_equity: equity,
    liabilities_and_equity: assets,
    common_stock: equityParts.commonStock,
    additional_paid_in_capital: equityParts.paidIn,
    accumulated_other_comprehensive_income: aoci,
    treasury_stock: equityParts.treasury,
    retained_earnings: equity - equityParts.commonStock - equityParts.paidIn - aoci + equityParts.treasury,
  });
}

function cashFlowLines(
  v: Record<string, number>,
  previous: Record<string, number> | undefined,
  parts: { dividends: number; stockIssued: number },
): void {
  const before = previous ?? v;
  const change = (item: string) => (v[item] as number) - (before[item] as number);
  const operating = v.operating_cash_flow as number;
  const financing =
    (v.debt_issued as number) -
    (v.debt_repaid as number) +
    parts.stockIssued -
    (v.buybacks as number) -
    parts.dividends;
  const netChange = change('cash');
  // Investments bought and sold take up what the cash on the balance sheet says was left over.
  const spent = (v.capital_expenditure as number) + (v.acquisitions as number);
  const investing = netChange - operating - financing;
  const base = round((v.total_assets as number) * 0.01);
  const fromInvestments = investing + spent;
  Object.assign(v, {
    dividends_paid: parts.dividends,
    stock_issued: parts.stockIssued,
    change_in_receivables: change('receivables'),
    change_in_inventory: change('inventory'),
    change_in_payables: change('accounts_payable'),
    purchases_of_investments: base + Math.max(0, -fromInvestments),
    sales_of_investments: base + Math.max(0, fromInvestments),
    investing_cash_flow: investing,
    financing_cash_flow: financing,
    effect_of_exchange_rate: 0,
    net_cash_flow: netChange,
    interest_paid: v.interest_expense as number,
    income_taxes_paid: round((v.income_tax as number) * 0.95),
  });
}

/** Quarterly and annual facts of the quarters: annual flows are the sums of the quarters, stocks the year end. */
export function statementFacts(
  qs: readonly DemoQuarter[],
  dividendsPerYear: ReadonlyMap<number, number>,
  startDay: string,
  ratioOn: (day: string) => number,
  ticker: string,
): FactRecord[] {
  const facts: FactRecord[] = [];
  // The filing day of a quarter's facts (the company's own lag, calendar.ts): once per quarter, not per fact.
  const filedDays = new Map<string, string>();
  const filedOn = (end: string, days: number) => {
    const key = `${end}+${days}`;
    let filed = filedDays.get(key);
    if (filed === undefined) {
      filed = addDays(end, days);
      filedDays.set(key, filed);
    }
    return filed;
  };
  const fact = (
    q: DemoQuarter,
    lineItem: string,
    period: 'annual' | 'quarterly',
    value: number,
    unit = 'USD',
    derived = false,
  ): FactRecord => {
    const annual = period === 'annual';
    return {
      lineItem,
      period,
      periodStart:
        DEMO_INSTANTS.has(lineItem) || lineItem === 'shares_outstanding' ? null : annual ? `${q.year}-01-01` : q.start,
      periodEnd: q.end,
      fiscalYear: q.year,
      fiscalPeriod: annual ? 'FY' : (`Q${q.q}` as FactRecord['fiscalPeriod']),
      value: unit === 'USD' ? Math.round(value) : Number(value.toPrecision(10)),
      unit,
      concept: 'demo',
      accession: null,
      form: null,
      filed: filedOn(q.end, filingLagDays(ticker, annual || q.q === 4)),
      derived,
    };
  };
  const years = [...new Set(qs.map((q) => q.year))];
  for (const year of years) {
    const inYear = qs.filter((q) => q.year === year);
    const last = inYear.at(-1) as DemoQuarter;
    if (last.end < startDay) continue;
    for (const q of inYear) {
      const r = ratioOn(q.end);
      for (const [item, value] of Object.entries(q.values))
        facts.push(fact(q, item, 'quarterly', value, 'USD', q.q === 4 && !DEMO_INSTANTS.has(item)));
      const shares = q.shares / r;
      const dpsQ = ((dividendsPerYear.get(year) ?? 0) / 4) * r;
      facts.push(fact(q, 'shares_basic', 'quarterly', shares, 'shares'));
      facts.push(fact(q, 'shares_diluted', 'quarterly', shares * 1.01, 'shares'));
      facts.push(fact(q, 'shares_outstanding', 'quarterly', shares, 'shares'));
      facts.push(fact(q, 'eps_basic', 'quarterly', q.netIncome / shares, 'USD/shares', q.q === 4));
      facts.push(fact(q, 'eps_diluted', 'quarterly', q.netIncome / (shares * 1.01), 'USD/shares', q.q === 4));
      facts.push(fact(q, 'dividends_per_share', 'quarterly', dpsQ, 'USD/shares', q.q === 4));
    }
    if (inYear.length < 4) continue;
    const r = ratioOn(last.end);
    for (const item of Object.keys(last.values)) {
      const value = DEMO_INSTANTS.has(item)
        ? (last.values[item] as number)
        : inYear.reduce((s, q) => s + (q.values[item] as number), 0);
      facts.push(fact(last, item, 'annual', value));
    }
    const avgShares = inYear.reduce((s, q) => s + q.shares / r, 0) / 4;
    const netIncome = inYear.reduce((s, q) => s + q.netIncome, 0);
    const dps = (dividendsPerYear.get(year) ?? 0) * r;
    facts.push(fact(last, 'shares_basic', 'annual', avgShares, 'shares'));
    facts.push(fact(last, 'shares_diluted', 'annual', avgShares * 1.01, 'shares'));
    facts.push(fact(last, 'shares_outstanding', 'annual', last.shares / r, 'shares'));
    facts.push(fact(last, 'eps_basic', 'annual', netIncome / avgShares, 'USD/shares'));
    facts.push(fact(last, 'eps_diluted', 'annual', netIncome / (avgShares * 1.01), 'USD/shares'));
    facts.push(fact(last, 'dividends_per_share', 'annual', dps, 'USD/shares'));
  }
  return facts;
}
