import { screenerColumnOf, screenerFigures } from '@app/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import { readDataVersion } from '../../db/meta.ts';
import { type IndicatorColumns, indicatorColumns } from '../../derived/screener-rows.ts';
import { invalidField } from '../../http/errors.ts';
import { isMonthEnd, lastMonthEndBefore, staleMonthSecurities } from '../../metrics/indicator-months.ts';
import { kickMonthsFill } from '../../metrics/months-fill.ts';
import { readUniverseRowsOn } from '../../metrics/universe-as-of.ts';

/*
 * The screener table as known on a day (issue 43, ADR 0026), as a common table expression named
 * `indicators`, so the screener's and the green list's SQL (the OData compiler's fragments, the indexes
 * aside) run unchanged over it. On a month end, the stored month rows (metrics/indicator-months.ts) with
 * today's descriptive columns of each security; rows computed on read (metrics/universe-as-of.ts, the
 * same function) for any other day, and on a month end for the securities whose month rows are behind
 * their data, handed to the database as one JSON parameter. Kept per data version and day: a second
 * filter on the same day, a next page or the green list of that day computes nothing.
 */

/**
 * Days kept per data version: readers paging and filtering on a few days. A day of 2,000 companies is
 * about 2 MB (rows and JSON); a backtest keeps none of its days (backtest-run.ts).
 */
const DAYS_KEPT = 16;

interface DayTable {
  /** The rows computed on read. */
  rows: IndicatorColumns[];
  /** Those rows as the JSON the common table expression reads. */
  json: string;
  /** The month end whose stored rows join them, and the securities computed instead (JSON array of ids). */
  months: { day: string; computed: string } | null;
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
  const table = dayTableOn(db, day);
  cache.days.set(day, table);
  table.catch(() => cache.days.delete(day));
  if (cache.days.size > DAYS_KEPT) cache.days.delete(cache.days.keys().next().value as string);
  return table;
}

/**
 * The rows of `day`: on a month end whose rows are written, those, and computed on read only for the
 * securities whose rows are behind (a background pass is asked to write them); else all computed on read.
 */
export async function dayTableOn(db: Db, day: string, stocksOnly = false): Promise<DayTable> {
  const stored = isMonthEnd(day) && day <= lastMonthEndBefore(new Date().toISOString().slice(0, 10));
  const stale = stored ? await staleMonthSecurities(db, day, stocksOnly) : [];
  if (stale.length > 0) kickMonthsFill(db);
  const ids = stored ? stale : undefined;
  const rows = ids?.length === 0 ? [] : await readUniverseRowsOn(db, day, ids, stocksOnly);
  return {
    rows,
    json: JSON.stringify(rows.map(jsonRow)),
    months: stored ? { day, computed: JSON.stringify(stale) } : null,
  };
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
 * The body of `with indicators as (...)` over a day's rows: the computed ones unpacked from JSON (SQLite
 * with json_each, one parse per row kept by SQLite's JSON cache across the row's columns; PostgreSQL with
 * jsonb_to_recordset), and on a month end the stored rows of the others, in the same columns.
 */
export function indicatorsOf(engine: Database['engine'], table: DayTable): RawBuilder<IndicatorColumns> {
  const computed = computedRows(engine, table);
  if (!table.months) return computed;
  const stored = storedRows(engine, table.months);
  return table.rows.length === 0 ? stored : sql<IndicatorColumns>`${stored} union all ${computed}`;
}

function computedRows(engine: Database['engine'], table: DayTable): RawBuilder<IndicatorColumns> {
  if (engine === 'postgres') {
    const pgType = (type: string) =>
      type === 'integer' ? 'integer' : type === 'real' ? 'double precision' : type === 'date' ? 'date' : 'text';
    const shape = readColumns.map(({ column, type }) => `"${column}" ${pgType(type)}`).join(', ');
    return sql<IndicatorColumns>`select * from jsonb_to_recordset(${table.json}::jsonb) as x(${sql.raw(shape)})`;
  }
  const list = readColumns.map(({ column }) => `json_extract(value, '$.${column}') as "${column}"`).join(', ');
  return sql<IndicatorColumns>`select ${sql.raw(list)} from json_each(${table.json})`;
}

/** The month rows of a day, figures from the table and the rest from the security, save those computed. */
function storedRows(engine: Database['engine'], months: NonNullable<DayTable['months']>): RawBuilder<IndicatorColumns> {
  const list = readColumns
    .map(({ column }) =>
      monthColumns.has(column) ? `m."${column}"` : `s."${column === 'security_id' ? 'id' : column}" as "${column}"`,
    )
    .join(', ');
  const computed =
    engine === 'postgres'
      ? sql`select (value)::integer from jsonb_array_elements_text(${months.computed}::jsonb)`
      : sql`select value from json_each(${months.computed})`;
  return sql<IndicatorColumns>`select ${sql.raw(list)} from indicator_months m join securities s on s.id = m.security_id
    where m.day = ${months.day} and m.security_id not in (${computed})`;
}

/** The columns a month row stores (the others are the security's own, as in the screener's rows). */
const monthColumns = new Set<string>(['as_of', ...screenerFigures.map((name) => screenerColumnOf(name))]);

/** `with indicators as (...)` before a statement on the screener table: the day's rows instead of today's. */
export function withIndicatorsOf(engine: Database['engine'], table: DayTable | undefined): RawBuilder<unknown> {
  return table ? sql`with indicators as (${indicatorsOf(engine, table)}) ` : sql``;
}

export type { DayTable };
