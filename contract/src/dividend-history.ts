import { z } from 'zod';
import { tickerQuery } from './market-query.ts';

/*
 * A stock's every dividend payment (issue 33): the dates the source gives (record and pay dates only
 * where it gives them: null, never guessed) and the frequency read from the ex-dates.
 */
export const dividendFrequency = z.enum(['monthly', 'quarterly', 'semiannual', 'annual', 'irregular']).meta({
  description:
    'The cadence of the gap from the payment before (the first payment: to the one after): 20-45 days ' +
    'monthly, 70-115 quarterly, 150-215 semi-annual, 330-400 annual, anything else (a special payment, a ' +
    'change of schedule, a lone payment) irregular',
});
export type DividendFrequency = z.infer<typeof dividendFrequency>;

export const dividendHistoryQuery = tickerQuery.extend({
  format: z.enum(['json', 'csv']).optional().meta({ description: 'csv: the same payments as a CSV file' }),
});

export const dividendHistory = z
  .object({
    ticker: z.string(),
    currency: z.string(),
    payments: z.array(
      z.object({
        exDate: z.string().meta({ description: 'Ex-dividend day (YYYY-MM-DD)' }),
        recordDate: z.string().nullable().meta({ description: 'Record day; null when the source does not give it' }),
        payDate: z.string().nullable().meta({ description: 'Payment day; null when the source does not give it' }),
        declaredDate: z.string().nullable().meta({ description: 'Declaration day; null when unknown' }),
        amount: z.number().meta({ description: 'Cash per share as paid, in currency' }),
        amountSplitAdjusted: z
          .number()
          .meta({ description: "Per share adjusted for later splits (in today's shares), in currency" }),
        currency: z.string(),
        frequency: dividendFrequency,
      }),
    ),
  })
  .meta({
    id: 'DividendHistory',
    description: 'Every dividend payment of a ticker, newest first.',
    example: {
      ticker: 'SOLQ',
      currency: 'USD',
      payments: [
        {
          exDate: '2025-11-10',
          recordDate: '2025-11-10',
          payDate: '2025-11-24',
          declaredDate: null,
          amount: 0.42,
          amountSplitAdjusted: 0.42,
          currency: 'USD',
          frequency: 'quarterly',
        },
      ],
    },
  });
export type DividendHistory = z.infer<typeof dividendHistory>;
