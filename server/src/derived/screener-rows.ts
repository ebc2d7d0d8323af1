import type { IndicatorField } from '@app/contract';
import type { Db } from '../db/index.ts';
import { rowsJson } from '../db/rows-json.ts';
import type { IndicatorsTable } from '../db/schema.ts';
import type { ColumnSpec } from '../odata/compile.ts';
import { derivedCodeVersion } from './code-version.ts';

/*
 * The screener's rows (indicators, ADR 0009): the allow-list of their columns under their API names,
 * and row_json, each row as the screener page writes it with every field. Written by the indicator
 * recompute (ingest/indicators.ts) with the row; read by the screener and the green list (routes/).
 * A row's row_version says which code wrote its row_json (ADR 0016): a page with a row of another
 * version reads the columns instead (routes/indicator/queries.ts), which gives the same text, until the
 * server has rewritten it (rebuildScreenerRows).
 */

/**
 * The version of the code that writes row_json: a hash of this module's source and of what it takes
 * values from (the rows format, db/rows-json.ts; code-version.ts). A new field, a renamed one or another
 * number format changes it by itself.
 */
export const SCREENER_ROWS_VERSION = derivedCodeVersion('screener-rows.ts');

/** A screener row's own columns: what row_json is made from. */
export type IndicatorColumns = Omit<IndicatorsTable, 'row_json' | 'row_version'>;

export interface IndicatorColumnSpec extends ColumnSpec {
  column: keyof IndicatorColumns;
}

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
  price: { column: 'price', type: 'number' },
  changePct: { column: 'change_pct', type: 'number' },
  marketCap: { column: 'market_cap', type: 'number' },
  pe: { column: 'pe', type: 'number' },
  ps: { column: 'ps', type: 'number' },
  pb: { column: 'pb', type: 'number' },
  evEbitda: { column: 'ev_ebitda', type: 'number' },
  dividendYieldPct: { column: 'dividend_yield_pct', type: 'number' },
  payoutRatio: { column: 'payout_ratio', type: 'number' },
  dividendCagr5y: { column: 'dividend_cagr_5y', type: 'number' },
  dividendGrowthYears: { column: 'dividend_growth_years', type: 'number' },
  dividendYieldPercentile: { column: 'dividend_yield_percentile', type: 'number' },
  revenueGrowth: { column: 'revenue_growth', type: 'number' },
  grossMargin: { column: 'gross_margin', type: 'number' },
  operatingMargin: { column: 'operating_margin', type: 'number' },
  netMargin: { column: 'net_margin', type: 'number' },
  roe: { column: 'roe', type: 'number' },
  debtToEquity: { column: 'debt_to_equity', type: 'number' },
  week52High: { column: 'week52_high', type: 'number' },
  week52Low: { column: 'week52_low', type: 'number' },
  drawdownPct: { column: 'drawdown_pct', type: 'number' },
  isGreenEnergy: { column: 'is_green_energy', type: 'boolean' },
  isGreenTransport: { column: 'is_green_transport', type: 'boolean' },
  isGreenWater: { column: 'is_green_water', type: 'boolean' },
  isGreenWaste: { column: 'is_green_waste', type: 'boolean' },
  asOf: { column: 'as_of', type: 'date' },
};

export const allIndicatorFields = Object.keys(indicatorColumns) as IndicatorField[];

export const flagFields = new Set(allIndicatorFields.filter((field) => indicatorColumns[field].type === 'boolean'));

/**
 * The screener row of every field as the page writes it (rowsJson, the read format of the screener's page):
 * stored in indicators.row_json by whoever writes the row, so that a page without $select is its rows'
 * stored texts joined: reading one text column costs a fraction of reading 34 and writing their JSON
 * (ADR 0009).
 */
export function indicatorRowJson(row: IndicatorColumns): string {
  const values = allIndicatorFields.map((field) => row[indicatorColumns[field].column]);
  return rowsJson([values], allIndicatorFields, { booleans: flagList, keep: 1 }).slice(1, -1);
}

const flagList = allIndicatorFields.filter((field) => flagFields.has(field));

/** The row to store for these columns: with its row_json, and the version of the code that made it. */
export const screenerRow = (columns: IndicatorColumns): IndicatorsTable => ({
  ...columns,
  row_json: indicatorRowJson(columns),
  row_version: SCREENER_ROWS_VERSION,
});

/** Securities whose screener row was written by code of another version. */
export async function staleScreenerRows(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('indicators')
    .select('security_id')
    .where('row_version', '<>', SCREENER_ROWS_VERSION)
    .orderBy('security_id')
    .execute();
  return rows.map((row) => row.security_id);
}
