import type { IndicatorField } from '@app/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import { indicatorColumns, SCREENER_ROWS_VERSION } from '../../derived/screener-rows.ts';
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
  const page = (columns: string) =>
    sql<Record<string, unknown>>`
      select ${sql.raw(columns)} from indicators
      where ${query.where}
      order by ${sql.join(query.orderBy)}
      limit ${query.limit} offset ${query.offset}`.compile(database.db);
  // Every field: the rows as stored whole (indicators.row_json), when the current code wrote them all.
  if (isWholeRow(query.fields)) {
    const { value, count } = await database.readFormatted(page('"row_json", "row_version"'), 'list', {
      keep,
      version: SCREENER_ROWS_VERSION,
    });
    if (value !== null) return { json: value, count };
    // A row written by code of another version (before the rebuild at start): its columns give the text
    // the current code writes.
  }
  const booleans = query.fields.filter((field) => indicatorColumns[field].type === 'boolean');
  const { value, count } = await database.readFormatted(page(indicatorSelectList(query.fields)), 'rows', {
    booleans,
    keep,
  });
  return { json: value, count };
}

export async function countIndicators(db: Db, where: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ total: number | string }>`select count(*) as total from indicators where ${where}`.execute(
    db,
  );
  return Number(result.rows[0]?.total ?? 0);
}
