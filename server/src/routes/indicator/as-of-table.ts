import { type RawBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import { readDataVersion } from '../../db/meta.ts';
import { type IndicatorColumns, indicatorColumns } from '../../derived/screener-rows.ts';
import { invalidField } from '../../http/errors.ts';
import { readUniverseRowsOn } from '../../metrics/universe-as-of.ts';

/*
 * The screener table as known on a day (issue 43, ADR 0026): its rows are computed on read
 * (metrics/universe-as-of.ts) and handed to the database as one JSON parameter that a common table
 * expression named `indicators` unpacks, so the screener's and the green list's SQL (the OData compiler's
 * fragments, the indexes aside) run unchanged over it. Rows are kept per data version and day: a second
 * filter on the same day, a next page or the green list of that day computes nothing.
 */

/**
 * Days kept per data version: readers paging and filtering on a few days. A day of 2,000 companies is
 * about 2 MB (rows and JSON); a backtest keeps none of its days (backtest-run.ts).
 */
const DAYS_KEPT = 16;

interface DayTable {
  rows: IndicatorColumns[];
  /** The rows as the JSON the common table expression reads. */
  json: string;
}

interface VersionCache {
  version: number;
  span: Promise<{ first: string | null }>;
  days: Map<string, Promise<DayTable>>;
}

const caches = new WeakMap<Db, VersionCache>();

async function cacheOf(db: Db): Promise<VersionCache> {
  const version = await readDataVersion(db);
  let cache = caches.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, span: firstClose(db), days: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/** The first day of any close on file: nothing is known before it. */
async function firstClose(db: Db): Promise<{ first: string | null }> {
  const row = await db
    .selectFrom('price_years')
    .select((eb) => eb.fn.min(eb.fn<string>('substr', [eb.ref('days'), eb.lit(1), eb.lit(10)])).as('first'))
    .executeTakeFirst();
  return { first: (row?.first as string | null | undefined) ?? null };
}

/** A 400 naming asOf unless the day is between the first close on file and today (UTC), both included. */
export async function checkAsOf(db: Db, day: string): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  if (day > today) throw invalidField('asOf', `${day} is in the future (today is ${today}): nothing is known of it`);
  const { first } = await (await cacheOf(db)).span;
  if (first === null) throw invalidField('asOf', 'no prices are loaded: there is no day to look back to');
  if (day < first) throw invalidField('asOf', `${day} is before the first close on file (${first})`);
}

/** The screener's rows as known on `day` (checked with checkAsOf first), computed once per data version. */
export async function indicatorTableOn(database: Database, day: string): Promise<DayTable> {
  const db = database.reader;
  const cache = await cacheOf(db);
  const known = cache.days.get(day);
  if (known) {
    // Least recently used first out: a hit moves to the end.
    cache.days.delete(day);
    cache.days.set(day, known);
    return known;
  }
  const table = readUniverseRowsOn(db, day).then((rows) => ({ rows, json: JSON.stringify(rows.map(jsonRow)) }));
  cache.days.set(day, table);
  table.catch(() => cache.days.delete(day));
  if (cache.days.size > DAYS_KEPT) cache.days.delete(cache.days.keys().next().value as string);
  return table;
}

/** A row for the JSON: the flags as 0/1 as in the stored table, every other value as it is. */
function jsonRow(row: IndicatorColumns): Record<string, unknown> {
  const { updated_at: _updated, ...rest } = row;
  return rest;
}

const readColumns = [
  { column: 'security_id', type: 'integer' },
  ...Object.values(indicatorColumns).map((spec) => ({
    column: spec.column as string,
    type:
      spec.type === 'boolean' ? 'integer' : spec.type === 'number' ? 'real' : spec.type === 'date' ? 'date' : 'text',
  })),
];

/**
 * The body of `with indicators as (...)` over a day's rows: SQLite unpacks the JSON with json_each (one
 * parse per row, kept by SQLite's JSON cache across the row's columns), PostgreSQL with jsonb_to_recordset.
 */
export function indicatorsOf(engine: Database['engine'], table: DayTable): RawBuilder<IndicatorColumns> {
  if (engine === 'postgres') {
    const pgType = (type: string) =>
      type === 'integer' ? 'integer' : type === 'real' ? 'double precision' : type === 'date' ? 'date' : 'text';
    const shape = readColumns.map(({ column, type }) => `"${column}" ${pgType(type)}`).join(', ');
    return sql<IndicatorColumns>`select * from jsonb_to_recordset(${table.json}::jsonb) as x(${sql.raw(shape)})`;
  }
  const list = readColumns.map(({ column }) => `json_extract(value, '$.${column}') as "${column}"`).join(', ');
  return sql<IndicatorColumns>`select ${sql.raw(list)} from json_each(${table.json})`;
}

/** `with indicators as (...)` before a statement on the screener table: the day's rows instead of today's. */
export function withIndicatorsOf(engine: Database['engine'], table: DayTable | undefined): RawBuilder<unknown> {
  return table ? sql`with indicators as (${indicatorsOf(engine, table)}) ` : sql``;
}

export type { DayTable };
