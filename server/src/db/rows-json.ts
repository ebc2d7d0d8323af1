/**
 * Rows read raw (arrays in column order) as the JSON text that JSON.stringify gives for the same rows
 * made objects under `names` (distinct): the first `keep` rows, the `booleans` columns written as true
 * (the value 1 or true) or false (anything else, null included), a number that is not finite as null.
 *
 * Self-contained on purpose: the SQLite reader threads run its source text (sqlite-read-pool.ts), so it
 * may use no import and no name from around it.
 */
export function rowsJson(
  rows: readonly (readonly unknown[])[],
  names: readonly string[],
  booleans: readonly string[],
  keep: number,
): string {
  const keys = names.map((name, c) => `${c ? ',' : '{'}${JSON.stringify(name)}:`);
  const flag = names.map((name) => booleans.includes(name));
  const n = Math.min(rows.length, keep);
  let out = '[';
  for (let i = 0; i < n; i++) {
    const row = rows[i] as readonly unknown[];
    if (i) out += ',';
    if (names.length === 0) out += '{';
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
