import type { IndicatorField } from '@app/contract';
import { type ExpressionBuilder, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Schema } from '../../db/schema.ts';
import { type IndicatorColumns, indicatorColumns } from '../../derived/screener-rows.ts';

export type GreenFlagColumn = 'is_green_energy' | 'is_green_transport' | 'is_green_water' | 'is_green_waste';
export const greenFlagColumns: readonly GreenFlagColumn[] = [
  'is_green_energy',
  'is_green_transport',
  'is_green_water',
  'is_green_waste',
];

export interface GreenListQuery {
  /** Flags the caller asked for; empty means "any green flag". */
  flags: readonly GreenFlagColumn[];
  fields: readonly IndicatorField[];
  orderBy: IndicatorField;
  order: 'asc' | 'desc';
  skip: number;
  limit: number;
  /** A day's rows instead of the stored table (indicator/as-of-table.ts indicatorsOf); today's without it. */
  source?: RawBuilder<IndicatorColumns>;
}

/** Stocks (not crypto) carrying any of the flags: one indexed read of the screener table. */
function greenStocks(db: Db, flags: readonly GreenFlagColumn[], source?: RawBuilder<IndicatorColumns>) {
  const wanted = flags.length > 0 ? flags : greenFlagColumns;
  // The day's rows under the table's own name: the same statement reads them (a raw body gets no
  // parentheses from Kysely).
  const from: QueryCreator<Schema> = source ? db.with('indicators', () => sql<IndicatorColumns>`(${source})`) : db;
  return from
    .selectFrom('indicators')
    .where('kind', '=', 'stock')
    .where((eb: ExpressionBuilder<Schema, 'indicators'>) => eb.or(wanted.map((flag) => eb(flag, '=', 1))));
}

/** The page's rows under their API names (flags still 0/1: presentIndicatorRows). */
export async function selectGreenStocks(db: Db, query: GreenListQuery): Promise<Record<string, unknown>[]> {
  const sortColumn = indicatorColumns[query.orderBy].column;
  return greenStocks(db, query.flags, query.source)
    .select((eb) => query.fields.map((field) => eb.ref(indicatorColumns[field].column).as(field)))
    .orderBy(sortColumn, (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('ticker')
    .limit(query.limit)
    .offset(query.skip)
    .execute();
}

export async function countGreenStocks(
  db: Db,
  flags: readonly GreenFlagColumn[],
  source?: RawBuilder<IndicatorColumns>,
): Promise<number> {
  const row = await greenStocks(db, flags, source)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
