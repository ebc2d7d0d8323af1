/*
 * us-gaap (and dei) concepts -> our line items, each with a fallback chain: the first concept in the
 * chain that has a value for a period wins for that period. Companies and taxonomy years differ
 * (revenue is RevenueFromContractWithCustomerExcludingAssessedTax from 2018, SalesRevenueNet before).
 * `flow` items are sums over a period (income and cash-flow statements); the others are stocks at an
 * instant (balance sheet, shares outstanding).
 */

export type LineItemKind = 'flow' | 'instant';

export interface LineItemSpec {
  item: string;
  kind: LineItemKind;
  unit: 'USD' | 'USD/shares' | 'shares';
  /** 'taxonomy:Concept' or a bare us-gaap concept. */
  concepts: string[];
}

export const LINE_ITEMS: LineItemSpec[] = [
  {
    item: 'revenue',
    kind: 'flow',
    unit: 'USD',
    concepts: [
      'RevenueFromContractWithCustomerExcludingAssessedTax',
      'Revenues',
      'SalesRevenueNet',
      'RevenueFromContractWithCustomerIncludingAssessedTax',
      'SalesRevenueGoodsNet',
    ],
  },
  {
    item: 'cost_of_revenue',
    kind: 'flow',
    unit: 'USD',
    concepts: ['CostOfGoodsAndServicesSold', 'CostOfRevenue', 'CostOfGoodsSold', 'CostOfServices'],
  },
  { item: 'gross_profit', kind: 'flow', unit: 'USD', concepts: ['GrossProfit'] },
  { item: 'research_development', kind: 'flow', unit: 'USD', concepts: ['ResearchAndDevelopmentExpense'] },
  { item: 'selling_general_admin', kind: 'flow', unit: 'USD', concepts: ['SellingGeneralAndAdministrativeExpense'] },
  { item: 'operating_expenses', kind: 'flow', unit: 'USD', concepts: ['OperatingExpenses', 'CostsAndExpenses'] },
  { item: 'operating_income', kind: 'flow', unit: 'USD', concepts: ['OperatingIncomeLoss'] },
  { item: 'interest_expense', kind: 'flow', unit: 'USD', concepts: ['InterestExpense'] },
  {
    item: 'pretax_income',
    kind: 'flow',
    unit: 'USD',
    concepts: [
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest',
      'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
    ],
  },
  { item: 'income_tax', kind: 'flow', unit: 'USD', concepts: ['IncomeTaxExpenseBenefit'] },
  { item: 'net_income', kind: 'flow', unit: 'USD', concepts: ['NetIncomeLoss', 'ProfitLoss'] },
  {
    item: 'eps_basic',
    kind: 'flow',
    unit: 'USD/shares',
    concepts: ['EarningsPerShareBasic', 'EarningsPerShareBasicAndDiluted'],
  },
  {
    item: 'eps_diluted',
    kind: 'flow',
    unit: 'USD/shares',
    concepts: ['EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted'],
  },
  { item: 'shares_basic', kind: 'flow', unit: 'shares', concepts: ['WeightedAverageNumberOfSharesOutstandingBasic'] },
  {
    item: 'shares_diluted',
    kind: 'flow',
    unit: 'shares',
    concepts: ['WeightedAverageNumberOfDilutedSharesOutstanding'],
  },
  {
    item: 'dividends_per_share',
    kind: 'flow',
    unit: 'USD/shares',
    concepts: ['CommonStockDividendsPerShareDeclared', 'CommonStockDividendsPerShareCashPaid'],
  },
  {
    item: 'depreciation_amortization',
    kind: 'flow',
    unit: 'USD',
    concepts: [
      'DepreciationDepletionAndAmortization',
      'DepreciationAndAmortization',
      'DepreciationAmortizationAndAccretionNet',
    ],
  },
  {
    item: 'operating_cash_flow',
    kind: 'flow',
    unit: 'USD',
    concepts: [
      'NetCashProvidedByUsedInOperatingActivities',
      'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
    ],
  },
  { item: 'investing_cash_flow', kind: 'flow', unit: 'USD', concepts: ['NetCashProvidedByUsedInInvestingActivities'] },
  { item: 'financing_cash_flow', kind: 'flow', unit: 'USD', concepts: ['NetCashProvidedByUsedInFinancingActivities'] },
  {
    item: 'capital_expenditure',
    kind: 'flow',
    unit: 'USD',
    concepts: ['PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'],
  },
  {
    item: 'dividends_paid',
    kind: 'flow',
    unit: 'USD',
    concepts: ['PaymentsOfDividends', 'PaymentsOfDividendsCommonStock'],
  },
  { item: 'buybacks', kind: 'flow', unit: 'USD', concepts: ['PaymentsForRepurchaseOfCommonStock'] },
  { item: 'debt_repaid', kind: 'flow', unit: 'USD', concepts: ['RepaymentsOfLongTermDebt', 'RepaymentsOfDebt'] },
  {
    item: 'debt_issued',
    kind: 'flow',
    unit: 'USD',
    concepts: ['ProceedsFromIssuanceOfLongTermDebt', 'ProceedsFromIssuanceOfDebt'],
  },
  { item: 'acquisitions', kind: 'flow', unit: 'USD', concepts: ['PaymentsToAcquireBusinessesNetOfCashAcquired'] },
  { item: 'total_assets', kind: 'instant', unit: 'USD', concepts: ['Assets'] },
  { item: 'current_assets', kind: 'instant', unit: 'USD', concepts: ['AssetsCurrent'] },
  { item: 'total_liabilities', kind: 'instant', unit: 'USD', concepts: ['Liabilities'] },
  { item: 'current_liabilities', kind: 'instant', unit: 'USD', concepts: ['LiabilitiesCurrent'] },
  {
    item: 'equity',
    kind: 'instant',
    unit: 'USD',
    concepts: ['StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
  },
  {
    item: 'cash',
    kind: 'instant',
    unit: 'USD',
    concepts: [
      'CashAndCashEquivalentsAtCarryingValue',
      'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
    ],
  },
  {
    item: 'total_debt',
    kind: 'instant',
    unit: 'USD',
    concepts: ['DebtLongtermAndShorttermCombinedAmount', 'LongTermDebt', 'LongTermDebtNoncurrent'],
  },
  { item: 'inventory', kind: 'instant', unit: 'USD', concepts: ['InventoryNet'] },
  { item: 'receivables', kind: 'instant', unit: 'USD', concepts: ['AccountsReceivableNetCurrent'] },
  { item: 'accounts_payable', kind: 'instant', unit: 'USD', concepts: ['AccountsPayableCurrent'] },
  {
    item: 'shares_outstanding',
    kind: 'instant',
    unit: 'shares',
    concepts: ['dei:EntityCommonStockSharesOutstanding', 'CommonStockSharesOutstanding'],
  },
];
