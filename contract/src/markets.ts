import { z } from 'zod';
import { seriesDescription } from './series-catalogue.ts';

/*
 * The markets page (issue 33): the universe's equal-weighted price index and one per sector, with the
 * sectors' largest movers of the last day. Changes in % (1.2 = +1.2 %).
 */
const pct = (description: string) => z.number().nullable().meta({ description });

export const sectorMover = z.object({
  ticker: z.string(),
  name: z.string(),
  currency: z.string(),
  price: z.number().nullable().meta({ description: 'Last close' }),
  changePct: z.number().meta({ description: 'Change of the last close against the previous one, in %' }),
});
export type SectorMover = z.infer<typeof sectorMover>;

const indexSeries = z.object({
  companies: z.number().int().meta({ description: 'Stocks in the index on the last day' }),
  dayPct: pct('Change of the last day, in %'),
  monthPct: pct('Change against the last trading day on or before the same date a month earlier, in %'),
  yearPct: pct('Change against the last trading day on or before the same date a year earlier, in %'),
  values: z
    .array(z.number().nullable())
    .meta({ description: 'The index on each of days (100 on the first); null before its first day' }),
});

export const marketIndices = z
  .object({
    asOf: z.string().nullable().meta({ description: 'The last trading day' }),
    weighting: z.literal('equal').meta({
      description:
        'How the stocks of an index are weighted: equal (every stock counts the same); the home page’s sector ' +
        'performance is cap-weighted, and says so',
    }),
    days: z.array(z.string()).meta({ description: 'The trading days of the last year and a week, ascending' }),
    universe: indexSeries,
    sectors: z.array(
      indexSeries.extend({
        sector: z.string().meta({ description: 'The sector name as the data has it (the web translates it)' }),
        gainers: z.array(sectorMover).meta({ description: 'Up to three: the largest rises of the last day' }),
        losers: z.array(sectorMover).meta({ description: 'Up to three: the largest falls of the last day' }),
      }),
    ),
  })
  .meta({
    id: 'MarketIndices',
    description:
      `Price indices of every stock (${seriesDescription('marketIndex')}) and of each sector ` +
      `(${seriesDescription('sectorIndex')}). Sectors by number of companies, most first.`,
  });
export type MarketIndices = z.infer<typeof marketIndices>;
