import { z } from 'zod';
import { financialMetric, financialMetrics } from './financial-metrics.ts';
import { asOfParam, financialsQueryShape, fromNotAfterTo } from './market-query.ts';
import { filedValue } from './restatements.ts';
import { statementKind } from './statement-templates.ts';

export * from './financial-metrics.ts';

/* Financials (spec 7, /api/data/financials/*): the answers; the metrics' vocabulary is financial-metrics.ts. */

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
  firstFiled: z
    .partialRecord(
      financialMetric,
      filedValue.extend({
        latestFiled: z.string().nullable().meta({
          description: 'The day the filing of the latest value (its accession: accessions) was filed (YYYY-MM-DD)',
        }),
      }),
    )
    .optional()
    .meta({
      description:
        'The value as first filed, where a later filing changed it (the restatement ledger): its value (in the ' +
        "same share terms as values), the filing's accession (null for demo data) and the day it was filed, and " +
        'the day the latest filing (in accessions) was. Only values that are one filed value: never a ratio or a total computed ' +
        'here, nor a TTM sum of quarters (its balance items and share counts, the last quarter as filed, do ' +
        'carry it). A metric no filing changed is left out, and the key is absent when none was.',
    }),
  incomplete: z
    .partialRecord(financialMetric, z.array(financialMetric).min(1))
    .optional()
    .meta({
      description:
        'Why a total is null: the parts it needs that are not known (totalDebt: shortTermDebt or longTermDebt; ' +
        'netCash: cashAndShortTermInvestments or totalDebt; ebitda: operatingIncome or depreciationAmortization). ' +
        'A total is shown only when every part is known, never as a partial sum. Absent when no total is incomplete.',
    }),
};
export type FinancialValues = z.infer<z.ZodObject<typeof valuesShape>>;

const fiscalPeriodLabel = z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TP']).meta({
  description:
    'FY a fiscal year, Q1-Q4 its quarters; TP the transition period of a change of fiscal year end (from the old ' +
    "year's end to the new year's start: periodStart to periodEnd), which is no fiscal year and no quarter; it " +
    'is in both the annual and the quarterly answers, and never part of a TTM',
});

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
  splitBasis: z
    .string()
    .nullable()
    .meta({
      description:
        'The day up to which splits are applied (YYYY-MM-DD): every per-share value and share count of the answer is ' +
        'in the share terms of the end of this day, one basis for all. As filed on a day (asOf): that day, only ' +
        'splits paid by then applied; else the day of the last split. null: no split applies, values as filed.',
    }),
};
export type FinancialSeriesHead = z.infer<z.ZodObject<typeof seriesHeadShape>>;

/** Only in an answer asked with asOf: the day it is as filed on, and why it is empty when it is. */
export const asFiledNote = z
  .object({
    day: z.string().meta({ description: 'The day the values are as filed on: asOf, or today when asOf is later' }),
    firstFiled: z.string().nullable().meta({
      description: "The day of the first filing of the security's statements of this kind (null: none filed at all)",
    }),
    note: z.string().nullable().meta({
      description:
        'Why the answer has no periods (no statements filed on or before the day); null when the day is after the first filing',
    }),
  })
  .meta({
    description:
      'Statements as filed on a day (asOf): present only when asOf was given; the values are those filed on or before `day`',
  });
export type AsFiledNote = z.infer<typeof asFiledNote>;

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
  splitBasis: '2020-08-31',
};

export const financialsResponse = z
  .object({
    templates: z.record(z.string(), statementKind).meta({
      description:
        "Each ticker's statement template (general, bank, insurer, reit): the income statement, balance sheet and " +
        'cash flow answer the lines of the templates of the tickers asked for (statementTemplates in the contract)',
    }),
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
    series: z.array(
      z.object({ ...seriesHeadShape, periods: z.array(fiscalPeriodRow), asFiled: asFiledNote.optional() }),
    ),
  })
  .meta({
    id: 'Financials',
    description: 'Fiscal periods (oldest first) per ticker, each with the requested metrics.',
    example: {
      templates: { ACME: 'general' },
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
  asOf: asOfParam,
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
        template: statementKind,
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
        asFiled: asFiledNote.optional(),
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
          template: 'general',
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
