import type { Db } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';

/*
 * The facts of several securities for one kind of period in one read of the financial_facts primary
 * key (security_id, period, ...), ordered by security and period end.
 */
export function selectFacts(
  db: Db,
  ids: readonly number[],
  period: Period,
  range: { from?: string | undefined; to?: string | undefined },
  lineItems?: readonly string[],
) {
  let query = db
    .selectFrom('financial_facts')
    .select([
      'security_id',
      'line_item',
      'period_start',
      'period_end',
      'fiscal_year',
      'fiscal_period',
      'value',
      'accession',
      'derived',
    ])
    .where('security_id', 'in', ids)
    .where('period', '=', period);
  if (lineItems) query = query.where('line_item', 'in', [...lineItems]);
  if (range.from) query = query.where('period_end', '>=', range.from);
  if (range.to) query = query.where('period_end', '<=', range.to);
  return query.orderBy('security_id').orderBy('period_end').execute();
}
export type FactRow = Awaited<ReturnType<typeof selectFacts>>[number];
