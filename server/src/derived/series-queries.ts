import type { Db } from '../db/index.ts';
import type { SecurityKind } from '../db/schema.ts';
import type { Range } from '../finance/types.ts';
import { type CloseColumn, readCloseSeries } from './price-years.ts';

/*
 * Range reads every data area needs (charts, dividends, financials): one query per table for all the
 * requested securities, on the (security_id, day) keys, ordered so rows group by security.
 */

/** A security as the reads and the data calls name it. */
export interface SecurityRef {
  id: number;
  ticker: string;
  name: string;
  kind: SecurityKind;
  currency: string;
}

/** Rows of a multi-security query grouped by security id, each group keeping the query's order. */
export function groupBySecurity<T extends { security_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    let group = out.get(row.security_id);
    if (!group) {
      group = [];
      out.set(row.security_id, group);
    }
    group.push(row);
  }
  return out;
}

export function selectDividends(db: Db, ids: readonly number[], range: Range = {}) {
  let query = db
    .selectFrom('dividends')
    .select(['security_id', 'ex_date', 'pay_date', 'amount_split_adj'])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('ex_date', '>=', range.from);
  if (range.to) query = query.where('ex_date', '<=', range.to);
  return query.orderBy('security_id').orderBy('ex_date').execute();
}

export function selectSplits(db: Db, ids: readonly number[], range: Range = {}) {
  let query = db
    .selectFrom('splits')
    .select(['security_id', 'day', 'numerator', 'denominator'])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('day', '>=', range.from);
  if (range.to) query = query.where('day', '<=', range.to);
  return query.orderBy('security_id').orderBy('day').execute();
}

/**
 * One close column of each security in the range, from the year chunks (derived/price-years.ts): a 10-year
 * chart reads 11 rows. Securities without prices are absent from the map.
 */
export async function selectCloses<C extends CloseColumn>(
  db: Db,
  ids: readonly number[],
  range: Range,
  column: C,
): Promise<Map<number, ({ day: string } & Record<C, number>)[]>> {
  const out = new Map<number, ({ day: string } & Record<C, number>)[]>();
  for (const [id, series] of await readCloseSeries(db, ids, range, column)) {
    out.set(
      id,
      series.days.map((day, i) => ({ day, [column]: Number(series.closes[i]) }) as { day: string } & Record<C, number>),
    );
  }
  return out;
}

/**
 * Each security's first close on file (the first day of its first year chunk): where its loaded history, and
 * so its known dividend history, begins (finance-definitions.md, dividend yield). Absent without prices.
 */
export async function selectFirstCloses(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('price_years')
    .select((eb) => [
      'security_id',
      eb.fn.min(eb.fn<string>('substr', [eb.ref('days'), eb.lit(1), eb.lit(10)])).as('first'),
    ])
    .where('security_id', 'in', ids)
    .groupBy('security_id')
    .execute();
  return new Map(rows.filter((row) => row.first).map((row) => [row.security_id, row.first as string]));
}
