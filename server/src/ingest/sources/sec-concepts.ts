/*
 * XBRL concepts -> our line items, each with a fallback chain: the first concept in the chain that has
 * a value for a period wins for that period. Companies and taxonomy years differ (revenue is
 * RevenueFromContractWithCustomerExcludingAssessedTax from 2018, SalesRevenueNet before), and foreign
 * filers of 20-F and 40-F reports use the IFRS taxonomy (`ifrs-full:`) instead of us-gaap: both chains
 * sit in one list, a company files one of them. A bare name is us-gaap.
 * `flow` items are sums over a period (income and cash-flow statements); the others are stocks at an
 * instant (balance sheet, shares outstanding).
 * Units: `money` is the company's reporting currency (USD, EUR, BRL: an ISO code as the unit key),
 * `perShare` that currency per share (EUR/shares), `shares` a count.
 */

import { flow, ifrs, type LineItemSpec } from './sec-concept-spec.ts';
import { BALANCE } from './sec-concepts-balance.ts';
import { KIND_LINES } from './sec-concepts-kinds.ts';

export type { LineItemKind, LineItemSpec, UnitKind } from './sec-concept-spec.ts';

const INCOME: LineItemSpec[] = [
  // The total first: a company that tags its total revenues (Revenues) beside its net sales (revenue from
  // contracts with customers) for the same period has revenue = the total; the part is sales_revenue.
  flow(
    'revenue',
    'Revenues',
    // A bank's total net revenue (net interest income + noninterest income).
    'RevenuesNetOfInterestExpense',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'SalesRevenueNet',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
    'SalesRevenueGoodsNet',
    ...ifrs('Revenue', 'RevenueFromContractsWithCustomers'),
  ),
  // A part of revenue, kept only for the periods where it differs from the total (sec-statements.ts).
  flow(
    'sales_revenue',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'SalesRevenueNet',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
    'SalesRevenueGoodsNet',
    ...ifrs('RevenueFromContractsWithCustomers'),
  ),
  flow(
    'cost_of_revenue',
    'CostOfGoodsAndServicesSold',
    'CostOfRevenue',
    'CostOfGoodsSold',
    'CostOfServices',
    ...ifrs('CostOfSales'),
  ),
  flow('gross_profit', 'GrossProfit', ...ifrs('GrossProfit')),
  flow(
    'research_development',
    'ResearchAndDevelopmentExpense',
    'ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost',
    ...ifrs('ResearchAndDevelopmentExpense'),
  ),
  flow(
    'selling_general_admin',
    'SellingGeneralAndAdministrativeExpense',
    ...ifrs('SellingGeneralAndAdministrativeExpense'),
  ),
  flow(
    'selling_marketing',
    'SellingAndMarketingExpense',
    'MarketingAndAdvertisingExpense',
    ...ifrs('DistributionCosts'),
  ),
  flow('general_admin', 'GeneralAndAdministrativeExpense', ...ifrs('AdministrativeExpense')),
  flow(
    'other_operating_expenses',
    'OtherCostAndExpenseOperating',
    ...ifrs('OtherExpenseByNature', 'OtherOperatingExpense'),
  ),
  flow('operating_expenses', 'OperatingExpenses', 'CostsAndExpenses'),
  flow('operating_income', 'OperatingIncomeLoss', ...ifrs('ProfitLossFromOperatingActivities')),
  flow(
    'interest_income',
    'InvestmentIncomeInterest',
    'InterestIncomeOther',
    'InvestmentIncomeInterestAndDividend',
    ...ifrs('FinanceIncome', 'InterestIncomeOnFinancialAssetsAtAmortisedCost'),
  ),
  flow(
    'interest_expense',
    'InterestExpense',
    'InterestExpenseNonoperating',
    'InterestExpenseDebt',
    'InterestAndDebtExpense',
    // A bank's total interest expense (deposits and borrowings) from the 2023 taxonomy on.
    'InterestExpenseOperating',
    ...ifrs('FinanceCosts', 'InterestExpense'),
  ),
  flow(
    'equity_method_income',
    'IncomeLossFromEquityMethodInvestments',
    ...ifrs('ShareOfProfitLossOfAssociatesAndJointVenturesAccountedForUsingEquityMethod'),
  ),
  flow('other_nonoperating_income', 'NonoperatingIncomeExpense', 'OtherNonoperatingIncomeExpense'),
  flow(
    'pretax_income',
    'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest',
    'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
    'IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic',
    ...ifrs('ProfitLossBeforeTax'),
  ),
  flow(
    'income_tax',
    'IncomeTaxExpenseBenefit',
    ...ifrs('IncomeTaxExpenseContinuingOperations', 'IncomeTaxExpenseBenefit'),
  ),
  flow(
    'income_continuing_operations',
    'IncomeLossFromContinuingOperations',
    'IncomeLossFromContinuingOperationsIncludingPortionAttributableToNoncontrollingInterest',
    ...ifrs('ProfitLossFromContinuingOperations'),
  ),
  flow(
    'discontinued_operations',
    'IncomeLossFromDiscontinuedOperationsNetOfTax',
    'IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity',
    ...ifrs('ProfitLossFromDiscontinuedOperations'),
  ),
  flow('net_income_including_noncontrolling', 'ProfitLoss', ...ifrs('ProfitLoss')),
  flow(
    'minority_interest',
    'NetIncomeLossAttributableToNoncontrollingInterest',
    ...ifrs('ProfitLossAttributableToNoncontrollingInterests'),
  ),
  flow('net_income', 'NetIncomeLoss', 'ProfitLoss', ...ifrs('ProfitLossAttributableToOwnersOfParent', 'ProfitLoss')),
  flow('preferred_dividends', 'PreferredStockDividendsIncomeStatementImpact', 'DividendsPreferredStock'),
  // Without preferred stock, a company does not file what is left to common shareholders: all of it is.
  flow(
    'net_income_common',
    'NetIncomeLossAvailableToCommonStockholdersBasic',
    'NetIncomeLoss',
    ...ifrs('ProfitLossAttributableToOrdinaryEquityHoldersOfParentEntity', 'ProfitLossAttributableToOwnersOfParent'),
  ),
  {
    item: 'eps_basic',
    kind: 'flow',
    unit: 'perShare',
    concepts: ['EarningsPerShareBasic', 'EarningsPerShareBasicAndDiluted', ...ifrs('BasicEarningsLossPerShare')],
  },
  {
    item: 'eps_diluted',
    kind: 'flow',
    unit: 'perShare',
    concepts: ['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted', ...ifrs('DilutedEarningsLossPerShare')],
  },
  {
    item: 'shares_basic',
    kind: 'flow',
    unit: 'shares',
    concepts: ['WeightedAverageNumberOfSharesOutstandingBasic', ...ifrs('WeightedAverageShares')],
  },
  {
    item: 'shares_diluted',
    kind: 'flow',
    unit: 'shares',
    concepts: [
      'WeightedAverageNumberOfDilutedSharesOutstanding',
      ...ifrs('AdjustedWeightedAverageShares', 'WeightedAverageShares'),
    ],
  },
  {
    item: 'dividends_per_share',
    kind: 'flow',
    unit: 'perShare',
    concepts: [
      'CommonStockDividendsPerShareDeclared',
      'CommonStockDividendsPerShareCashPaid',
      ...ifrs(
        'DividendsRecognisedAsDistributionsToOwnersPerShare',
        'DividendsPaidOrdinarySharesPerShare',
        'DividendsProposedOrDeclaredBeforeFinancialStatementsAuthorisedForIssueButNotRecognisedAsDistributionToOwnersPerShare',
      ),
    ],
  },
];

const CASH_FLOW: LineItemSpec[] = [
  flow(
    'depreciation_amortization',
    'DepreciationDepletionAndAmortization',
    'DepreciationAndAmortization',
    'DepreciationAmortizationAndAccretionNet',
    'Depreciation',
    ...ifrs(
      'AdjustmentsForDepreciationAndAmortisationExpense',
      'DepreciationAndAmortisationExpense',
      'DepreciationAmortisationAndImpairmentLossReversalOfImpairmentLossRecognisedInProfitOrLoss',
      'AdjustmentsForDepreciationAmortisationAndImpairmentLossReversalOfImpairmentLossRecognisedInProfitOrLoss',
    ),
  ),
  flow(
    'stock_based_compensation',
    'ShareBasedCompensation',
    'AllocatedShareBasedCompensationExpense',
    ...ifrs('AdjustmentsForSharebasedPayments', 'ExpenseFromSharebasedPaymentTransactionsWithEmployees'),
  ),
  flow(
    'deferred_income_tax',
    'DeferredIncomeTaxExpenseBenefit',
    'DeferredIncomeTaxesAndTaxCredits',
    ...ifrs('DeferredTaxExpenseIncome'),
  ),
  flow('change_in_receivables', 'IncreaseDecreaseInAccountsReceivable', 'IncreaseDecreaseInReceivables'),
  flow('change_in_inventory', 'IncreaseDecreaseInInventories'),
  flow(
    'change_in_payables',
    'IncreaseDecreaseInAccountsPayable',
    'IncreaseDecreaseInAccountsPayableAndAccruedLiabilities',
  ),
  flow(
    'operating_cash_flow',
    'NetCashProvidedByUsedInOperatingActivities',
    'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
    ...ifrs('CashFlowsFromUsedInOperatingActivities'),
  ),
  flow(
    'capital_expenditure',
    'PaymentsToAcquirePropertyPlantAndEquipment',
    'PaymentsToAcquireProductiveAssets',
    ...ifrs(
      'PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities',
      'PurchaseOfPropertyPlantAndEquipment',
    ),
  ),
  flow(
    'acquisitions',
    'PaymentsToAcquireBusinessesNetOfCashAcquired',
    ...ifrs('CashFlowsUsedInObtainingControlOfSubsidiariesOrOtherBusinessesClassifiedAsInvestingActivities'),
  ),
  flow(
    'purchases_of_investments',
    'PaymentsToAcquireInvestments',
    'PaymentsToAcquireAvailableForSaleSecuritiesDebt',
    'PaymentsToAcquireMarketableSecurities',
    ...ifrs('PurchaseOfFinancialInstrumentsClassifiedAsInvestingActivities'),
  ),
  flow(
    'sales_of_investments',
    'ProceedsFromSaleMaturityAndCollectionsOfInvestments',
    'ProceedsFromMaturitiesPrepaymentsAndCallsOfAvailableForSaleSecurities',
    'ProceedsFromSaleAndMaturityOfMarketableSecurities',
    ...ifrs('ProceedsFromSalesOrMaturityOfFinancialInstrumentsClassifiedAsInvestingActivities'),
  ),
  flow(
    'investing_cash_flow',
    'NetCashProvidedByUsedInInvestingActivities',
    'NetCashProvidedByUsedInInvestingActivitiesContinuingOperations',
    ...ifrs('CashFlowsFromUsedInInvestingActivities'),
  ),
  flow(
    'debt_issued',
    'ProceedsFromIssuanceOfLongTermDebt',
    'ProceedsFromIssuanceOfDebt',
    'ProceedsFromDebtNetOfIssuanceCosts',
    ...ifrs('ProceedsFromBorrowingsClassifiedAsFinancingActivities', 'ProceedsFromNoncurrentBorrowings'),
  ),
  flow(
    'debt_repaid',
    'RepaymentsOfLongTermDebt',
    'RepaymentsOfDebt',
    ...ifrs('RepaymentsOfBorrowingsClassifiedAsFinancingActivities', 'RepaymentsOfNoncurrentBorrowings'),
  ),
  flow('stock_issued', 'ProceedsFromIssuanceOfCommonStock', ...ifrs('ProceedsFromIssuingShares')),
  flow(
    'buybacks',
    'PaymentsForRepurchaseOfCommonStock',
    ...ifrs('PaymentsToAcquireOrRedeemEntitysShares', 'PurchaseOfTreasuryShares'),
  ),
  flow(
    'dividends_paid',
    'PaymentsOfDividends',
    'PaymentsOfDividendsCommonStock',
    ...ifrs('DividendsPaidClassifiedAsFinancingActivities', 'DividendsPaid'),
  ),
  flow(
    'financing_cash_flow',
    'NetCashProvidedByUsedInFinancingActivities',
    'NetCashProvidedByUsedInFinancingActivitiesContinuingOperations',
    ...ifrs('CashFlowsFromUsedInFinancingActivities'),
  ),
  flow(
    'effect_of_exchange_rate',
    'EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    'EffectOfExchangeRateOnCashAndCashEquivalents',
    ...ifrs('EffectOfExchangeRateChangesOnCashAndCashEquivalents'),
  ),
  flow(
    'net_cash_flow',
    'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect',
    'CashAndCashEquivalentsPeriodIncreaseDecrease',
    ...ifrs('IncreaseDecreaseInCashAndCashEquivalents'),
  ),
  flow(
    'interest_paid',
    'InterestPaidNet',
    'InterestPaid',
    ...ifrs('InterestPaidClassifiedAsOperatingActivities', 'InterestPaidClassifiedAsFinancingActivities'),
  ),
  flow(
    'income_taxes_paid',
    'IncomeTaxesPaidNet',
    'IncomeTaxesPaid',
    ...ifrs('IncomeTaxesPaidRefundClassifiedAsOperatingActivities'),
  ),
];

export const LINE_ITEMS: LineItemSpec[] = [...INCOME, ...BALANCE, ...CASH_FLOW, ...KIND_LINES];

/**
 * Line items that, for a period none of their own concepts has, are the sum of parts filed separately
 * (every part for that period, else nothing: never a partial sum). The parts are read like line items
 * but not kept.
 */
export const SUMS: { item: string; parts: LineItemSpec[] }[] = [
  // A bank that files no revenue total: net interest income + noninterest income.
  {
    item: 'revenue',
    parts: [
      flow('net_interest_income', 'InterestIncomeExpenseNet', 'InterestIncomeExpenseOperatingNet'),
      flow('noninterest_income', 'NoninterestIncome'),
    ],
  },
  {
    item: 'depreciation_amortization',
    parts: [
      flow('depreciation', ...ifrs('DepreciationExpense', 'DepreciationPropertyPlantAndEquipment')),
      flow('amortisation', ...ifrs('AmortisationExpense', 'AmortisationIntangibleAssetsOtherThanGoodwill')),
    ],
  },
];

/** The split facts a filing tags (a 4-for-1 split is 4, a 1-for-10 reverse split 0.1): one split table with the price source's. */
export const SPLIT_CONCEPTS = [
  'StockholdersEquityNoteStockSplitConversionRatio1',
  'StockholdersEquityNoteStockSplitConversionRatio',
];
