import { z } from 'zod';
import { seriesDescription } from './series-catalogue.ts';
import { statementKind } from './statement-templates.ts';

/*
 * Chart calls (spec 7). Every response is { series: [one per requested ticker, in the order asked] };
 * each series names its ticker and currency and holds points sorted by day (trading days; UTC calendar
 * days for crypto). Prices are in the security's currency, per share, adjusted for later splits so a
 * split is not a drop; adjClose also folds in dividends (total return).
 */

const seriesHead = {
  ticker: z.string(),
  name: z.string(),
  currency: z.string(),
};

/** Which points a daily-series call sent (the query's resolution, docs/api.md "Resolution"). */
const resolution = z.enum(['daily', 'weekly']).meta({
  description:
    'daily: every trading day; weekly: one point per calendar week (Monday to Sunday), on its last trading ' +
    "day (OHLCV: the week as one bar; drawdown: the week's deepest day)",
});

export const priceChart = z
  .object({
    series: z.array(
      z.object({
        ...seriesHead,
        points: z.array(z.object({ day: z.string(), close: z.number().meta({ description: 'Split-adjusted close' }) })),
      }),
    ),
  })
  .meta({
    id: 'PriceChart',
    description: 'Daily closes, split-adjusted, one series per ticker.',
    example: {
      series: [
        {
          ticker: 'ACME',
          name: 'Acme Corp',
          currency: 'USD',
          points: [
            { day: '2025-01-02', close: 101.5 },
            { day: '2025-01-03', close: 102.25 },
          ],
        },
      ],
    },
  });
export type PriceChart = z.infer<typeof priceChart>;

export const ohlcvPoint = z.object({
  day: z.string(),
  open: z.number().nullable(),
  high: z.number().nullable(),
  low: z.number().nullable(),
  close: z.number(),
  volume: z.number().nullable().meta({ description: 'Shares (coins) traded, in split-adjusted share terms' }),
  adjClose: z.number().meta({ description: 'Close adjusted for later splits and dividends (total return)' }),
  dividend: z.number().optional().meta({ description: 'On an ex-date: the cash dividend per (split-adjusted) share' }),
  split: z
    .object({ numerator: z.number(), denominator: z.number() })
    .optional()
    .meta({ description: 'On a split day: the ratio (4:1 is numerator 4, denominator 1)' }),
});

/** The price chart's range buttons (issue 8), counted back from the last day with a close. */
export const chartRanges = ['1M', '6M', 'YTD', '1Y', '5Y', '10Y', 'MAX'] as const;
export type ChartRangeName = (typeof chartRanges)[number];

const rangeChangesPct = z
  .object(
    Object.fromEntries(chartRanges.map((range) => [range, z.number().nullable()])) as Record<
      ChartRangeName,
      z.ZodNullable<z.ZodNumber>
    >,
  )
  .meta({
    description:
      "Change over each range button in %, from daily split-adjusted closes whatever the points' resolution: " +
      "the last close / the close on or before the range's start (the same date 1, 6, 12, 60 or 120 months " +
      'before the last day; YTD: 1 January) - 1; MAX from the first daily close. null when the days of the ' +
      'answer do not reach back to the start',
  });

export const priceChartV2 = z
  .object({
    series: z.array(z.object({ ...seriesHead, resolution, rangeChangesPct, points: z.array(ohlcvPoint) })),
  })
  .meta({
    id: 'PriceChartV2',
    description:
      'Daily OHLCV: open, high, low, close and volume adjusted for later splits (as most vendors show them), ' +
      'the total-return adjusted close, and the dividends and splits on their days.',
    example: {
      series: [
        {
          ticker: 'ZFAB',
          name: 'Zephyr Fabrication',
          currency: 'USD',
          resolution: 'daily',
          rangeChangesPct: { '1M': null, '6M': null, YTD: null, '1Y': null, '5Y': null, '10Y': null, MAX: 0.6 },
          points: [
            {
              day: '2021-06-01',
              open: 50,
              high: 51.2,
              low: 49.5,
              close: 50.8,
              volume: 1200000,
              adjClose: 48.9,
              split: { numerator: 4, denominator: 1 },
            },
            {
              day: '2021-06-02',
              open: 50.8,
              high: 51,
              low: 50.1,
              close: 50.3,
              volume: 900000,
              adjClose: 48.4,
              dividend: 0.21,
            },
          ],
        },
      ],
    },
  });
export type PriceChartV2 = z.infer<typeof priceChartV2>;

export const drawdownChart = z
  .object({
    series: z.array(
      z.object({
        ...seriesHead,
        resolution,
        currentPct: z.number().nullable().meta({ description: 'Drawdown on the last day, in % (0 or negative)' }),
        maxPct: z.number().nullable().meta({ description: 'Deepest drawdown in the range, in %' }),
        maxDay: z.string().nullable().meta({ description: 'Day of the deepest drawdown' }),
        points: z.array(z.object({ day: z.string(), drawdownPct: z.number() })),
      }),
    ),
  })
  .meta({
    id: 'DrawdownChart',
    description: `Downside potential: ${seriesDescription('drawdown')}.`,
    example: {
      series: [
        {
          ticker: 'QBTZ',
          name: 'Quibitz',
          currency: 'USD',
          resolution: 'daily',
          currentPct: -12.5,
          maxPct: -48.1,
          maxDay: '2022-11-21',
          points: [
            { day: '2022-01-01', drawdownPct: 0 },
            { day: '2022-01-02', drawdownPct: -1.4 },
          ],
        },
      ],
    },
  });
export type DrawdownChart = z.infer<typeof drawdownChart>;

export const dividendYieldChart = z
  .object({
    series: z.array(
      z.object({ ...seriesHead, resolution, points: z.array(z.object({ day: z.string(), yieldPct: z.number() })) }),
    ),
  })
  .meta({
    id: 'DividendYieldChart',
    description: `Dividend yield per trading day: ${seriesDescription('dividendYield')}.`,
    example: {
      series: [
        {
          ticker: 'SOLQ',
          name: 'Solquarry Power',
          currency: 'USD',
          resolution: 'daily',
          points: [{ day: '2025-01-02', yieldPct: 3.41 }],
        },
      ],
    },
  });
export type DividendYieldChart = z.infer<typeof dividendYieldChart>;

const ratio = (description: string) => z.number().nullable().meta({ description });

/** The valuation chart's ratios, in the order its series and points name them. */
export const valuationRatios = ['pe', 'ps', 'pb', 'evEbitda', 'pfcf', 'evSales'] as const;

export const valuationRatiosChart = z
  .object({
    series: z.array(
      z.object({
        ...seriesHead,
        resolution,
        template: statementKind.nullable(),
        notMeaningful: z.array(z.enum(valuationRatios)).meta({
          description:
            'Ratios that mean nothing for the company’s kind (a bank’s EV/EBITDA, EV/Sales and P/FCF: its debt and ' +
            'cash are its business), the rule key statistics follow; they are null on every point',
        }),
        peEps: z.enum(['diluted', 'basic']).nullable().meta({
          description: 'The EPS the P/E is on: diluted, or basic where the company files no diluted EPS',
        }),
        points: z.array(
          z.object({
            day: z.string(),
            pe: ratio(seriesDescription('pe')),
            ps: ratio(seriesDescription('ps')),
            pb: ratio(seriesDescription('pb')),
            evEbitda: ratio(seriesDescription('evEbitda')),
            pfcf: ratio(seriesDescription('pfcf')),
            evSales: ratio(seriesDescription('evSales')),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: 'ValuationRatiosChart',
    description:
      'Valuation ratios per trading day from the close of the day and the fundamentals filed by then ' +
      '(no look-ahead). TTM = the last four quarters; market cap = close x latest shares outstanding.',
    example: {
      series: [
        {
          ticker: 'SOLQ',
          name: 'Solquarry Power',
          currency: 'USD',
          resolution: 'daily',
          template: 'general',
          notMeaningful: [],
          peEps: 'diluted',
          points: [{ day: '2025-01-02', pe: 18.2, ps: 2.1, pb: 1.9, evEbitda: 11.4, pfcf: 21.5, evSales: 2.6 }],
        },
      ],
    },
  });
export type ValuationRatiosChart = z.infer<typeof valuationRatiosChart>;
