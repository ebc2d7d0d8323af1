import { statementPeriods } from '../derived/statement-values-format.ts';
import { rowsJson } from './rows-json.ts';

/*
 * What a read can be answered as besides row objects: text made from its raw rows (arrays in column
 * order): the screener's page comes back as one string rather than objects to build and JSON to write
 * with the rest of the reply (ADR 0014, rows-json.ts), the stored screener rows joined, and the stored
 * statement values as their periods' JSON.
 */

/**
 * The first column's texts, each already JSON, as one JSON array of the first `keep` rows; null when the
 * second column of one of them is not `version`: a stored text written by code of another version
 * (derived/code-version.ts), which the caller answers another way.
 */
export function jsonList(
  rows: readonly (readonly unknown[])[],
  _names: readonly string[],
  options: { keep: number; version: number },
): string | null {
  const n = Math.min(rows.length, options.keep);
  const texts = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const row = rows[i] as readonly unknown[];
    if (row[1] !== options.version) return null;
    texts[i] = row[0];
  }
  return `[${texts.join(',')}]`;
}

// The statements format belongs to the stored values it reads (derived/).
export const readFormats = { rows: rowsJson, list: jsonList, statements: statementPeriods };
export type ReadFormats = typeof readFormats;
export type FormatName = keyof ReadFormats;
export type FormatOptions<F extends FormatName> = Parameters<ReadFormats[F]>[2];
export type FormatValue<F extends FormatName> = ReturnType<ReadFormats[F]>;

/** A read answered in a format: its value, and how many rows the statement gave. */
export interface Formatted<T> {
  value: T;
  count: number;
}

/** A format applied to rows read as objects (their keys in column order): the same value as from raw rows. */
export function formatObjects<F extends FormatName>(
  rows: readonly Record<string, unknown>[],
  format: F,
  options: FormatOptions<F>,
): FormatValue<F> {
  const names = rows[0] ? Object.keys(rows[0]) : [];
  const raw = rows.map((row) => Object.values(row));
  const apply = readFormats[format] as unknown as (r: unknown[][], n: string[], o: FormatOptions<F>) => FormatValue<F>;
  return apply(raw, names, options);
}
