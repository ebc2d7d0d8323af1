import type { IndicatorField } from '@app/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import { indicatorColumns } from '../../derived/screener-rows.ts';
import { indicatorSelectList, isWholeRow } from './columns.ts';

export interface IndicatorPageQuery {
  where: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>[];
  fields: readonly IndicatorField[];
  limit: number;
  offset: number;
}

/**
 * One page of the screener table as the JSON text of its API rows, the first `keep` of them, and how
 * many rows were read (a read of one more than the page tells whether a next one exists): through
 * Database.readFormatted.
 * The fragments come from the OData compiler (parameters only).
 */
export async function selectIndicatorPageJson(
  database: Database,
  query: IndicatorPageQuery,
  keep: number,
): Promise<{ json: string; count: number }> {
  // Every field: the rows as stored whole (indicators.row_json), else the columns asked for.
  const whole = isWholeRow(query.fields);
  const select = sql<Record<string, unknown>>`
    select ${sql.raw(whole ? '"row_json"' : indicatorSelectList(query.fields))} from indicators
    where ${query.where}
    order by ${sql.join(query.orderBy)}
    limit ${query.limit} offset ${query.offset}`;
  const booleans = query.fields.filter((field) => indicatorColumns[field].type === 'boolean');
  const compiled = select.compile(database.db);
  const { value, count } = whole
    ? await database.readFormatted(compiled, 'list', { keep })
    : await database.readFormatted(compiled, 'rows', { booleans, keep });
  return { json: value, count };
}

export async function countIndicators(db: Db, where: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ total: number | string }>`select count(*) as total from indicators where ${where}`.execute(
    db,
  );
  return Number(result.rows[0]?.total ?? 0);
}
