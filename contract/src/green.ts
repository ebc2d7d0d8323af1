import { z } from 'zod';
import { screenerAsOfParam } from './backtest.ts';
import { indicatorFields, partialIndicatorRow } from './indicator.ts';

export const greenLimitMax = 1000;
export const greenDefaultFields = [
  'ticker',
  'name',
  'sector',
  'country',
  'marketCap',
  'dividendYieldPct',
  'isGreenEnergy',
  'isGreenTransport',
  'isGreenWater',
  'isGreenWaste',
] as const;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();
const whole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));

export const greenStocksDescription =
  'Stocks with at least one green flag. Flags set to true narrow the list to stocks with any of those flags; ' +
  'false or absent flags do not filter. Sorted with unknown values last, ticker breaking ties.';

/** spec 3: the green-stocks list request (fields, orderBy, order, skip, limit) and filter (four flags). */
export const greenStocksQuery = z.object({
  fields: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').map((field) => field.trim()))
    .pipe(z.array(indicatorFields).min(1))
    .optional()
    .meta({ description: 'Comma-separated properties to return', example: 'ticker,name,marketCap' }),
  orderBy: indicatorFields.optional().meta({ description: 'Property to sort by (default marketCap)' }),
  order: z.enum(['asc', 'desc']).optional().meta({ description: 'Sort direction (default desc)' }),
  skip: whole(1_000_000_000).optional(),
  limit: whole(greenLimitMax)
    .optional()
    .meta({ description: `Page size (default 50, at most ${greenLimitMax})` }),
  isGreenEnergy: flag,
  isGreenTransport: flag,
  isGreenWater: flag,
  isGreenWaste: flag,
  asOf: screenerAsOfParam,
});
export type GreenStocksQuery = z.infer<typeof greenStocksQuery>;

export const greenStocksResponse = z
  .object({
    total: z.number().int().meta({ description: 'Matching stocks over all pages' }),
    skip: z.number().int(),
    limit: z.number().int(),
    rows: z.array(partialIndicatorRow),
  })
  .meta({
    id: 'GreenStocks',
    example: {
      total: 1,
      skip: 0,
      limit: 50,
      rows: [
        { ticker: 'SUNR', name: 'Sunrise Power', marketCap: 4200000000, isGreenEnergy: true, isGreenWater: false },
      ],
    },
  });
export type GreenStocksResponse = z.infer<typeof greenStocksResponse>;
