import { CompiledQuery, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Schema } from './schema.ts';

/** Rows per statement: well inside both engines' bound-parameter limits for the widest table. */
const ROWS_PER_STATEMENT = 500;
/** Rows per statement on PostgreSQL, where a statement carries one array per column (no parameter limit). */
const PG_ROWS_PER_STATEMENT = 10_000;

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
  if (rows.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter && (await upsertUnnest(db, table, rows, key, updateColumns)))
    return;
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

/*
 * PostgreSQL: `insert into t (columns) select * from unnest($1::type[], ...) on conflict ...`, one array
 * per column. A 500-row VALUES statement carries 4,500 parameters, each bound and then parsed by the
 * server; with arrays a statement carries one per column, whatever its rows (a company's 5,000 days of
 * prices in one statement instead of ten), which made most of the bulk load's time on PostgreSQL
 * (docs/data-sources.md, "Benchmark"). Only for rows whose values are all numbers, strings or null and
 * that have the same columns (else false: the caller's VALUES path writes them).
 */

/** Each table's column types (format_type), read once per process; the same in every schema of the app. */
const columnTypes = new Map<string, Promise<Map<string, string>>>();

async function typesOf(db: Kysely<Schema> | Transaction<Schema>, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = to_regclass(${table}) and attnum > 0 and not attisdropped`
      .execute(db)
      .then((result) => new Map(result.rows.map((r) => [r.name, r.type])));
    columnTypes.set(table, types);
    types.catch(() => columnTypes.delete(table));
  }
  return types;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function upsertUnnest(
  db: Kysely<Schema> | Transaction<Schema>,
  table: string,
  rows: readonly object[],
  key: readonly string[],
  updateColumns: readonly string[],
): Promise<boolean> {
  const columns = Object.keys(rows[0] as object);
  for (const row of rows) {
    if (!sameColumns(row, columns)) return false;
    for (const column of columns) {
      const value = (row as Record<string, unknown>)[column];
      if (value !== null && typeof value !== 'number' && typeof value !== 'string') return false;
      if (typeof value === 'number' && !Number.isFinite(value)) return false;
    }
  }
  const types = await typesOf(db, table);
  if (columns.some((c) => !types.has(c))) return false;
  const text =
    `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) ` +
    `select * from unnest(${columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ')}) ` +
    `on conflict (${key.map(quoted).join(', ')}) do ` +
    (updateColumns.length
      ? `update set ${updateColumns.map((c) => `${quoted(c)} = excluded.${quoted(c)}`).join(', ')}`
      : 'nothing');
  for (let i = 0; i < rows.length; i += PG_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + PG_ROWS_PER_STATEMENT);
    const arrays = columns.map((column) => arrayLiteral(chunk, column));
    await db.executeQuery(CompiledQuery.raw(text, arrays));
  }
  return true;
}

const NEEDS_ESCAPE = /[\\"]/;

/**
 * A column's values as a PostgreSQL array literal, sent as text and cast by the statement: numbers as their
 * shortest round-trip form (what the server parses back to the same double), strings always quoted with
 * backslash and quote escaped, null as NULL. The same literal pg makes of a JS array, without its two
 * regular expressions per value (a whole-market load sends tens of millions of values).
 */
function arrayLiteral(rows: readonly object[], column: string): string {
  let out = '{';
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out += ',';
    const value = (rows[i] as Record<string, unknown>)[column];
    if (value === null) out += 'NULL';
    else if (typeof value === 'number') out += String(value);
    else {
      const text = value as string;
      out += NEEDS_ESCAPE.test(text) ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`;
    }
  }
  return `${out}}`;
}
