import type { IndicatorColumn, IndicatorField, PartialIndicatorRow } from '@app/contract';
import { indicatorRow } from '@app/contract';
import { rowsJson } from '../../db/read-formats.ts';
import type { IndicatorsTable } from '../../db/schema.ts';
import type { ColumnSpec } from '../../odata/compile.ts';

interface IndicatorColumnSpec extends ColumnSpec {
  column: Exclude<keyof IndicatorsTable, 'row_json'>;
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

/**
 * The select list for these fields: each column under its API name (`"market_cap" as "marketCap"`), so
 * the rows the database hands back are already the API's rows but for the flags. Only allow-listed
 * names reach this text: the fields were checked against `indicatorColumns`.
 */
export function indicatorSelectList(fields: readonly IndicatorField[]): string {
  return fields.map((field) => `"${indicatorColumns[field].column}" as "${field}"`).join(', ');
}

const flagFields = new Set(allIndicatorFields.filter((field) => indicatorColumns[field].type === 'boolean'));

/** True when a page shows every field in the default order: its rows are their stored row_json. */
export const isWholeRow = (fields: readonly IndicatorField[]): boolean =>
  fields.length === allIndicatorFields.length && fields.every((field, i) => field === allIndicatorFields[i]);

/**
 * The screener row of every field as the page writes it (rowsJson, the format the reader threads use):
 * stored in indicators.row_json by whoever writes the row, so that a page without $select is its rows'
 * stored texts joined. Reading 50 rows of 34 columns and writing their JSON cost about 0.65 ms of a
 * reader thread per request; reading the texts costs 0.1 (docs/performance.md).
 */
export function indicatorRowJson(row: Omit<IndicatorsTable, 'row_json'>): string {
  const values = allIndicatorFields.map((field) => row[indicatorColumns[field].column]);
  const booleans = allIndicatorFields.filter((field) => flagFields.has(field));
  return rowsJson([values], allIndicatorFields, { booleans, keep: 1 }).slice(1, -1);
}

/**
 * Rows read with `indicatorSelectList(fields)` made API rows, in place: the flags (integers 0/1 in both
 * engines) become booleans, null as false. Every other value already has its API type: text columns
 * are strings, numbers numbers and days 'YYYY-MM-DD' strings in both engines (db/index.ts).
 */
export function presentIndicatorRows(
  rows: Record<string, unknown>[],
  fields: readonly IndicatorField[],
): PartialIndicatorRow[] {
  const flags = fields.filter((field) => flagFields.has(field));
  if (flags.length > 0) {
    for (const row of rows) for (const flag of flags) row[flag] = row[flag] === 1 || row[flag] === true;
  }
  return rows as PartialIndicatorRow[];
}

/** Column metadata for the screener page: name, type and the unit-bearing description from the contract. */
export function describeColumns(fields: readonly IndicatorField[]): IndicatorColumn[] {
  return fields.map((name) => {
    const description = indicatorRow.shape[name].description;
    return { name, type: indicatorColumns[name].type, ...(description ? { description } : {}) };
  });
}
