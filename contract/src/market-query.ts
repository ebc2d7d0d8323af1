import { z } from 'zod';
import { isCalendarDay } from './days.ts';
import { LANGUAGES } from './locales.ts';

/*
 * spec 3, "Ticker query: tickers, from, to, period": the query parameters the data calls share, written
 * once. Tickers are case-insensitive (stored upper-case); days are YYYY-MM-DD and inclusive.
 * No .meta({ id }) on query schemas: @fastify/swagger cannot resolve a $ref for query parameters.
 */

/** Longest ticker list in a GET URL; the POST variants take more. */
export const tickersPerGetMax = 50;
export const tickersPerPostMax = 500;

const TICKER = /^[A-Za-z0-9][A-Za-z0-9.\-^=]{0,19}$/;

export const tickerSymbol = z
  .string()
  .trim()
  .regex(TICKER, 'expected a ticker such as ACME or BRK.B')
  .transform((value) => value.toUpperCase());

export const calendarDay = z.string().refine(isCalendarDay, 'expected a date as YYYY-MM-DD');

const tickerList = (max: number) =>
  z
    .string()
    .max(max * 21)
    .transform((value) => value.split(',').map((ticker) => ticker.trim()))
    .pipe(z.array(tickerSymbol).min(1).max(max, `at most ${max} tickers`))
    .meta({ description: `Comma-separated tickers (at most ${max}); one series per ticker`, example: 'ACME,QNTM' });

export const periodParam = z
  .enum(['annual', 'quarterly'])
  .meta({ description: 'Fiscal periods: annual (default) or quarterly (three-month values)' });
export type PeriodParam = z.infer<typeof periodParam>;

const from = calendarDay.optional().meta({ description: 'First day (inclusive, YYYY-MM-DD)', example: '2016-01-01' });
const to = calendarDay.optional().meta({ description: 'Last day (inclusive, YYYY-MM-DD)', example: '2025-12-31' });

/** "from after to" is a 400 naming from. */
export function fromNotAfterTo(query: { from?: string; to?: string }, context: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to)
    context.addIssue({ code: 'custom', path: ['from'], message: `must not be after "to" (${query.to})` });
}

/** tickers, from, to: the price, drawdown, yield, ratio and dividend calls. */
export const seriesQuery = z.object({ tickers: tickerList(tickersPerGetMax), from, to }).superRefine(fromNotAfterTo);
export type SeriesQuery = z.infer<typeof seriesQuery>;

/** The POST variants: the same as a JSON body, for long ticker lists. */
export const seriesBody = z
  .object({
    tickers: z.array(tickerSymbol).min(1).max(tickersPerPostMax),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .superRefine(fromNotAfterTo)
  .meta({
    id: 'SeriesRequest',
    description: `tickers (at most ${tickersPerPostMax}), from and to (inclusive, YYYY-MM-DD)`,
    example: { tickers: ['QBTZ', 'ZETQ'], from: '2024-01-01', to: '2024-12-31' },
  });
export type SeriesBody = z.infer<typeof seriesBody>;

/*
 * Daily series sized to what a chart can show (issue 20): a range longer than two years comes one point
 * per week unless the caller asks for every day (docs/api.md, "Resolution").
 */
export const seriesResolutions = ['auto', 'daily', 'weekly'] as const;
export type SeriesResolution = (typeof seriesResolutions)[number];
const resolution = z
  .enum(seriesResolutions)
  .optional()
  .meta({
    description:
      'auto (default): every trading day for a range of up to two years, one point per week beyond; ' +
      'daily: every trading day whatever the range; weekly: one point per week',
    example: 'daily',
  });

/** tickers, from, to, resolution: the daily-series chart calls (OHLCV, drawdown, yield, valuation ratios). */
export const chartSeriesQuery = z
  .object({ tickers: tickerList(tickersPerGetMax), from, to, resolution })
  .superRefine(fromNotAfterTo);
export type ChartSeriesQuery = z.infer<typeof chartSeriesQuery>;

/** The POST variant of the daily-series calls (the OHLCV chart). */
export const chartSeriesBody = z
  .object({
    tickers: z.array(tickerSymbol).min(1).max(tickersPerPostMax),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    resolution,
  })
  .superRefine(fromNotAfterTo)
  .meta({
    id: 'ChartSeriesRequest',
    description: `tickers (at most ${tickersPerPostMax}), from and to (inclusive, YYYY-MM-DD), resolution`,
    example: { tickers: ['QBTZ', 'ZETQ'], from: '2015-01-01', resolution: 'daily' },
  });

/**
 * Statements as filed on a day (issue 32): the financials calls answer what had been filed by the end of
 * it, no look-ahead. A day after today is today.
 */
export const asOfParam = calendarDay.optional().meta({
  description:
    'Statements as filed on this day (YYYY-MM-DD): each value is the one filed last on or before it, periods ' +
    'first filed after it are absent, a TTM sums the quarters known then, and per-share values and share counts ' +
    'are on the basis of the splits up to it. A later day than today is today. Absent: the latest statements.',
  example: '2024-06-30',
});

/** tickers, from, to, period: the financials calls. from/to bound the period end. */
export const financialsQueryShape = {
  tickers: tickerList(tickersPerGetMax),
  from,
  to,
  period: periodParam.optional(),
  asOf: asOfParam,
};
export const financialsQuery = z.object(financialsQueryShape).superRefine(fromNotAfterTo);
export type FinancialsQuery = z.infer<typeof financialsQuery>;

/** Calls without a period (financial returns are per fiscal year). */
export const annualQuery = z
  .object({ tickers: tickerList(tickersPerGetMax), from, to, asOf: asOfParam })
  .superRefine(fromNotAfterTo);

/** ttm-financial: tickers only (spec 7). */
export const tickersOnlyQuery = z.object({ tickers: tickerList(tickersPerGetMax) });

/** One security: company profile, div-perc, sheets. */
export const tickerQuery = z.object({
  ticker: tickerSymbol.meta({ description: 'The ticker', example: 'ACME' }),
});

/** The company profile: one security, and the language its texts are wanted in. */
export const profileQuery = tickerQuery.extend({
  lang: z
    .enum(LANGUAGES)
    .optional()
    .meta({ description: 'Language of the descriptive texts the data has in several (the demo coins)' }),
});
