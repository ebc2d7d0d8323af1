import { type StatementKind, statementKindOf, templateLines } from '@app/contract';
import { addDays } from '../../finance/types.ts';
import type { FactRecord } from '../types.ts';
import type { DemoCompany } from './universe.ts';

/*
 * The lines of the bank, insurer and REIT statement templates (contract statement-templates.ts) for the
 * demo companies of those kinds (by SIC code: BQNK a bank, ZINS an insurer, the REITs), built from the
 * quarter's lines statements.ts completed, with no draws of their own, and consistent with them:
 * - bank: revenue = net interest income + noninterest income; net interest income = interest income -
 *   interest expense; income before tax = revenue - provision for credit losses - noninterest expense;
 *   net loans = loans - allowance;
 * - insurer: revenue = premiums earned + net investment income + realized gains; income before tax =
 *   revenue - total benefits and expenses, which is benefits + acquisition costs + other underwriting
 *   expenses + interest expense;
 * - REIT: rental revenue and gains on sales within revenue, real-estate depreciation within D&A, real
 *   estate net of its accumulated depreciation.
 */

/** Balance-sheet lines of the templates: an annual value is the year end's, never a sum (statements.ts). */
export const KIND_INSTANTS = [
  'cash_and_due_from_banks',
  'securities_available_for_sale',
  'securities_held_to_maturity',
  'loans',
  'allowance_for_credit_losses',
  'net_loans',
  'deposits',
  'investments',
  'deferred_acquisition_costs',
  'unpaid_claims_reserve',
  'unearned_premiums',
  'real_estate_investments',
  'real_estate_accumulated_depreciation',
];

const round = Math.round;

/** The demo company's statement kind, from its SIC code (its facts are made to bear it out). */
export const demoKind = (company: DemoCompany) =>
  statementKindOf(company.sic, new Set(['deposits', 'netInterestIncome', 'premiumsEarned', 'realEstateInvestments']));

/** Adds the template's lines of the company's kind to one quarter's completed lines (in place). */
export function kindLines(v: Record<string, number>, company: DemoCompany): void {
  const kind = demoKind(company);
  withoutGeneralLines(v, kind);
  const n = (item: string) => v[item] as number;
  const revenue = n('revenue');
  const assets = n('total_assets');
  const liabilities = n('total_liabilities');
  const pretax = n('pretax_income');
  if (kind === 'bank') {
    const noninterestIncome = round(revenue * 0.3);
    const netInterest = revenue - noninterestIncome;
    const provision = round(revenue * 0.05);
    const loans = round(assets * 0.6);
    const allowance = round(loans * 0.012);
    Object.assign(v, {
      interest_income_total: netInterest + n('interest_expense'),
      net_interest_income: netInterest,
      noninterest_income: noninterestIncome,
      provision_for_credit_losses: provision,
      noninterest_expense: revenue - provision - pretax,
      cash_and_due_from_banks: round(n('cash') * 0.2),
      securities_available_for_sale: round(assets * 0.1),
      securities_held_to_maturity: round(assets * 0.08),
      loans,
      allowance_for_credit_losses: allowance,
      net_loans: loans - allowance,
      deposits: round(liabilities * 0.8),
    });
  } else if (kind === 'insurer') {
    const premiums = round(revenue * 0.85);
    const investmentIncome = round(revenue * 0.12);
    const benefits = round(premiums * 0.65);
    const acquisition = round(premiums * 0.15);
    const total = revenue - pretax;
    Object.assign(v, {
      premiums_earned: premiums,
      net_investment_income: investmentIncome,
      realized_investment_gains: revenue - premiums - investmentIncome,
      benefits_and_losses: benefits,
      policy_acquisition_costs: acquisition,
      other_underwriting_expenses: total - benefits - acquisition - n('interest_expense'),
      total_benefits_and_expenses: total,
      investments: round(assets * 0.7),
      deferred_acquisition_costs: round(assets * 0.02),
      unpaid_claims_reserve: round(liabilities * 0.5),
      unearned_premiums: round(liabilities * 0.15),
    });
  } else if (kind === 'reit') {
    const realEstate = round(assets * 0.8);
    Object.assign(v, {
      rental_revenue: round(revenue * 0.92),
      gains_on_sale_of_real_estate: round(revenue * 0.01),
      real_estate_depreciation: round(n('depreciation_amortization') * 0.95),
      real_estate_investments: realEstate,
      real_estate_accumulated_depreciation: round(realEstate * 0.25),
    });
  }
}

/**
 * A few restatements, as later filings make them (the restatement ledger, issue 32): for one company in
 * three (by its ticker), the revenue and net income of the year before last as first filed, 40 days after
 * the year's end, were 2 % and 5 % higher than an amendment 20 days later gives them (the latest values,
 * the ones the statements show), both kept as the fact's versions. No draw of their own: the rest of the demo data is unchanged.
 */
export function demoRestatements(facts: FactRecord[], ticker: string): void {
  const code = [...ticker].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  if (code % 3 !== 0) return;
  const years = [...new Set(facts.filter((f) => f.period === 'annual').map((f) => f.fiscalYear))].sort();
  const year = years.at(-2);
  if (year === undefined) return;
  const higher: Record<string, number> = { revenue: 1.02, net_income: 1.05 };
  for (const f of facts) {
    const factor = higher[f.lineItem];
    if (f.period !== 'annual' || f.fiscalYear !== year || factor === undefined) continue;
    f.firstFiled = { value: Math.round(f.value * factor), accession: null, filed: f.filed && addDays(f.filed, -20) };
    // As filed on a day: the first value until the amendment's day, the latest from it on.
    f.versions = [f.firstFiled, { value: f.value, accession: f.accession, filed: f.filed }];
  }
}

/** The general template's expense lines a bank, an insurer or a REIT does not file (issue 42: no R&D for a bank). */
const GENERAL_ONLY = ['research_development', 'selling_general_admin', 'selling_marketing', 'general_admin'];
const camel = (item: string) => item.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Leaves out of one quarter's lines those its kind's income statement does not list (contract templates). */
function withoutGeneralLines(v: Record<string, number>, kind: StatementKind): void {
  if (kind === 'general') return;
  const own = new Set<string>(templateLines(kind, 'income-statement'));
  for (const item of GENERAL_ONLY) if (!own.has(camel(item))) delete v[item];
}
