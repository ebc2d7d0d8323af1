/*
 * What a read can be answered as besides row objects: text made from its raw rows (arrays in column
 * order) where they are read. On a reader thread (sqlite-read-pool.ts readFormatted) that takes the
 * making of objects, their JSON and the flattening of a large string off the main thread, which is the
 * one that saturates first (docs/performance.md).
 *
 * Each format is self-contained on purpose: the reader threads run its source text, so it may use no
 * import and no name from around it (not even another format).
 */

/**
 * The rows as the JSON text that JSON.stringify gives for them made objects under `names` (distinct):
 * the first `keep` rows, the `booleans` columns as true (the value 1 or true) or false (anything else,
 * null included), a number that is not finite as null.
 */
export function rowsJson(
  rows: readonly (readonly unknown[])[],
  names: readonly string[],
  options: { booleans: readonly string[]; keep: number },
): string {
  const keys = names.map((name, c) => `${c ? ',' : ''}${JSON.stringify(name)}:`);
  const flag = names.map((name) => options.booleans.includes(name));
  const n = Math.min(rows.length, options.keep);
  let out = '[';
  for (let i = 0; i < n; i++) {
    const row = rows[i] as readonly unknown[];
    out += i ? ',{' : '{';
    for (let c = 0; c < names.length; c++) {
      const value = row[c];
      let text: string;
      if (flag[c]) text = value === 1 || value === true ? 'true' : 'false';
      else if (value === null || value === undefined) text = 'null';
      else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : 'null';
      else if (typeof value === 'string') text = JSON.stringify(value);
      else throw new TypeError(`rowsJson: a ${typeof value} in column ${names[c]}`);
      out += keys[c] + text;
    }
    out += '}';
  }
  return `${out}]`;
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

export const readFormats = { rows: rowsJson, list: jsonList };
export type ReadFormats = typeof readFormats;
export type FormatName = keyof ReadFormats;
export type FormatOptions<F extends FormatName> = Parameters<ReadFormats[F]>[2];
export type FormatValue<F extends FormatName> = ReturnType<ReadFormats[F]>;

/** Source text that defines every format, by name, as the global `name` (for the reader threads). */
export function formatsSource(name: string): string {
  const entries = Object.entries(readFormats).map(([format, fn]) => `${JSON.stringify(format)}: ${fn.toString()}`);
  return `globalThis.${name} = { ${entries.join(', ')} };`;
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
