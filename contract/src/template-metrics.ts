/*
 * The lines only the statement templates of banks, insurers and REITs show (statement-templates.ts),
 * in the vocabulary of financial-metrics.ts (which spreads them into financialMetricInfo). Units as there.
 */
type Unit = 'currency' | 'currency/share' | 'shares' | 'ratio';
const m = (unit: Unit, description: string) => ({ unit, description });

export const templateMetricInfo = {
  // Banks
  interestIncomeTotal: m('currency', 'Interest and dividend income (total: loans, securities, deposits)'),
  netInterestIncome: m('currency', 'Net interest income = interest income - interest expense'),
  provisionForCreditLosses: m('currency', 'Provision for credit losses'),
  noninterestIncome: m('currency', 'Noninterest income (fees, trading, other)'),
  noninterestExpense: m('currency', 'Noninterest expense'),
  cashAndDueFromBanks: m('currency', 'Cash and due from banks'),
  securitiesAvailableForSale: m('currency', 'Securities available for sale'),
  securitiesHeldToMaturity: m('currency', 'Securities held to maturity'),
  loans: m('currency', 'Loans (before the allowance for credit losses)'),
  allowanceForCreditLosses: m('currency', 'Allowance for credit losses on loans'),
  netLoans: m('currency', 'Net loans (after the allowance)'),
  deposits: m('currency', 'Deposits'),
  // Insurers
  premiumsEarned: m('currency', 'Premiums earned (net)'),
  netInvestmentIncome: m('currency', 'Net investment income'),
  realizedInvestmentGains: m('currency', 'Realized investment gains (losses)'),
  benefitsAndLosses: m('currency', 'Policyholder benefits, claims and losses incurred'),
  policyAcquisitionCosts: m('currency', 'Amortisation of deferred policy acquisition costs'),
  otherUnderwritingExpenses: m('currency', 'Other underwriting expenses'),
  totalBenefitsAndExpenses: m('currency', 'Total benefits, losses and expenses'),
  investments: m('currency', 'Total investments'),
  deferredAcquisitionCosts: m('currency', 'Deferred policy acquisition costs'),
  futurePolicyBenefits: m('currency', 'Liability for future policy benefits (reserves)'),
  unpaidClaimsReserve: m('currency', 'Liability for unpaid claims and claim adjustment expenses (reserves)'),
  unearnedPremiums: m('currency', 'Unearned premiums'),
  // REITs
  rentalRevenue: m('currency', 'Rental revenue (lease income)'),
  realEstateDepreciation: m('currency', 'Depreciation of real estate'),
  gainsOnSaleOfRealEstate: m('currency', 'Gains (losses) on sales of real estate'),
  realEstateInvestments: m('currency', 'Real estate investments (net of accumulated depreciation)'),
  realEstateAccumulatedDepreciation: m('currency', 'Accumulated depreciation of real estate'),
  ffo: m(
    'currency',
    'Funds from operations = net income + real-estate depreciation and amortisation - gains on sales of real estate',
  ),
  ffoPerShare: m('currency/share', 'FFO / weighted average diluted shares (basic where diluted is not filed)'),
  ffoPayoutRatio: m('ratio', 'Dividends per share / FFO per share; null when FFO <= 0'),
} as const satisfies Record<string, { unit: Unit; description: string }>;
