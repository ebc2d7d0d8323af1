import type { Db } from '../../db/index.ts';
import { selectCloses, selectDividends, selectFirstCloses } from '../../derived/series-queries.ts';

/* SQL of the dividend calls: the (security_id, ex_date) key and the closes' year chunks. */

/** The last trading day of each security (the screener row's as-of day). */
export async function selectAsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('indicators')
    .select(['security_id', 'as_of'])
    .where('security_id', 'in', ids)
    .execute();
  return new Map(rows.flatMap((r) => (r.as_of ? [[r.security_id, r.as_of] as const] : [])));
}

/** A stock's closes from `from` on, its dividends, and its first close (where its known history begins). */
export function selectYieldHistory(db: Db, id: number, from: string) {
  return Promise.all([
    selectCloses(db, [id], { from }, 'close_split_adj').then((closes) => closes.get(id) ?? []),
    selectDividends(db, [id]),
    selectFirstCloses(db, [id]).then((first) => first.get(id)),
  ]);
}
