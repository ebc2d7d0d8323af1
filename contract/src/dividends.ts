import { z } from 'zod';

/*
 * Dividend calls (spec 7). Amounts are cash per share in the security's currency, adjusted for later
 * splits so that the history is comparable (finance-definitions.md, Per share and dividends).
 */

export const dividendsPerShare = z
  .object({
    series: z.array(
      z.object({
        ticker: z.string(),
        currency: z.string(),
        years: z.array(
          z.object({
            year: z.number().int(),
            dps: z.number().meta({ description: 'Sum of dividends with ex-date in the calendar year' }),
            growth: z
              .number()
              .nullable()
              .meta({
                description:
                  'DPS(y) / DPS(y-1) - 1, as a fraction; null when the year before paid nothing or the loaded history ' +
                  '(from its first close) does not cover the year before whole',
              }),
            payments: z.number().int().meta({ description: 'Number of ex-dates in the year' }),
          }),
        ),
        cagr5y: z
          .number()
          .nullable()
          .meta({
            description:
              '5-year DPS growth per year over full years, as a fraction; null when the history (from its first close) ' +
              'does not cover the start year whole',
          }),
        growthYears: z.number().int().meta({
          description: 'Consecutive full years of DPS growth over a non-zero year, among the years covered whole',
        }),
      }),
    ),
  })
  .meta({
    id: 'DividendsPerShare',
    description: 'Dividends per share per calendar year (ex-date), with growth. Years in from..to.',
    example: {
      series: [
        {
          ticker: 'SOLQ',
          currency: 'USD',
          years: [
            { year: 2024, dps: 1.6, growth: 0.05, payments: 4 },
            { year: 2025, dps: 1.68, growth: 0.05, payments: 4 },
          ],
          cagr5y: 0.048,
          growthYears: 7,
        },
      ],
    },
  });
export type DividendsPerShare = z.infer<typeof dividendsPerShare>;

export const dividendPattern = z.enum(['none', 'monthly', 'quarterly', 'semiannual', 'annual', 'irregular']).meta({
  description:
    'How often it pays as of the range’s end: the cadence most of its payments of that year have (the gaps between ex-dates, the same rule as the ex-dividend list and the payment history); none when it paid nothing that year',
});

export const dividendsByMonth = z
  .object({
    from: z.string().meta({ description: 'First day of the range (YYYY-MM-DD)' }),
    to: z.string().meta({ description: 'Last day of the range (YYYY-MM-DD)' }),
    series: z.array(
      z.object({
        ticker: z.string(),
        currency: z.string(),
        pattern: dividendPattern,
        payingMonths: z.array(z.number().int().min(1).max(12)),
        months: z
          .array(
            z.object({
              month: z.number().int().min(1).max(12),
              amount: z.number().meta({ description: 'Sum of the dividends with ex-date in this month' }),
              payments: z.array(
                z.object({
                  exDate: z.string(),
                  payDate: z.string().nullable(),
                  amount: z.number(),
                }),
              ),
            }),
          )
          .meta({ description: 'Always twelve entries, January first' }),
      }),
    ),
  })
  .meta({
    id: 'DividendsByMonth',
    description:
      'Dividends per calendar month by ex-date (pay dates are given when known), for a dividend calendar. ' +
      'The range defaults to the year up to to (default: today).',
    example: {
      from: '2025-01-03',
      to: '2026-01-02',
      series: [
        {
          ticker: 'SOLQ',
          currency: 'USD',
          pattern: 'annual',
          payingMonths: [3],
          months: [
            { month: 1, amount: 0, payments: [] },
            { month: 3, amount: 0.42, payments: [{ exDate: '2025-03-14', payDate: '2025-04-01', amount: 0.42 }] },
          ],
        },
      ],
    },
  });
export type DividendsByMonth = z.infer<typeof dividendsByMonth>;

export const dividendYieldPercentile = z
  .object({
    ticker: z.string(),
    day: z.string().nullable().meta({ description: 'Last trading day' }),
    yieldPct: z.number().nullable().meta({ description: 'Current TTM dividend yield, in %' }),
    percentile: z
      .number()
      .nullable()
      .meta({ description: 'Share of days in the window with a yield at or below today, 0-100 (high = cheap)' }),
    band: z
      .object({ p10: z.number(), p25: z.number(), p50: z.number(), p75: z.number(), p90: z.number() })
      .nullable()
      .meta({ description: 'Yield percentiles of the window, in %' }),
    windowStart: z.string().nullable().meta({ description: 'First day of the window (10 years, or all history)' }),
    days: z.number().int().meta({ description: 'Trading days in the window' }),
  })
  .meta({
    id: 'DividendYieldPercentile',
    description:
      "Today's dividend yield against the ticker's own last 10 years (all history when shorter, at least one " +
      'year). Null values: no dividends in the window, or less than a year of history.',
    example: {
      ticker: 'SOLQ',
      day: '2026-01-02',
      yieldPct: 3.9,
      percentile: 82.5,
      band: { p10: 2.6, p25: 2.9, p50: 3.3, p75: 3.7, p90: 4.1 },
      windowStart: '2016-01-04',
      days: 2515,
    },
  });
export type DividendYieldPercentile = z.infer<typeof dividendYieldPercentile>;
