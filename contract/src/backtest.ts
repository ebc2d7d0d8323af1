import { z } from 'zod';
import { odataQuery } from './indicator.ts';
import { calendarDay, tickerQuery } from './market-query.ts';

/*
 * The screener as of a day and a backtest of a screen (issue 43, ADR 0026). As of a day every figure is
 * the metric catalogue's, computed from the filings public by that day (filing date <= day) and the
 * closes up to it: no look-ahead. Prices and per-share figures are in the share terms of that day.
 */

export const screenerAsOfParam = calendarDay.optional().meta({
  description:
    'The screen as known on this day (YYYY-MM-DD): every figure from the filings filed on or before it and the ' +
    'closes up to it, with the same definitions as today (the metric catalogue). Prices and per-share values ' +
    'are as traded then (the splits up to the day). Refused (400) when it is after today or before the first ' +
    'close on file. Absent: the latest figures.',
  example: '2021-06-30',
});

/** Key statistics of one security, as of a day when asked. */
export const statisticsQuery = tickerQuery.extend({ asOf: screenerAsOfParam });

/** The screener's OData options and asOf. */
export const odataAsOfQuery = odataQuery.safeExtend({ asOf: screenerAsOfParam });

export const rebalanceEvery = z.enum(['monthly', 'quarterly']);
export type RebalanceEvery = z.infer<typeof rebalanceEvery>;

export const backtestTopMax = 200;

const flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

export const backtestQuery = z
  .object({
    $filter: odataQuery.shape.$filter,
    from: calendarDay.meta({
      description: 'First rebalance on the last trading day on or before this day',
      example: '2015-01-31',
    }),
    to: calendarDay.meta({ description: 'End of the test (YYYY-MM-DD), at most today', example: '2024-12-31' }),
    rebalance: rebalanceEvery
      .default('monthly')
      .meta({ description: 'monthly: at every month end; quarterly: at March, June, September and December ends' }),
    top: z
      .string()
      .regex(/^\d{1,4}$/, 'expected a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(backtestTopMax))
      .default(20)
      .meta({ description: `How many of the screen's stocks are held, 1 to ${backtestTopMax} (default 20)` }),
    orderBy: z.string().max(200).default('marketCap desc').meta({
      description: 'Which of the screen are taken first: an OData $orderby',
      example: 'dividendYieldPct desc',
    }),
    isGreenEnergy: flag,
    isGreenTransport: flag,
    isGreenWater: flag,
    isGreenWaste: flag,
  })
  .superRefine((query, context) => {
    if (query.from >= query.to) context.addIssue({ code: 'custom', path: ['from'], message: 'must be before to' });
  });
export type BacktestQuery = z.infer<typeof backtestQuery>;

const point = z.object({
  day: z.string().meta({ description: 'YYYY-MM-DD' }),
  value: z.number().meta({ description: 'Index value; 100 at the first rebalance' }),
});
export type BacktestPoint = z.infer<typeof point>;

const line = z.object({
  atRebalance: z.array(point).meta({ description: 'The value on each rebalance day, and the last day' }),
  monthly: z.array(point).meta({ description: 'The value at each month end (the last trading day of the month)' }),
  cagrPct: z
    .number()
    .nullable()
    .meta({ description: 'Compound annual growth, in %: (last / first)^(365.25 / days) - 1' }),
  volatilityPct: z
    .number()
    .nullable()
    .meta({ description: 'Annualised standard deviation of the monthly returns, in % (sample, x sqrt(12))' }),
  maxDrawdownPct: z
    .number()
    .nullable()
    .meta({ description: 'Deepest fall from a running high of the month-end values, in % (0 or negative)' }),
});
export type BacktestLine = z.infer<typeof line>;

export const backtestResponse = z
  .object({
    from: z.string().meta({ description: 'The first rebalance day' }),
    to: z.string().meta({ description: 'The last day valued' }),
    rebalance: rebalanceEvery,
    top: z.number().int(),
    orderBy: z.string(),
    portfolio: line.meta({ description: 'The screen: its top stocks held equal-weighted, dividends reinvested' }),
    universe: line.meta({
      description: "Every stock with a close on the rebalance day, equal-weighted: the screen's benchmark",
    }),
    turnoverPct: z
      .number()
      .nullable()
      .meta({ description: 'Mean share of the portfolio sold at a rebalance, in % (one-way, after the first)' }),
    rebalances: z
      .array(
        z.object({
          day: z.string(),
          matched: z.number().int().meta({ description: 'Stocks the screen matched that day' }),
          members: z.array(z.string()).meta({ description: 'Tickers held until the next rebalance, in orderBy order' }),
        }),
      )
      .meta({ description: 'Each rebalance: its day and the stocks bought' }),
    limits: z.array(z.enum(['survivorship', 'pricesAsLoaded', 'noCosts'])).meta({
      description:
        'What the test cannot know: survivorship (a stock whose data ends drops out then, sold at its last ' +
        'close), pricesAsLoaded (the closes and dividends as loaded, not audited), noCosts (no costs or taxes)',
    }),
  })
  .meta({
    id: 'Backtest',
    description:
      'A screen run as of each rebalance day, its top stocks held equal-weighted until the next, dividends ' +
      'reinvested (total-return closes), against the equal-weighted universe of stocks.',
  });
export type BacktestResponse = z.infer<typeof backtestResponse>;
