import { z } from 'zod';
import { type ScreenerFigure, screenerFigures } from './catalogue.ts';
import { figureNumber } from './metrics.ts';

/*
 * The screener table (one row per security) as the API shows it: camelCase names, flags as booleans. The
 * figures' fields are made from the metric catalogue (catalogue.ts: every figure it declares a screener
 * column), each described by its formula, basis and unit.
 */

export const indicatorRow = z
  .object({
    ticker: z.string(),
    name: z.string(),
    kind: z.enum(['stock', 'crypto']),
    exchange: z.string().nullable(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string(),
    ...(Object.fromEntries(screenerFigures.map((name) => [name, figureNumber(name)])) as {
      [K in ScreenerFigure]: ReturnType<typeof figureNumber>;
    }),
    isGreenEnergy: z.boolean(),
    isGreenTransport: z.boolean(),
    isGreenWater: z.boolean(),
    isGreenWaste: z.boolean(),
    asOf: z.string().nullable().meta({ description: 'Day the figures are as of (YYYY-MM-DD)' }),
  })
  .meta({
    id: 'IndicatorRow',
    description: 'One security in the screener table. With $select or fields only the chosen properties are present.',
  });
export type IndicatorRow = z.infer<typeof indicatorRow>;

export const indicatorFields = indicatorRow.keyof();
export type IndicatorField = z.infer<typeof indicatorFields>;

/** A row restricted to the selected properties. */
export const partialIndicatorRow = indicatorRow.partial();
export type PartialIndicatorRow = z.infer<typeof partialIndicatorRow>;

const exampleRow: PartialIndicatorRow = {
  ticker: 'ACME',
  name: 'Acme Corp',
  sector: 'Industrials',
  marketCap: 12500000000,
  pe: 14.2,
  dividendYieldPct: 3.1,
  isGreenEnergy: true,
};

export const odataTopMax = 1000;
const odataOptions = ['$filter', '$orderby', '$select', '$top', '$skip', '$count'] as const;
const digits = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'expected a whole number of digits')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));

export const odataQuery = z
  .looseObject({
    $filter: z
      .string()
      .max(4000)
      .optional()
      .meta({ description: 'OData 4.01 boolean expression', example: "sector eq 'Technology' and pe lt 20" }),
    $orderby: z.string().max(1000).optional().meta({ example: 'dividendYieldPct desc,ticker' }),
    $select: z.string().max(2000).optional().meta({ example: 'ticker,name,pe,dividendYieldPct' }),
    $top: digits(odataTopMax)
      .optional()
      .meta({ description: `Page size, at most ${odataTopMax}`, example: '50' }),
    $skip: digits(1_000_000_000).optional().meta({ example: '0' }),
    $count: z.enum(['true', 'false']).optional().meta({ description: 'true adds the total number of matches' }),
  })
  .superRefine((query, context) => {
    for (const key of Object.keys(query)) {
      if (key.startsWith('$') && !(odataOptions as readonly string[]).includes(key)) {
        context.addIssue({ code: 'custom', path: [key], message: `is not supported; use ${odataOptions.join(', ')}` });
      }
    }
  });
// No .meta({ id }) on query schemas: @fastify/swagger cannot resolve a $ref for query parameters.
export type ODataQuery = z.infer<typeof odataQuery>;

export const odataResponse = z
  .object({
    '@odata.count': z.number().int().optional().meta({ description: 'Total matches, with $count=true' }),
    '@odata.nextLink': z.string().optional().meta({ description: 'The next page, when the server cut the result' }),
    value: z.array(partialIndicatorRow),
  })
  .meta({
    id: 'ODataIndicators',
    description: 'OData JSON: the matching rows of the screener table.',
    example: { '@odata.count': 1, value: [exampleRow] },
  });
export type ODataResponse = z.infer<typeof odataResponse>;

export const indicatorColumn = z.object({
  name: indicatorFields,
  type: z.enum(['string', 'number', 'boolean', 'date']),
  description: z.string().optional(),
});
export type IndicatorColumn = z.infer<typeof indicatorColumn>;

export const odataV2Response = z
  .object({
    total: z.number().int().meta({ description: 'Rows matching $filter, over all pages' }),
    skip: z.number().int(),
    top: z.number().int(),
    columns: z.array(indicatorColumn).meta({ description: 'The returned properties, in order, with their types' }),
    value: z.array(partialIndicatorRow),
  })
  .meta({
    id: 'ScreenerPage',
    description: 'One page of the screener: rows, the total over all pages, and what the columns are.',
    example: {
      total: 1,
      skip: 0,
      top: 50,
      columns: [
        { name: 'ticker', type: 'string' },
        { name: 'pe', type: 'number', description: 'Price / TTM EPS; null when EPS <= 0' },
      ],
      value: [{ ticker: 'ACME', pe: 14.2 }],
    },
  });
export type ODataV2Response = z.infer<typeof odataV2Response>;
