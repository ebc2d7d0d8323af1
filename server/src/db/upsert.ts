import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Schema } from './schema.ts';

/** Rows per statement: well inside both engines' bound-parameter limits for the widest table. */
const ROWS_PER_STATEMENT = 500;

/**
 * Inserts rows, replacing `updateColumns` of a row whose `key` is already stored: the loader's writes
 * (ingest/store.ts) and the series chunks (derived/), in statements of at most 500 rows.
 *
 * A full statement is built by Kysely once per call and its SQL reused for the call's next full
 * statements with their own values (building a 500-row insert was a sixth of the demo universe's load,
 * docs/performance.md). Reused only when the built statement's parameters are exactly the rows' values
 * in column order, which is checked on the first one.
 */
export async function upsertRows<T extends keyof Schema>(
  db: Kysely<Schema> | Transaction<Schema>,
  table: T,
  rows: readonly object[],
  key: readonly string[],
  updateColumns: readonly string[],
): Promise<void> {
  let reusable: { sql: string; columns: string[] } | null | undefined;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    const full = chunk.length === ROWS_PER_STATEMENT;
    const columns = reusable?.columns ?? Object.keys(chunk[0] as object);
    if (full && reusable && chunk.every((row) => sameColumns(row, columns))) {
      const values = valuesOf(chunk, columns);
      // Kysely leaves an undefined value's column out (or writes its default): built, not reused.
      if (!values.includes(undefined)) {
        await db.executeQuery(CompiledQuery.raw(reusable.sql, values));
        continue;
      }
    }
    const compiled = db
      .insertInto(table)
      // biome-ignore lint/suspicious/noExplicitAny: rows are built from the table's own columns by the callers
      .values(chunk as any)
      .onConflict((oc) =>
        oc.columns(key as never).doUpdateSet(
          (eb) =>
            // biome-ignore lint/suspicious/noExplicitAny: excluded.<column> for the same columns
            Object.fromEntries(updateColumns.map((c) => [c, eb.ref(`excluded.${c}` as any)])) as never,
        ),
      )
      .compile();
    if (full && reusable === undefined) {
      const same = chunk.every((row) => sameColumns(row, columns)) && sameValues(compiled.parameters, chunk, columns);
      reusable = same ? { sql: compiled.sql, columns } : null;
    }
    await db.executeQuery(compiled);
  }
}

/** The row has exactly these columns, in this order (Kysely's column list comes from the rows' keys). */
function sameColumns(row: object, columns: readonly string[]): boolean {
  const keys = Object.keys(row);
  return keys.length === columns.length && keys.every((name, i) => name === columns[i]);
}

function valuesOf(rows: readonly object[], columns: readonly string[]): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push((row as Record<string, unknown>)[column]);
  return values;
}

function sameValues(parameters: readonly unknown[], rows: readonly object[], columns: readonly string[]): boolean {
  const values = valuesOf(rows, columns);
  return values.length === parameters.length && values.every((value, i) => Object.is(value, parameters[i]));
}
