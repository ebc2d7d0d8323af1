import type { Db } from '../../db/index.ts';

/*
 * Range reads every data area needs (charts, dividends, financials): one query per table for all the
 * requested securities, on the (security_id, day) keys, ordered so rows group by security.
 */
export interface Range {
  from?: string | undefined;
  to?: string | undefined;
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
