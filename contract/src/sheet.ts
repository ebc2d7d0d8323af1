import { z } from 'zod';
import { financialMetric } from './financial-metrics.ts';
import { asFiledNote } from './financials.ts';
import { asOfParam, periodParam, tickerSymbol } from './market-query.ts';
import { statementKind } from './statement-templates.ts';

/* Data sheets (spec 7): a statement as a table, rows = line items, columns = fiscal periods. */

export const sheetIds = [
  'income-statement',
  'balance-sheet',
  'cash-flow',
  'per-share',
  'margins',
  'financial-returns',
  'payout',
  'capital-allocation',
] as const;
export const sheetId = z.enum(sheetIds);
export type SheetId = z.infer<typeof sheetId>;

export const sheetList = z
  .object({
    ticker: z.string(),
    sheets: z.array(
      z.object({
        id: sheetId,
        annualPeriods: z.number().int().meta({ description: 'Fiscal years with data' }),
        quarterlyPeriods: z.number().int().meta({ description: 'Quarters with data' }),
      }),
    ),
  })
  .meta({
    id: 'SheetList',
    description: 'The data sheets available for a ticker (none for crypto, which has no fundamentals).',
    example: { ticker: 'ACME', sheets: [{ id: 'income-statement', annualPeriods: 20, quarterlyPeriods: 80 }] },
  });
export type SheetList = z.infer<typeof sheetList>;

export const sheetParams = z.object({
  ticker: tickerSymbol.meta({ example: 'ACME' }),
  sheet: sheetId,
});

export const sheetQuery = z.object({
  period: periodParam.optional(),
  asOf: asOfParam,
  format: z.enum(['json', 'csv']).optional().meta({ description: 'csv: the same table as CSV (or Accept: text/csv)' }),
});

export const sheetData = z
  .object({
    ticker: z.string(),
    sheet: sheetId,
    period: z.enum(['annual', 'quarterly']),
    template: statementKind.meta({
      description:
        "The company's statement template: the rows are its lines (a bank's interest income, deposits...), " +
        'without the figures that mean nothing for it (a bank has no gross profit)',
    }),
    currency: z.string().meta({ description: 'ISO 4217 code of the amounts: the reporting currency of the filings' }),
    splitBasis: z
      .string()
      .nullable()
      .meta({
        description:
          'The day up to which splits are applied: per-share rows and share counts are in the share terms of the end of ' +
          'this day (as filed on a day: that day); null: no split applies',
      }),
    columns: z.array(
      z.object({
        fiscalYear: z.number().int(),
        fiscalPeriod: z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TP']),
        periodEnd: z.string(),
      }),
    ),
    rows: z.array(
      z.object({
        lineItem: financialMetric,
        unit: z.enum(['currency', 'currency/share', 'shares', 'ratio']).meta({
          description:
            "currency: an amount in the sheet's currency; currency/share: per share in it; ratio: a fraction",
        }),
        description: z.string(),
        values: z.array(z.number().nullable()).meta({ description: 'One per column' }),
        accessions: z.array(z.array(z.string())).meta({ description: 'One list of filings per column' }),
      }),
    ),
    asFiled: asFiledNote.optional(),
  })
  .meta({
    id: 'SheetData',
    description: 'Rows are line items, columns are fiscal periods (oldest first). Units as in Financials.',
    example: {
      ticker: 'ACME',
      sheet: 'income-statement',
      period: 'annual',
      currency: 'USD',
      splitBasis: null,
      columns: [{ fiscalYear: 2024, fiscalPeriod: 'FY', periodEnd: '2024-12-31' }],
      rows: [
        {
          lineItem: 'revenue',
          unit: 'currency',
          description: 'Revenue',
          values: [1250000000],
          accessions: [['0001234567-25-000012']],
        },
      ],
    },
  });
export type SheetData = z.infer<typeof sheetData>;
