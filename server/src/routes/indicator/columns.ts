import type { IndicatorColumn, IndicatorField, PartialIndicatorRow } from '@app/contract';
import { indicatorRow } from '@app/contract';
import { flagFields, indicatorColumns } from '../../derived/screener-rows.ts';

/* The screener's and the green list's reads of the rows (derived/screener-rows.ts): select lists, shapes. */

/**
 * The select list for these fields: each column under its API name (`"market_cap" as "marketCap"`), so
 * the rows the database hands back are already the API's rows but for the flags. Only allow-listed
 * names reach this text: the fields were checked against `indicatorColumns`.
 */
export function indicatorSelectList(fields: readonly IndicatorField[]): string {
  return fields.map((field) => `"${indicatorColumns[field].column}" as "${field}"`).join(', ');
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
