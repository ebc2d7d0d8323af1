import type { Kysely, Transaction } from 'kysely';
import type { Schema } from './schema.ts';

/** Rows per statement: well inside both engines' bound-parameter limits for the widest table. */
const ROWS_PER_STATEMENT = 500;

/**
 * Inserts rows, replacing `updateColumns` of a row whose `key` is already stored: the loader's writes
 * (ingest/store.ts) and the series chunks (derived/), in statements of at most 500 rows.
 */
export async function upsertRows<T extends keyof Schema>(
  db: Kysely<Schema> | Transaction<Schema>,
  table: T,
  rows: readonly object[],
  key: readonly string[],
  updateColumns: readonly string[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    await db
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
      .execute();
  }
}
