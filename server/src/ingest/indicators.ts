import type { Db } from '../db/index.ts';
import { indicatorRow } from '../metrics/screener-row.ts';
import { readSnapshotInputs, type SnapshotInputs } from '../metrics/snapshot.ts';

/*
 * The screener table (indicators): one wide row per security, recomputed after every load for the
 * securities it touched. Its figures are the metric catalogue's snapshot of the last trading day
 * (metrics/snapshot.ts), the same function key statistics call on request: a stored column and a
 * computed statistic of the same name are the same number.
 */

/** Securities per batch of reads: the snapshot's inputs are read for several at once. */
const BATCH = 25;

export async function recomputeIndicators(db: Db, securityIds: readonly number[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < securityIds.length; start += BATCH) {
    const ids = securityIds.slice(start, start + BATCH);
    const securities = await db.selectFrom('securities').selectAll().where('id', 'in', ids).execute();
    const inputs = await readSnapshotInputs(db, securities);
    for (const security of securities) {
      const row = indicatorRow(security, inputs.get(security.id) as SnapshotInputs);
      const { security_id: _id, ...update } = row;
      await db
        .insertInto('indicators')
        .values(row)
        .onConflict((oc) => oc.column('security_id').doUpdateSet(update))
        .execute();
      written++;
    }
  }
  return written;
}
