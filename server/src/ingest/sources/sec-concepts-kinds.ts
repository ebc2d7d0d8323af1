import { flow, instant, type LineItemSpec } from './sec-concept-spec.ts';

/*
 * The concept chains of the lines only banks, insurers and REITs file (the statement templates of
 * contract/src/statement-templates.ts); sec-concepts.ts says how a chain is read.
 */
export const KIND_LINES: LineItemSpec[] = [
  // Banks: the income statement
  flow('interest_income_total', 'InterestAndDividendIncomeOperating', 'InterestIncomeOperating'),
  flow('net_interest_income', 'InterestIncomeExpenseNet', 'InterestIncomeExpenseOperatingNet'),
  flow(
    'provision_for_credit_losses',
    'ProvisionForLoanLeaseAndOtherLosses',
    'ProvisionForLoanAndLeaseLosses',
    'CreditLossExpenseReversal',
    'ProvisionForLoanLossesExpensed',
  ),
  flow('noninterest_income', 'NoninterestIncome'),
  flow('noninterest_expense', 'NoninterestExpense'),
  // Banks: the balance sheet
  instant('cash_and_due_from_banks', 'CashAndDueFromBanks'),
  instant('securities_available_for_sale', 'AvailableForSaleSecuritiesDebtSecurities', 'AvailableForSaleSecurities'),
  instant(
    'securities_held_to_maturity',
    'HeldToMaturitySecuritiesAmortizedCostAfterAllowanceForCreditLoss',
    'HeldToMaturitySecurities',
  ),
  instant(
    'loans',
    'FinancingReceivableExcludingAccruedInterestBeforeAllowanceForCreditLoss',
    'LoansAndLeasesReceivableNetOfDeferredIncome',
    'LoansAndLeasesReceivableGrossCarryingAmount',
  ),
  instant(
    'allowance_for_credit_losses',
    'FinancingReceivableAllowanceForCreditLossExcludingAccruedInterest',
    'FinancingReceivableAllowanceForCreditLosses',
    'LoansAndLeasesReceivableAllowance',
  ),
  instant(
    'net_loans',
    'FinancingReceivableExcludingAccruedInterestAfterAllowanceForCreditLoss',
    'LoansAndLeasesReceivableNetReportedAmount',
  ),
  instant('deposits', 'Deposits'),
  // Insurers
  flow('premiums_earned', 'PremiumsEarnedNet', 'PremiumsEarnedNetPropertyAndCasualty'),
  flow('net_investment_income', 'NetInvestmentIncome'),
  flow('realized_investment_gains', 'RealizedInvestmentGainsLosses'),
  flow('benefits_and_losses', 'PolicyholderBenefitsAndClaimsIncurredNet', 'IncurredClaimsPropertyCasualtyAndLiability'),
  flow('policy_acquisition_costs', 'DeferredPolicyAcquisitionCostAmortizationExpense'),
  flow('other_underwriting_expenses', 'OtherUnderwritingExpense'),
  flow('total_benefits_and_expenses', 'BenefitsLossesAndExpenses'),
  instant('investments', 'Investments'),
  instant('deferred_acquisition_costs', 'DeferredPolicyAcquisitionCosts'),
  instant('future_policy_benefits', 'LiabilityForFuturePolicyBenefits'),
  instant(
    'unpaid_claims_reserve',
    'LiabilityForClaimsAndClaimsAdjustmentExpense',
    'LiabilityForUnpaidClaimsAndClaimsAdjustmentExpenseNet',
  ),
  instant('unearned_premiums', 'UnearnedPremiums'),
  // REITs
  flow(
    'rental_revenue',
    'OperatingLeaseLeaseIncome',
    'OperatingLeasesIncomeStatementLeaseRevenue',
    'RealEstateRevenueNet',
  ),
  flow('real_estate_depreciation', 'RealEstateAccumulatedDepreciationDepreciationExpense'),
  flow(
    'gains_on_sale_of_real_estate',
    'GainsLossesOnSalesOfInvestmentRealEstate',
    'GainLossOnSaleOfProperties',
    'GainLossOnSaleOfPropertiesNetOfApplicableIncomeTaxes',
  ),
  instant('real_estate_investments', 'RealEstateInvestmentPropertyNet'),
  instant('real_estate_accumulated_depreciation', 'RealEstateInvestmentPropertyAccumulatedDepreciation'),
];
