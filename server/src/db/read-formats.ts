import { statementPeriods } from '../derived/statement-values-format.ts';

/*
 * What a read can be answered as besides row objects: text made from its raw rows (arrays in column
 * order): the screener's page comes back as one string rather than objects to build and JSON to write
 * with the rest of the reply (ADR 0014), and the stored statement values as their periods' JSON.
 */

/**
 * The rows as the JSON text that JSON.stringify gives for them made objects under `names` (distinct):
 * the first `keep` rows, the `booleans` columns as true (the value 1 or true) or false (anything else,
 * null included), a number that is not finite as null.
 *
 * The rows are made objects by a function compiled once per column list (kept on the function itself),
 * and JSON.stringify writes them: its own number formatting is several times faster than String(n) in
 * JavaScript (ADR 0014).
 */
export function rowsJson(
  rows: readonly (readonly unknown[])[],
  names: readonly string[],
  options: { booleans: readonly string[]; keep: number },
): string {
  const self = rowsJson as typeof rowsJson & { makers?: Map<string, (row: readonly unknown[]) => object> };
  self.makers ??= new Map();
  const key = `${options.booleans.join(',')}|${names.join(',')}`;
  let make = self.makers.get(key);
  if (!make) {
    const fields = names.map((name, c) => {
      // "__proto__" in an object literal would set the prototype, not a property.
      if (name === '__proto__') throw new TypeError('rowsJson: a column named __proto__');
      const value = options.booleans.includes(name) ? `v[${c}] === 1 || v[${c}] === true` : `v[${c}] ?? null`;
      return `${JSON.stringify(name)}: ${value}`;
    });
    make = new Function('v', `return { ${fields.join(', ')} };`) as (row: readonly unknown[]) => object;
    // Column lists follow the $select of each query: keep a bounded number.
    if (self.makers.size >= 1000) self.makers.delete(self.makers.keys().next().value as string);
    self.makers.set(key, make);
  }
  const n = Math.min(rows.length, options.keep);
  const objects = new Array<object>(n);
  for (let i = 0; i < n; i++) {
    const row = rows[i] as readonly unknown[];
    // Only text, numbers and nulls have a JSON form here (a BLOB would be written as an object).
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (typeof value === 'object' && value !== null) throw new TypeError(`rowsJson: an object in column ${names[c]}`);
    }
    objects[i] = make(row);
  }
  return JSON.stringify(objects);
}

/** The first column's texts, each already JSON, as one JSON array of the first `keep` rows. */
export function jsonList(
  rows: readonly (readonly unknown[])[],
  _names: readonly string[],
  options: { keep: number },
): string {
  const n = Math.min(rows.length, options.keep);
  const texts = new Array<unknown>(n);
  for (let i = 0; i < n; i++) texts[i] = (rows[i] as readonly unknown[])[0];
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
