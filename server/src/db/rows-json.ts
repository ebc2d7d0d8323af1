/*
 * The rows format of db/read-formats.ts on its own: the screener's page is written by it, and so is each
 * stored screener row (derived/screener-rows.ts indicatorRowJson), whose version is computed from the code
 * it takes values from (derived/code-version.ts). Kept apart from the other formats so that a change to
 * them (the financials' statements format) does not change that version.
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
