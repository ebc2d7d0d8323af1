import { z } from 'zod';

/*
 * The pages of their own (issue 46): the coin list at /crypto and the market map on the markets page.
 * Changes are in percent (1.2 = +1.2 %), prices and market caps in the security's currency, days
 * YYYY-MM-DD; every answer says the last trading day it is as of.
 */
const pct = (description: string) => z.number().nullable().meta({ description });

export const coinList = z
  .object({
    asOf: z.string().nullable(),
    coins: z
      .array(
        z.object({
          ticker: z.string(),
          name: z.string(),
          currency: z.string(),
          price: z.number().nullable().meta({ description: 'Last close' }),
          change1dPct: pct('Change of the last close against the previous one, in %'),
          change7dPct: pct('Change against the last close 7 days before the last day, in %'),
          change1yPct: pct('One-year change on daily closes, in % (the coin page’s figure)'),
          marketCap: z.number().nullable().meta({ description: 'In currency' }),
          volume: z.number().nullable().meta({ description: 'Coins traded on the last day (the unit is the ticker)' }),
          drawdownPct: pct('Last close against the highest close of the whole history, in % (0 or below)'),
          sparkline: z
            .array(z.object({ day: z.string(), close: z.number() }))
            .meta({ description: 'One year of weekly closes, the last close included' }),
        }),
      )
      .meta({ description: 'Every coin, the largest market cap first' }),
  })
  .meta({ id: 'CoinList' });
export type CoinList = z.infer<typeof coinList>;
export type CoinRow = CoinList['coins'][number];

/** The ranges the market map colours by. */
export const MAP_RANGES = ['1D', '1W', '1M', 'YTD', '1Y'] as const;
export const mapRange = z.enum(MAP_RANGES);
export type MapRange = z.infer<typeof mapRange>;

export const marketMapQuery = z.object({
  range: mapRange.default('1D').meta({ description: 'The period the change is over', example: '1M' }),
});

export const marketMap = z
  .object({
    asOf: z.string().nullable(),
    range: mapRange,
    stocks: z
      .array(
        z.object({
          ticker: z.string(),
          name: z.string(),
          sector: z.string().meta({ description: 'The sector as the data has it (the web translates it)' }),
          currency: z.string(),
          price: z.number().nullable().meta({ description: 'Last close' }),
          marketCap: z.number().meta({ description: 'In currency; stocks without one are not on the map' }),
          changePct: pct('Split-adjusted price change over the range, in %'),
        }),
      )
      .meta({ description: 'Every stock with a sector and a market cap, the largest first' }),
  })
  .meta({ id: 'MarketMap' });
export type MarketMap = z.infer<typeof marketMap>;
export type MapStock = MarketMap['stocks'][number];
