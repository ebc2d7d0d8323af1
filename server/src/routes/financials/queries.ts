import type { Db } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';

/*
 * The line-item series (db/series.ts) of several securities for one kind of period: one row per
 * (security, line item) on the fact_series primary key. A five-company income statement is 75 rows.
 */
export function selectFactSeries(db: Db, ids: readonly number[], period: Period, lineItems?: readonly string[]) {
  let query = db
    .selectFrom('fact_series')
    .select([
      'security_id',
      'period',
      'line_item',
      'period_ends',
      'period_starts',
      'fiscal_years',
      'fiscal_periods',
      'amounts',
      'accessions',
      'derived',
    ])
    .where('security_id', 'in', ids)
    .where('period', '=', period);
  if (lineItems) query = query.where('line_item', 'in', [...lineItems]);
  return query.orderBy('security_id').orderBy('line_item').execute();
}
