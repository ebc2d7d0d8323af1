import type { Db } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';
import { type SeriesFact, unpackFactSeries } from '../../db/series.ts';

export type FactRow = SeriesFact & { security_id: number };

/*
 * The facts of several securities for one kind of period, from the line-item series (db/series.ts):
 * one row per (security, line item) on the fact_series primary key, ordered here by security and period
 * end as the period grouping needs.
 */
export async function selectFacts(
  db: Db,
  ids: readonly number[],
  period: Period,
  range: { from?: string | undefined; to?: string | undefined },
  lineItems?: readonly string[],
): Promise<FactRow[]> {
  if (ids.length === 0) return [];
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
  const rows = await query.orderBy('security_id').orderBy('line_item').execute();
  const out: FactRow[] = [];
  let start = 0;
  for (const row of rows) {
    if (out.length > start && (out[start] as FactRow).security_id !== row.security_id) {
      sortByEnd(out, start);
      start = out.length;
    }
    for (const fact of unpackFactSeries(row, range)) out.push(Object.assign(fact, { security_id: row.security_id }));
  }
  sortByEnd(out, start);
  return out;
}

/** Sorts out[start..] by period end; the sort is stable, so a period's items stay in line-item order. */
function sortByEnd(out: FactRow[], start: number): void {
  const tail = out
    .splice(start)
    .sort((a, b) => (a.period_end < b.period_end ? -1 : a.period_end > b.period_end ? 1 : 0));
  for (const f of tail) out.push(f);
}
