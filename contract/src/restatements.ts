import { z } from 'zod';

/*
 * The restatement ledger (issue 32): every stored value a later filing changed, with the value as first
 * filed and its filing beside the latest (GET /api/data/financials/restatements?ticker=...).
 */
export const filedValue = z.object({
  value: z.number(),
  accession: z.string().nullable().meta({ description: 'SEC accession number of the filing' }),
  filed: z.string().nullable().meta({ description: 'The day the filing was filed (YYYY-MM-DD)' }),
});

export const restatementRow = z.object({
  period: z.enum(['annual', 'quarterly']),
  fiscalYear: z.number().int(),
  fiscalPeriod: z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TP']),
  periodEnd: z.string(),
  lineItem: z.string().meta({
    description: "The line (a financials metric's name, e.g. revenue, netIncome, epsBasic)",
  }),
  first: filedValue.meta({ description: 'The value as first filed' }),
  latest: filedValue.meta({ description: 'The value as the latest filing gives it' }),
  change: z.number().meta({ description: 'latest - first' }),
  changePct: z
    .number()
    .nullable()
    .meta({ description: 'change / |first| as a fraction (0.01 = 1 %); null when first is 0' }),
});

export const restatementsResponse = z
  .object({
    ticker: z.string(),
    currency: z.string(),
    restatements: z.array(restatementRow).meta({
      description:
        'Newest first (by the latest filing, then the period end). Per-share values and share counts in ' +
        "today's share terms (restated for the splits after the period end, like the statements)",
    }),
  })
  .meta({
    id: 'Restatements',
    description: 'Every value a later filing changed: first filed and latest, with both filings',
  });
export type RestatementsResponse = z.infer<typeof restatementsResponse>;
