import type { IndicatorField } from '@app/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { indicatorSelectList } from './columns.ts';

export interface IndicatorPageQuery {
  where: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>[];
  fields: readonly IndicatorField[];
  limit: number;
  offset: number;
}

/** One page of the screener table, in API rows but for the flags (presentIndicatorRows). The fragments come from the OData compiler (parameters only). */
export async function selectIndicatorPage(db: Db, query: IndicatorPageQuery): Promise<Record<string, unknown>[]> {
  const result = await sql<Record<string, unknown>>`
    select ${sql.raw(indicatorSelectList(query.fields))} from indicators
    where ${query.where}
    order by ${sql.join(query.orderBy)}
    limit ${query.limit} offset ${query.offset}`.execute(db);
  return result.rows;
}

export async function countIndicators(db: Db, where: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ total: number | string }>`select count(*) as total from indicators where ${where}`.execute(
    db,
  );
  return Number(result.rows[0]?.total ?? 0);
}
