import type { Db } from '../../db/index.ts';
import { selectDividends } from '../market/series-queries.ts';

/* SQL of the dividend calls: the (security_id, ex_date) and (security_id, day) keys. */

/** The last trading day of each security (the screener row's as-of day). */
export async function selectAsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('indicators')
    .select(['security_id', 'as_of'])
    .where('security_id', 'in', ids)
    .execute();
  return new Map(rows.flatMap((r) => (r.as_of ? [[r.security_id, r.as_of] as const] : [])));
}

export function selectYieldHistory(db: Db, id: number, from: string) {
  return Promise.all([
    db
      .selectFrom('daily_prices')
      .select(['day', 'close_split_adj'])
      .where('security_id', '=', id)
      .where('day', '>=', from)
      .orderBy('day')
      .execute(),
    selectDividends(db, [id]),
  ]);
}
