import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/*
 * What Kysely's SQLite dialect talks to, in place of the better-sqlite3 database itself. Two things
 * change, neither visible to a query:
 *
 * - Rows are read in better-sqlite3's raw mode (arrays) and turned into objects by a function compiled
 *   once per column list. better-sqlite3 builds each row object key by key; on a 10-year price read
 *   (2,600 rows) that was 40 % of the query, and 70 % on a five-company statement read (1,300 rows of
 *   nine columns). An object literal of a fixed shape is what V8 builds fastest.
 * - Prepared statements are kept (a bounded map keyed by SQL text) instead of compiled again per call.
 *   A statement being iterated is busy, so streaming reads always prepare their own.
 */
type RowBuilder = (values: unknown[]) => Record<string, unknown>;

const compiled = new Map<string, (...args: unknown[]) => Record<string, unknown>>();
const COMPILED_KEPT = 1000;

/**
 * A function returning `{ "a": <value 0>, "b": <value 1> }` for the column names, compiled once per
 * (names, shape): V8 builds object literals of a fixed shape fastest. `parameters` and `valueAt` say
 * where column i's value is read from. A name repeated keeps its last value, as better-sqlite3 does.
 */
export function compileRecord<F>(
  names: readonly string[],
  parameters: readonly string[],
  valueAt: (i: number) => string,
): F {
  const key = `${parameters.join(',')}|${valueAt(0)}|${names.join('\u0000')}`;
  let make = compiled.get(key);
  if (!make) {
    const fields = names.map((name, i) => `${JSON.stringify(name)}: ${valueAt(i)}`).join(', ');
    make = new Function(...parameters, `return { ${fields} };`) as (...args: unknown[]) => Record<string, unknown>;
    // Column lists follow the queries, and the screener's $select makes many: keep a bounded number.
    if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, make);
  }
  return make as F;
}

/** How many row makers are compiled now (bounded; for tests). */
export const compiledRecords = (): number => compiled.size;

/** `(v) => ({ "a": v[0], "b": v[1] })`: a raw row made an object. */
export const rowBuilder = (names: readonly string[]): RowBuilder =>
  compileRecord<RowBuilder>(names, ['v'], (i) => `v[${i}]`);

const STATEMENTS_KEPT = 500;

const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

export function fastRowsDatabase(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, { statement: SQLite.Statement; build?: RowBuilder; columns: number }>();

  function prepared(sql: string) {
    let entry = statements.get(sql);
    if (entry) {
      // Most recently used last: the first key is the one to drop when full.
      statements.delete(sql);
    } else {
      const statement = sqlite.prepare(sql);
      entry = { statement, columns: 0 };
      if (statement.reader) {
        const names = statement.columns().map((c) => c.name);
        entry.build = rowBuilder(names);
        entry.columns = names.length;
        statement.raw(true);
      }
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, entry);
    return entry;
  }

  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      // SQLite ends a transaction by itself when a write or the commit fails for a full disk (SQLITE_FULL) or
      // an I/O error; the rollback Kysely then sends would fail ("no transaction is active") and hide that
      // error (issue 34). With nothing to roll back it does nothing, and the real error is thrown.
      if (!sqlite.inTransaction && /^\s*rollback\s*$/i.test(sql)) return NOTHING_TO_ROLL_BACK;
      const entry = prepared(sql);
      return {
        reader: entry.statement.reader,
        all(parameters) {
          const rows = entry.statement.all(parameters) as unknown[][];
          // A kept `select *` whose table changed shape since (a migration in tests): name the columns again.
          if (rows.length > 0 && (rows[0] as unknown[]).length !== entry.columns) {
            const names = entry.statement.columns().map((c) => c.name);
            entry.build = rowBuilder(names);
            entry.columns = names.length;
          }
          const build = entry.build as RowBuilder;
          const out = new Array<Record<string, unknown>>(rows.length);
          for (let i = 0; i < rows.length; i++) out[i] = build(rows[i] as unknown[]);
          return out;
        },
        run: (parameters) => entry.statement.run(parameters),
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
    },
  };
}
