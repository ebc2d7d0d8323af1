import type { Db } from '../../db/index.ts';
import { type CloseColumn, readCloseSeries } from '../../db/series.ts';
import type { Range } from '../market/series-queries.ts';

/*
 * Range reads for the chart calls: one query per table for all the requested securities, on the
 * (security_id, day) primary keys, ordered so rows group by security without a second pass.
 */
/**
 * One close column of each security in the range, from the year chunks (db/series.ts): a 10-year
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

export function selectBars(db: Db, ids: readonly number[], range: Range) {
  let query = db
    .selectFrom('daily_prices')
    .select(['security_id', 'day', 'open', 'high', 'low', 'close', 'volume', 'close_split_adj', 'close_adj'])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('day', '>=', range.from);
  if (range.to) query = query.where('day', '<=', range.to);
  return query.orderBy('security_id').orderBy('day').execute();
}

/** The line items the valuation ratios need, every period known up to the range end (TTM looks back). */
export const VALUATION_ITEMS = [
  'revenue',
  'eps_basic',
  'operating_income',
  'depreciation_amortization',
  'equity',
  'total_debt',
  'cash',
  'shares_outstanding',
  'shares_basic',
] as const;

export function selectValuationFacts(db: Db, ids: readonly number[], to: string | undefined) {
  let query = db
    .selectFrom('financial_facts')
    .select(['security_id', 'line_item', 'period', 'period_end', 'value', 'filed'])
    .where('security_id', 'in', ids)
    .where('line_item', 'in', [...VALUATION_ITEMS]);
  if (to) query = query.where('period_end', '<=', to);
  return query.orderBy('security_id').orderBy('period_end').execute();
}
