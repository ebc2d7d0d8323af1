import { type IndicatorField, type ScreenerFigure, screenerColumnOf, screenerFigures } from '@app/contract';
import type { IndicatorsTable } from '../db/schema.ts';
import type { ColumnSpec } from '../odata/compile.ts';

/*
 * The screener's rows (indicators): one wide row per security, the metric catalogue's figures of its last
 * trading day (metrics/snapshot.ts) kept as columns so that OData can filter and sort the whole universe
 * in one indexed query. Here: the allow-list of those columns under their API names, made from the
 * catalogue (contract/src/catalogue.ts) for the figures. Written by the indicator recompute
 * (ingest/indicators.ts); read by the screener and the green list (routes/).
 */

/** A screener row's columns. */
export type IndicatorColumns = IndicatorsTable;

export interface IndicatorColumnSpec extends ColumnSpec {
  column: keyof IndicatorColumns;
}

/** Each screener figure's API name -> its stored column, as the catalogue declares it. */
export const figureColumns = Object.fromEntries(
  screenerFigures.map((name) => [name, { column: screenerColumnOf(name), type: 'number' }]),
) as Record<ScreenerFigure, IndicatorColumnSpec>;

/**
 * The allow-list: the only columns OData and the green-stocks call can read, filter or sort on,
 * under their API names. Used by the screener (/indicator/odata*) and the green list alike.
 */
export const indicatorColumns: Readonly<Record<IndicatorField, IndicatorColumnSpec>> = {
  ticker: { column: 'ticker', type: 'string' },
  name: { column: 'name', type: 'string' },
  kind: { column: 'kind', type: 'string' },
  exchange: { column: 'exchange', type: 'string' },
  sector: { column: 'sector', type: 'string' },
  industry: { column: 'industry', type: 'string' },
  country: { column: 'country', type: 'string' },
  currency: { column: 'currency', type: 'string' },
  ...figureColumns,
  isGreenEnergy: { column: 'is_green_energy', type: 'boolean' },
  isGreenTransport: { column: 'is_green_transport', type: 'boolean' },
  isGreenWater: { column: 'is_green_water', type: 'boolean' },
  isGreenWaste: { column: 'is_green_waste', type: 'boolean' },
  asOf: { column: 'as_of', type: 'date' },
};

export const allIndicatorFields = Object.keys(indicatorColumns) as IndicatorField[];

export const flagFields = new Set(allIndicatorFields.filter((field) => indicatorColumns[field].type === 'boolean'));
