import type { IndicatorField, PartialIndicatorRow } from '@app/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { indicatorSelectList, presentIndicatorRows } from './columns.ts';

export interface IndicatorPageQuery {
  where: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>[];
  fields: readonly IndicatorField[];
  limit: number;
  offset: number;
  /** `with indicators as (...)`: a day's rows instead of the stored table (as-of-table.ts); empty for today. */
  source?: RawBuilder<unknown>;
}

/**
 * One page of the screener table: its rows as API rows (the columns under their API names, flags as
 * booleans). The fragments come from the OData compiler (parameters only).
 */
export async function selectIndicatorPage(db: Db, query: IndicatorPageQuery): Promise<PartialIndicatorRow[]> {
  const { rows } = await sql<Record<string, unknown>>`${query.source ?? sql``}
      select ${sql.raw(indicatorSelectList(query.fields))} from indicators
      where ${query.where}
      order by ${sql.join(query.orderBy)}
      limit ${query.limit} offset ${query.offset}`.execute(db);
  return presentIndicatorRows(rows, query.fields);
}

export async function countIndicators(
  db: Db,
  where: RawBuilder<unknown>,
  source: RawBuilder<unknown> = sql``,
): Promise<number> {
  const result = await sql<{
    total: number | string;
  }>`${source}select count(*) as total from indicators where ${where}`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}
