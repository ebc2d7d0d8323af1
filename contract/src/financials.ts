import { z } from 'zod';
import { financialsQueryShape, fromNotAfterTo } from './market-query.ts';

/*
 * Financials (spec 7, /api/data/financials/*) and the data sheets share one vocabulary of metrics.
 * Units: amounts in the series' `currency` (the reporting currency of the filings: USD, EUR, BRL...)
 * as filed (outflows such as capital expenditure are positive); per-share values and share counts
 * restated for every split (the series' `splits`) into today's share terms, comparable with
 * split-adjusted prices; ratios are fractions (0.25 = 25 %). Every value names the accession numbers of
 * the filings it comes from: a computed value (a fourth quarter, a TTM sum, a margin) names all of them.
 */

/** currency: an amount in the series' currency; currency/share: per share in it. Never a fixed USD. */
export type MetricUnit = 'currency' | 'currency/share' | 'shares' | 'ratio';
const m = (unit: MetricUnit, description: string) => ({ unit, description });

export const financialMetricInfo = {
  // Income statement
  revenue: m('currency', 'Revenue'),
  costOfRevenue: m('currency', 'Cost of revenue'),
  grossProfit: m('currency', 'Gross profit'),
  researchDevelopment: m('currency', 'Research and development'),
  sellingGeneralAdmin: m('currency', 'Selling, general and administrative'),
  sellingMarketing: m('currency', 'Selling and marketing'),
  generalAdmin: m('currency', 'General and administrative'),
  otherOperatingExpenses: m('currency', 'Other operating expenses'),
  operatingExpenses: m('currency', 'Operating expenses'),
  operatingIncome: m('currency', 'Operating income'),
  interestIncome: m('currency', 'Interest income'),
  interestExpense: m('currency', 'Interest expense'),
  equityMethodIncome: m('currency', 'Income from equity-method investments'),
  otherNonoperatingIncome: m('currency', 'Other non-operating income (expense)'),
  pretaxIncome: m('currency', 'Income before tax'),
  incomeTax: m('currency', 'Income tax'),
  effectiveTaxRate: m('ratio', 'Income tax / income before tax'),
  incomeContinuingOperations: m('currency', 'Income from continuing operations'),
  discontinuedOperations: m('currency', 'Income from discontinued operations'),
  netIncomeIncludingNoncontrolling: m('currency', 'Net income including non-controlling interests'),
  minorityInterest: m('currency', 'Net income attributable to non-controlling interests'),
  netIncome: m('currency', 'Net income (attributable to the parent)'),
  preferredDividends: m('currency', 'Preferred dividends'),
  netIncomeCommon: m('currency', 'Net income to common shareholders'),
  epsBasic: m('currency/share', 'Earnings per share, basic'),
  epsDiluted: m('currency/share', 'Earnings per share, diluted'),
  sharesBasic: m('shares', 'Weighted average shares, basic'),
  sharesDiluted: m('shares', 'Weighted average shares, diluted'),
  ebit: m('currency', 'EBIT = income before tax + interest expense'),
  // Balance sheet
  cash: m('currency', 'Cash and equivalents'),
  shortTermInvestments: m('currency', 'Short-term investments'),
  cashAndShortTermInvestments: m('currency', 'Cash and short-term investments'),
  receivables: m('currency', 'Receivables'),
  inventory: m('currency', 'Inventory'),
  prepaidExpenses: m('currency', 'Prepaid expenses'),
  otherCurrentAssets: m('currency', 'Other current assets'),
  currentAssets: m('currency', 'Current assets'),
  propertyPlantEquipment: m('currency', 'Property, plant and equipment (net)'),
  operatingLeaseAssets: m('currency', 'Operating lease right-of-use assets'),
  longTermInvestments: m('currency', 'Long-term investments'),
  goodwill: m('currency', 'Goodwill'),
  intangibles: m('currency', 'Intangible assets other than goodwill'),
  deferredTaxAssets: m('currency', 'Deferred tax assets'),
  otherNoncurrentAssets: m('currency', 'Other non-current assets'),
  totalAssets: m('currency', 'Total assets'),
  accountsPayable: m('currency', 'Accounts payable'),
  accruedLiabilities: m('currency', 'Accrued liabilities'),
  shortTermDebt: m('currency', 'Short-term debt and current portion of long-term debt'),
  deferredRevenue: m('currency', 'Deferred revenue (current)'),
  operatingLeaseLiabilitiesCurrent: m('currency', 'Operating lease liabilities (current)'),
  otherCurrentLiabilities: m('currency', 'Other current liabilities'),
  currentLiabilities: m('currency', 'Current liabilities'),
  longTermDebt: m('currency', 'Long-term debt'),
  operatingLeaseLiabilities: m('currency', 'Operating lease liabilities (non-current)'),
  deferredRevenueNoncurrent: m('currency', 'Deferred revenue (non-current)'),
  deferredTaxLiabilities: m('currency', 'Deferred tax liabilities'),
  otherNoncurrentLiabilities: m('currency', 'Other non-current liabilities'),
  totalLiabilities: m('currency', 'Total liabilities'),
  commonStock: m('currency', 'Common stock (and paid-in capital where filed together)'),
  additionalPaidInCapital: m('currency', 'Additional paid-in capital'),
  retainedEarnings: m('currency', 'Retained earnings (accumulated deficit)'),
  accumulatedOtherComprehensiveIncome: m('currency', 'Accumulated other comprehensive income'),
  treasuryStock: m('currency', 'Treasury stock (at cost, positive as filed)'),
  equity: m('currency', "Shareholders' equity (attributable to the parent)"),
  minorityInterestEquity: m('currency', 'Non-controlling interests'),
  totalEquity: m('currency', 'Total equity including non-controlling interests'),
  liabilitiesAndEquity: m('currency', 'Total liabilities and equity'),
  totalDebt: m('currency', 'Total debt'),
  netCash: m('currency', 'Cash and short-term investments - total debt'),
  workingCapital: m('currency', 'Current assets - current liabilities'),
  tangibleBookValue: m('currency', 'Equity - goodwill - intangible assets'),
  sharesOutstanding: m('shares', 'Shares outstanding (cover page of the filing of the period, else the balance sheet)'),
  // Cash flow
  operatingCashFlow: m('currency', 'Operating cash flow'),
  depreciationAmortization: m('currency', 'Depreciation and amortisation'),
  stockBasedCompensation: m('currency', 'Stock-based compensation'),
  deferredIncomeTax: m('currency', 'Deferred income tax'),
  changeInReceivables: m('currency', 'Increase in receivables (as filed: an increase uses cash)'),
  changeInInventory: m('currency', 'Increase in inventory (as filed: an increase uses cash)'),
  changeInPayables: m('currency', 'Increase in payables (as filed: an increase provides cash)'),
  investingCashFlow: m('currency', 'Investing cash flow'),
  capitalExpenditure: m('currency', 'Capital expenditure'),
  acquisitions: m('currency', 'Acquisitions'),
  purchasesOfInvestments: m('currency', 'Purchases of investments'),
  salesOfInvestments: m('currency', 'Sales and maturities of investments'),
  financingCashFlow: m('currency', 'Financing cash flow'),
  debtIssued: m('currency', 'Debt issued'),
  debtRepaid: m('currency', 'Debt repaid'),
  stockIssued: m('currency', 'Common stock issued'),
  dividendsPaid: m('currency', 'Dividends paid'),
  buybacks: m('currency', 'Share buybacks'),
  effectOfExchangeRate: m('currency', 'Effect of exchange rates on cash'),
  netCashFlow: m('currency', 'Net change in cash'),
  interestPaid: m('currency', 'Interest paid'),
  incomeTaxesPaid: m('currency', 'Income taxes paid'),
  freeCashFlow: m('currency', 'Free cash flow = operating cash flow - capital expenditure'),
  freeCashFlowMargin: m('ratio', 'Free cash flow / revenue'),
  // Computed
  ebitda: m('currency', 'Operating income + depreciation and amortisation'),
  grossMargin: m('ratio', 'Gross profit / revenue'),
  operatingMargin: m('ratio', 'Operating income / revenue'),
  netMargin: m('ratio', 'Net income / revenue'),
  roe: m('ratio', 'Net income / average equity (start and end of the period)'),
  roa: m('ratio', 'Net income / average total assets'),
  roic: m('ratio', 'Operating income x (1 - tax rate) / (debt + equity - cash)'),
  debtToEquity: m('ratio', 'Total debt / equity; null when equity <= 0'),
  revenuePerShare: m('currency/share', 'Revenue / weighted average basic shares'),
  bookValuePerShare: m('currency/share', 'Equity / shares outstanding'),
  operatingCashFlowPerShare: m('currency/share', 'Operating cash flow / weighted average basic shares'),
  freeCashFlowPerShare: m('currency/share', 'Free cash flow / weighted average basic shares'),
  dividendsPerShare: m('currency/share', 'Declared dividends per share (filed, else the ex-dates in the period)'),
  payoutRatio: m('ratio', 'Dividends per share / EPS; null when EPS <= 0'),
  cashPayoutRatio: m('ratio', 'Dividends paid / free cash flow; null when free cash flow <= 0'),
  dividendsOfOperatingCashFlow: m('ratio', 'Dividends paid / operating cash flow'),
  buybacksOfOperatingCashFlow: m('ratio', 'Buybacks / operating cash flow'),
  capitalExpenditureOfOperatingCashFlow: m('ratio', 'Capital expenditure / operating cash flow'),
  netDebtRepaid: m('currency', 'Debt repaid minus debt issued when both are filed, else debt repaid'),
  netDebtRepaidOfOperatingCashFlow: m('ratio', 'Net debt repaid / operating cash flow'),
  acquisitionsOfOperatingCashFlow: m('ratio', 'Acquisitions / operating cash flow'),
} as const satisfies Record<string, { unit: MetricUnit; description: string }>;

export type FinancialMetric = keyof typeof financialMetricInfo;
export const financialMetrics = Object.keys(financialMetricInfo) as [FinancialMetric, ...FinancialMetric[]];
export const financialMetric = z.enum(financialMetrics);

/** What each financials call (and data sheet) returns, in display order. */
export const financialGroups = {
  'income-statement': [
    'revenue',
    'costOfRevenue',
    'grossProfit',
    'researchDevelopment',
    'sellingGeneralAdmin',
    'sellingMarketing',
    'generalAdmin',
    'otherOperatingExpenses',
    'operatingExpenses',
    'operatingIncome',
    'interestIncome',
    'interestExpense',
    'equityMethodIncome',
    'otherNonoperatingIncome',
    'pretaxIncome',
    'incomeTax',
    'effectiveTaxRate',
    'incomeContinuingOperations',
    'discontinuedOperations',
    'netIncomeIncludingNoncontrolling',
    'minorityInterest',
    'netIncome',
    'preferredDividends',
    'netIncomeCommon',
    'sharesBasic',
    'sharesDiluted',
    'epsBasic',
    'epsDiluted',
    'dividendsPerShare',
    'grossMargin',
    'operatingMargin',
    'netMargin',
    'ebitda',
    'depreciationAmortization',
    'ebit',
  ],
  'balance-sheet': [
    'cash',
    'shortTermInvestments',
    'cashAndShortTermInvestments',
    'receivables',
    'inventory',
    'prepaidExpenses',
    'otherCurrentAssets',
    'currentAssets',
    'propertyPlantEquipment',
    'operatingLeaseAssets',
    'longTermInvestments',
    'goodwill',
    'intangibles',
    'deferredTaxAssets',
    'otherNoncurrentAssets',
    'totalAssets',
    'accountsPayable',
    'accruedLiabilities',
    'shortTermDebt',
    'deferredRevenue',
    'operatingLeaseLiabilitiesCurrent',
    'otherCurrentLiabilities',
    'currentLiabilities',
    'longTermDebt',
    'operatingLeaseLiabilities',
    'deferredRevenueNoncurrent',
    'deferredTaxLiabilities',
    'otherNoncurrentLiabilities',
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
    'totalDebt',
    'netCash',
    'workingCapital',
    'tangibleBookValue',
    'bookValuePerShare',
    'sharesOutstanding',
  ],
  'cash-flow': [
    'netIncome',
    'depreciationAmortization',
    'stockBasedCompensation',
    'deferredIncomeTax',
    'changeInReceivables',
    'changeInInventory',
    'changeInPayables',
    'operatingCashFlow',
    'capitalExpenditure',
    'acquisitions',
    'purchasesOfInvestments',
    'salesOfInvestments',
    'investingCashFlow',
    'debtIssued',
    'debtRepaid',
    'stockIssued',
    'buybacks',
    'dividendsPaid',
    'financingCashFlow',
    'effectOfExchangeRate',
    'netCashFlow',
    'freeCashFlow',
    'freeCashFlowMargin',
    'freeCashFlowPerShare',
    'interestPaid',
    'incomeTaxesPaid',
  ],
  payout: ['dividendsPerShare', 'epsBasic', 'payoutRatio', 'dividendsPaid', 'freeCashFlow', 'cashPayoutRatio'],
  'eps-basic': ['epsBasic'],
  'revenue-per-share': ['revenuePerShare'],
  margins: ['grossMargin', 'operatingMargin', 'netMargin'],
  'financial-returns': ['roe', 'roa', 'roic'],
  'per-share': [
    'revenuePerShare',
    'epsBasic',
    'epsDiluted',
    'bookValuePerShare',
    'operatingCashFlowPerShare',
    'freeCashFlowPerShare',
    'dividendsPerShare',
  ],
  'capital-allocation': [
    'operatingCashFlow',
    'freeCashFlow',
    'dividendsPaid',
    'dividendsOfOperatingCashFlow',
    'buybacks',
    'buybacksOfOperatingCashFlow',
    'capitalExpenditure',
    'capitalExpenditureOfOperatingCashFlow',
    'netDebtRepaid',
    'netDebtRepaidOfOperatingCashFlow',
    'acquisitions',
    'acquisitionsOfOperatingCashFlow',
  ],
} as const satisfies Record<string, readonly FinancialMetric[]>;
export type FinancialGroup = keyof typeof financialGroups;

/*
 * The values of one period (or of the TTM): plain numbers keyed by metric, with their sources beside
 * them rather than inside each value, so an answer is mostly numbers (a five-company income statement
 * is half the bytes of one object per value).
 */
const valuesShape = {
  values: z
    .partialRecord(financialMetric, z.number().nullable())
    .meta({ description: 'Every requested metric: null when it was not filed or cannot be computed' }),
  accessions: z.partialRecord(financialMetric, z.array(z.string()).min(1)).meta({
    description:
      'SEC accession numbers of every filing each value uses (a fourth quarter: the 10-K and the three 10-Qs; ' +
      'a TTM sum: the filings of its four quarters; a ratio: those of its inputs); a metric with none (null, or ' +
      'data not from SEC) is left out. filingIndexUrl gives the filing index page on sec.gov.',
  }),
  derived: z.array(financialMetric).meta({
    description: 'The metrics computed here (Q4 = FY - Q1..Q3, TTM sums, ratios, per-share) rather than filed as is',
  }),
};
export type FinancialValues = z.infer<z.ZodObject<typeof valuesShape>>;

const fiscalPeriodLabel = z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4']);

const periodShape = {
  fiscalYear: z.number().int(),
  fiscalPeriod: fiscalPeriodLabel,
  periodStart: z.string().nullable().meta({
    description:
      "First day of the fiscal period, from the security's flows (income, cash flow) of that period; null when it filed none",
  }),
  periodEnd: z.string(),
};

export const fiscalPeriodRow = z.object({ ...periodShape, ...valuesShape });

export const splitRow = z.object({
  day: z.string().meta({ description: 'First day of trading in the new share terms (YYYY-MM-DD)' }),
  numerator: z.number().meta({ description: 'A 4:1 split is 4 and 1; a 1:10 reverse split 1 and 10' }),
  denominator: z.number(),
});

/**
 * What a series says about all its periods, beside the ticker: the currency of its amounts, whether
 * quarters are filed at all, and the splits its per-share values and share counts are adjusted for.
 */
const seriesHeadShape = {
  ticker: z.string(),
  currency: z.string().meta({
    description:
      'ISO 4217 code of every amount: the reporting currency of the filings (USD, EUR, BRL...), which may differ ' +
      'from the currency the shares trade in; for a security without statements, its trading currency',
  }),
  quartersFiled: z.boolean().meta({
    description:
      'false when the filings have no quarterly figures (20-F and 40-F filers report annually): quarterly ' +
      'requests then have no periods and TTM falls back to the fiscal year',
  }),
  splits: z.array(splitRow).meta({
    description:
      'Adjusted for splits: every per-share value and share count is restated, exactly once, for these splits ' +
      '(from the filings and the price source), into the share terms after the last of them. Empty: no split.',
  }),
};
export type FinancialSeriesHead = z.infer<z.ZodObject<typeof seriesHeadShape>>;

const exampleValues = {
  values: { revenue: 394328000000, grossMargin: 0.433 },
  accessions: { revenue: ['0000320193-22-000108'], grossMargin: ['0000320193-22-000108'] },
  derived: ['grossMargin' as const],
};
const exampleHead = {
  ticker: 'ACME',
  currency: 'USD',
  quartersFiled: true,
  splits: [{ day: '2020-08-31', numerator: 4, denominator: 1 }],
};

export const financialsResponse = z
  .object({
    period: z.enum(['annual', 'quarterly']),
    metrics: z.array(
      z.object({
        name: financialMetric,
        unit: z.enum(['currency', 'currency/share', 'shares', 'ratio']).meta({
          description:
            "currency: an amount in the series' currency; currency/share: per share in it; ratio: a fraction",
        }),
        description: z.string(),
      }),
    ),
    series: z.array(z.object({ ...seriesHeadShape, periods: z.array(fiscalPeriodRow) })),
  })
  .meta({
    id: 'Financials',
    description: 'Fiscal periods (oldest first) per ticker, each with the requested metrics.',
    example: {
      period: 'annual',
      metrics: [
        { name: 'revenue', unit: 'currency', description: 'Revenue' },
        { name: 'grossMargin', unit: 'ratio', description: 'Gross profit / revenue' },
      ],
      series: [
        {
          ...exampleHead,
          periods: [
            {
              fiscalYear: 2022,
              fiscalPeriod: 'FY',
              periodStart: '2021-09-26',
              periodEnd: '2022-09-24',
              ...exampleValues,
            },
          ],
        },
      ],
    },
  });
export type FinancialsResponse = z.infer<typeof financialsResponse>;

export const calcFinancialsFields = z
  .string()
  .max(2000)
  .transform((value) => value.split(',').map((field) => field.trim()))
  .pipe(z.array(financialMetric).min(1).max(40))
  .meta({ description: 'Comma-separated metrics', example: 'revenue,netMargin,roe' });

export const calcFinancialsQuery = z
  .object({ ...financialsQueryShape, fields: calcFinancialsFields })
  .superRefine(fromNotAfterTo);

/** ttm-financial: tickers (spec 7), and optionally the metrics (a statement's lines for a TTM column). */
export const ttmFinancialsQuery = z.object({
  tickers: financialsQueryShape.tickers,
  fields: z
    .string()
    .max(4000)
    .transform((value) => value.split(',').map((field) => field.trim()))
    .pipe(z.array(financialMetric).min(1).max(financialMetrics.length))
    .optional()
    .meta({
      description:
        'Comma-separated metrics (default: the key figures: revenue, net income, EPS, margins, cash flow, totals)',
      example: 'revenue,netIncome,epsBasic',
    }),
});

export const ttmFinancials = z
  .object({
    series: z.array(
      z.object({
        ...seriesHeadShape,
        basis: z
          .enum(['ttm', 'fy'])
          .nullable()
          .meta({
            description:
              'ttm: flows summed over the last four consecutive quarters; fy: those could not be formed (a quarter ' +
              'missing, or quarters not filed), so the values are the latest fiscal year; null: no statements',
          }),
        asOf: z.string().nullable().meta({ description: 'End of the last quarter (or fiscal year) used' }),
        period: z
          .object({
            ...periodShape,
            fiscalPeriod: z.enum(['TTM', 'FY']),
          })
          .nullable()
          .meta({
            description:
              'The span the values cover: the four quarters (fiscalYear of the last one, periodStart of the first) or the fiscal year',
          }),
        ...valuesShape,
      }),
    ),
  })
  .meta({
    id: 'TtmFinancials',
    description:
      'Trailing twelve months: flows summed over the last four quarters, balance items the latest; the latest fiscal ' +
      'year when four quarters cannot be formed (basis says which).',
    example: {
      series: [
        {
          ...exampleHead,
          basis: 'ttm',
          asOf: '2025-09-27',
          period: { fiscalYear: 2025, fiscalPeriod: 'TTM', periodStart: '2024-09-29', periodEnd: '2025-09-27' },
          ...exampleValues,
        },
      ],
    },
  });
export type TtmFinancials = z.infer<typeof ttmFinancials>;

/** The filing index page of an accession number on sec.gov, under the company's CIK (leading zeros dropped). */
export function filingIndexUrl(cik: string | number, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replaceAll('-', '')}/${accession}-index.htm`;
}
