import { z } from 'zod';

/* GET /api/data/status: what data the server holds, and whether it is the demo universe (issue 3). */
export const dataStatusResponse = z
  .object({
    dataVersion: z
      .number()
      .int()
      .nonnegative()
      .describe('Bumped by every ingest run that changed data; ETags key on it'),
    demo: z.boolean().describe('True while the generated demo universe (fictional companies and coins) is in use'),
    securities: z.object({
      stocks: z.number().int().nonnegative(),
      crypto: z.number().int().nonnegative(),
    }),
    pricesAsOf: z.string().nullable().describe('Latest trading day with a stored daily price (YYYY-MM-DD)'),
    filingsAsOf: z.string().nullable().describe('Filing date of the newest stored financial fact (YYYY-MM-DD)'),
    gaps: z
      .object({
        withoutPrices: z.object({ count: z.number().int().nonnegative(), tickers: z.array(z.string()) }),
        withoutStatements: z.object({ count: z.number().int().nonnegative(), tickers: z.array(z.string()) }),
      })
      .describe(
        'Securities with a profile but no prices once a price load has finished, and stocks with no statements once a filings load has finished (a failed company of a load): how many, and the first 20 tickers',
      ),
    seeding: z
      .object({ loaded: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
      .nullable()
      .describe(
        'While a first start is still loading the demo universe in the background: securities loaded so far and in all; null otherwise',
      ),
  })
  .meta({
    id: 'DataStatus',
    example: {
      dataVersion: 3,
      demo: true,
      securities: { stocks: 42, crypto: 8 },
      pricesAsOf: '2026-11-20',
      filingsAsOf: '2026-11-09',
      gaps: { withoutPrices: { count: 0, tickers: [] }, withoutStatements: { count: 1, tickers: ['ACME'] } },
      seeding: null,
    },
  });
export type DataStatusResponse = z.infer<typeof dataStatusResponse>;
