import { z } from 'zod';
import { financialsQueryShape, fromNotAfterTo } from './market-query.ts';

/*
 * Financials (spec 7, /api/data/financials/*) and the data sheets share one vocabulary of metrics.
 * Units: USD amounts as filed (outflows such as capital expenditure are positive); per-share values
 * and share counts restated for later splits (comparable with split-adjusted prices); ratios are
 * fractions (0.25 = 25 %). Every value names the accession numbers of the filings it comes from.
 */

type Unit = 'USD' | 'USD/share' | 'shares' | 'ratio';
const m = (unit: Unit, description: string) => ({ unit, description });

export const financialMetricInfo = {
  revenue: m('USD', 'Revenue'),
  costOfRevenue: m('USD', 'Cost of revenue'),
  grossProfit: m('USD', 'Gross profit'),
  researchDevelopment: m('USD', 'Research and development'),
  sellingGeneralAdmin: m('USD', 'Selling, general and administrative'),
  operatingExpenses: m('USD', 'Operating expenses'),
  operatingIncome: m('USD', 'Operating income'),
  interestExpense: m('USD', 'Interest expense'),
  pretaxIncome: m('USD', 'Income before tax'),
  incomeTax: m('USD', 'Income tax'),
  netIncome: m('USD', 'Net income'),
  epsBasic: m('USD/share', 'Earnings per share, basic'),
  epsDiluted: m('USD/share', 'Earnings per share, diluted'),
  sharesBasic: m('shares', 'Weighted average shares, basic'),
  sharesDiluted: m('shares', 'Weighted average shares, diluted'),
  totalAssets: m('USD', 'Total assets'),
  currentAssets: m('USD', 'Current assets'),
  totalLiabilities: m('USD', 'Total liabilities'),
  currentLiabilities: m('USD', 'Current liabilities'),
  equity: m('USD', "Shareholders' equity"),
  cash: m('USD', 'Cash and equivalents'),
  totalDebt: m('USD', 'Total debt'),
  inventory: m('USD', 'Inventory'),
  receivables: m('USD', 'Receivables'),
  accountsPayable: m('USD', 'Accounts payable'),
  sharesOutstanding: m('shares', 'Shares outstanding'),
  operatingCashFlow: m('USD', 'Operating cash flow'),
  investingCashFlow: m('USD', 'Investing cash flow'),
  financingCashFlow: m('USD', 'Financing cash flow'),
  capitalExpenditure: m('USD', 'Capital expenditure'),
  depreciationAmortization: m('USD', 'Depreciation and amortisation'),
  dividendsPaid: m('USD', 'Dividends paid'),
  buybacks: m('USD', 'Share buybacks'),
  debtRepaid: m('USD', 'Debt repaid'),
  debtIssued: m('USD', 'Debt issued'),
  acquisitions: m('USD', 'Acquisitions'),
  freeCashFlow: m('USD', 'Free cash flow = operating cash flow - capital expenditure'),
  ebitda: m('USD', 'Operating income + depreciation and amortisation'),
  grossMargin: m('ratio', 'Gross profit / revenue'),
  operatingMargin: m('ratio', 'Operating income / revenue'),
  netMargin: m('ratio', 'Net income / revenue'),
  roe: m('ratio', 'Net income / average equity (start and end of the period)'),
  roa: m('ratio', 'Net income / average total assets'),
  roic: m('ratio', 'Operating income x (1 - tax rate) / (debt + equity - cash)'),
  debtToEquity: m('ratio', 'Total debt / equity; null when equity <= 0'),
  revenuePerShare: m('USD/share', 'Revenue / weighted average basic shares'),
  bookValuePerShare: m('USD/share', 'Equity / shares outstanding'),
  operatingCashFlowPerShare: m('USD/share', 'Operating cash flow / weighted average basic shares'),
  freeCashFlowPerShare: m('USD/share', 'Free cash flow / weighted average basic shares'),
  dividendsPerShare: m('USD/share', 'Declared dividends per share (filed, else the ex-dates in the period)'),
  payoutRatio: m('ratio', 'Dividends per share / EPS; null when EPS <= 0'),
  cashPayoutRatio: m('ratio', 'Dividends paid / free cash flow; null when free cash flow <= 0'),
  dividendsOfOperatingCashFlow: m('ratio', 'Dividends paid / operating cash flow'),
  buybacksOfOperatingCashFlow: m('ratio', 'Buybacks / operating cash flow'),
  capitalExpenditureOfOperatingCashFlow: m('ratio', 'Capital expenditure / operating cash flow'),
  netDebtRepaid: m('USD', 'Debt repaid minus debt issued when both are filed, else debt repaid'),
  netDebtRepaidOfOperatingCashFlow: m('ratio', 'Net debt repaid / operating cash flow'),
  acquisitionsOfOperatingCashFlow: m('ratio', 'Acquisitions / operating cash flow'),
} as const satisfies Record<string, { unit: Unit; description: string }>;

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
    'operatingExpenses',
    'operatingIncome',
    'interestExpense',
    'pretaxIncome',
    'incomeTax',
    'netIncome',
    'epsBasic',
    'epsDiluted',
    'sharesBasic',
    'sharesDiluted',
  ],
  'balance-sheet': [
    'totalAssets',
    'currentAssets',
    'cash',
    'receivables',
    'inventory',
    'totalLiabilities',
    'currentLiabilities',
    'accountsPayable',
    'totalDebt',
    'equity',
    'sharesOutstanding',
  ],
  'cash-flow': [
    'operatingCashFlow',
    'capitalExpenditure',
    'freeCashFlow',
    'investingCashFlow',
    'financingCashFlow',
    'depreciationAmortization',
    'dividendsPaid',
    'buybacks',
    'debtRepaid',
    'debtIssued',
    'acquisitions',
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
      'SEC accession numbers of the filings each value comes from; a metric with none (null, or data not from SEC) is left out',
  }),
  derived: z
    .array(financialMetric)
    .meta({ description: 'The metrics computed here (Q4 = FY - Q1..Q3, ratios, per-share) rather than filed as is' }),
};
export type FinancialValues = z.infer<z.ZodObject<typeof valuesShape>>;

export const fiscalPeriodRow = z.object({
  fiscalYear: z.number().int(),
  fiscalPeriod: z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
  periodStart: z.string().nullable().meta({
    description:
      "First day of the fiscal period, from the security's flows (income, cash flow) of that period; null when it filed none",
  }),
  periodEnd: z.string(),
  ...valuesShape,
});

const exampleValues = {
  values: { revenue: 394328000000, grossMargin: 0.433 },
  accessions: { revenue: ['0000320193-22-000108'], grossMargin: ['0000320193-22-000108'] },
  derived: ['grossMargin' as const],
};

export const financialsResponse = z
  .object({
    period: z.enum(['annual', 'quarterly']),
    metrics: z.array(z.object({ name: financialMetric, unit: z.string(), description: z.string() })),
    series: z.array(z.object({ ticker: z.string(), currency: z.string(), periods: z.array(fiscalPeriodRow) })),
  })
  .meta({
    id: 'Financials',
    description: 'Fiscal periods (oldest first) per ticker, each with the requested metrics.',
    example: {
      period: 'annual',
      metrics: [
        { name: 'revenue', unit: 'USD', description: 'Revenue' },
        { name: 'grossMargin', unit: 'ratio', description: 'Gross profit / revenue' },
      ],
      series: [
        {
          ticker: 'ACME',
          currency: 'USD',
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

export const ttmFinancials = z
  .object({
    series: z.array(
      z.object({
        ticker: z.string(),
        currency: z.string(),
        asOf: z.string().nullable().meta({ description: 'End of the last quarter (or fiscal year) used' }),
        basis: z
          .enum(['ttm', 'fiscal_year'])
          .nullable()
          .meta({ description: 'ttm: the last four quarters; fiscal_year: a quarter was missing, the last FY' }),
        ...valuesShape,
      }),
    ),
  })
  .meta({
    id: 'TtmFinancials',
    description: 'Trailing twelve months: flows summed over the last four quarters, balance items the latest.',
    example: {
      series: [{ ticker: 'ACME', currency: 'USD', asOf: '2025-09-27', basis: 'ttm', ...exampleValues }],
    },
  });
export type TtmFinancials = z.infer<typeof ttmFinancials>;
