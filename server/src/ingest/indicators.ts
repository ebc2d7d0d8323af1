import { type ScreenerFigureColumns, screenerColumnOf, screenerFigures } from '@app/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Schema } from '../db/schema.ts';
import type { IndicatorColumns } from '../derived/screener-rows.ts';
import { computeSnapshot, readSnapshotInputs, type SnapshotInputs } from '../metrics/snapshot.ts';

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

type SecurityRow = Selectable<Schema['securities']>;

/** A security's screener row: its descriptive columns and its snapshot's figures (the catalogue's columns). */
export function indicatorRow(security: SecurityRow, inputs: SnapshotInputs): IndicatorColumns {
  const snapshot = computeSnapshot(inputs);
  const figures = Object.fromEntries(
    screenerFigures.map((name) => [screenerColumnOf(name), snapshot[name]]),
  ) as ScreenerFigureColumns;
  return {
    security_id: security.id,
    ticker: security.ticker,
    name: security.name,
    kind: security.kind,
    exchange: security.exchange,
    sector: security.sector,
    industry: security.industry,
    country: security.country,
    currency: security.currency,
    ...figures,
    is_green_energy: security.is_green_energy,
    is_green_transport: security.is_green_transport,
    is_green_water: security.is_green_water,
    is_green_waste: security.is_green_waste,
    as_of: snapshot.asOf,
    updated_at: new Date().toISOString(),
  };
}
