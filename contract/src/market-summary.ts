import { z } from 'zod';
import { dividendFrequency } from './dividend-history.ts';
import { tickerSymbol, tickersPerGetMax } from './market-query.ts';
import { seriesDescription } from './series-catalogue.ts';

/*
 * The home page's market context (issue 23): movers, coins, sector performance and the next
 * ex-dividend days. Changes are in percent (1.2 = +1.2 %), prices and amounts in the security's
 * currency, days YYYY-MM-DD. Every answer says the last trading day it is as of.
 */
const pct = (description: string) => z.number().nullable().meta({ description });

export const marketMover = z.object({
  ticker: z.string(),
  name: z.string(),
  currency: z.string(),
  price: z.number().nullable().meta({ description: 'Last close' }),
  changePct: pct('Change of the last close against the previous one, in %'),
  volume: z.number().nullable().meta({ description: 'Shares (or coins) traded on the last day' }),
  marketCap: z.number().nullable(),
});
export type MarketMover = z.infer<typeof marketMover>;

const limit = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(max, `must be at most ${max}`))
    .optional()
    .meta({ description: `How many per list (default ${fallback}, at most ${max})`, example: String(fallback) });

export const moversQuery = z.object({ limit: limit(25, 5) });

export const marketMovers = z
  .object({
    asOf: z.string().nullable(),
    gainers: z.array(marketMover).meta({ description: 'Stocks with the largest rise on the last day' }),
    losers: z.array(marketMover).meta({ description: 'Stocks with the largest fall on the last day' }),
    mostActive: z.array(marketMover).meta({ description: 'Stocks with the most shares traded on the last day' }),
  })
  .meta({ id: 'MarketMovers' });
export type MarketMovers = z.infer<typeof marketMovers>;

export const cryptoStrip = z
  .object({
    asOf: z.string().nullable(),
    coins: z.array(marketMover).meta({ description: 'Every coin, the most traded (in currency) first' }),
  })
  .meta({ id: 'CryptoStrip' });
export type CryptoStrip = z.infer<typeof cryptoStrip>;

export const sectorPerformance = z
  .object({
    asOf: z.string().nullable(),
    weighting: z.literal('cap').meta({
      description:
        'How a sector’s stocks are weighted: by market cap (cap-weighted; a stock without a known cap counts for ' +
        'nothing, and a sector without one has no change); the markets page’s indices are equal-weighted',
    }),
    sectors: z.array(
      z.object({
        sector: z.string().meta({ description: 'The sector name as the data has it (the web translates it)' }),
        companies: z.number().int(),
        marketCap: z.number().meta({ description: 'Sum of the companies’ market caps' }),
        dayPct: pct(`Over the last day: ${seriesDescription('sectorChange')}`),
        monthPct: pct(`Over one month: ${seriesDescription('sectorChange')}`),
        yearPct: pct(`Over one year: ${seriesDescription('sectorChange')}`),
      }),
    ),
  })
  .meta({ id: 'SectorPerformance', description: 'Stocks by sector, largest sector first; price changes only.' });
export type SectorPerformance = z.infer<typeof sectorPerformance>;

export const exDividendsQuery = z.object({
  tickers: z
    .string()
    .max(tickersPerGetMax * 21)
    .transform((value) => value.split(',').map((ticker) => ticker.trim()))
    .pipe(z.array(tickerSymbol).min(1).max(tickersPerGetMax))
    .optional()
    .meta({ description: 'Comma-separated tickers (a watchlist); absent: every stock', example: 'SOLQ,AQWT' }),
  limit: limit(50, 8),
});

export const upcomingExDividends = z
  .object({
    asOf: z.string().nullable(),
    items: z.array(
      z.object({
        ticker: z.string(),
        name: z.string(),
        exDate: z.string().meta({ description: 'The next ex-dividend day after the last trading day' }),
        amount: z.number().meta({ description: 'Per share, in currency: announced, or the last one paid' }),
        currency: z.string(),
        yieldPct: pct('Trailing dividend yield, in %'),
        frequency: dividendFrequency.meta({
          description:
            'How often it pays as of the last trading day: the cadence most of its payments of the year have (the gaps between ex-dates), as the dividend calendar and history give it',
        }),
        estimated: z
          .boolean()
          .meta({ description: 'True when the day is projected from the payment pattern, not announced' }),
      }),
    ),
  })
  .meta({
    id: 'UpcomingExDividends',
    description: 'The next ex-dividend day of each paying stock, soonest first.',
  });
export type UpcomingExDividends = z.infer<typeof upcomingExDividends>;
