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

/** A security's screener row: its descriptive columns and its snapshot's figures. */
export function indicatorRow(security: SecurityRow, inputs: SnapshotInputs): IndicatorColumns {
  const s = computeSnapshot(inputs);
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
    price: s.price,
    change_pct: s.changePct,
    change_1y_pct: s.change1yPct,
    market_cap: s.marketCap,
    eps_ttm: s.epsTtm,
    pe: s.pe,
    ps: s.ps,
    pb: s.pb,
    ev_ebitda: s.evEbitda,
    dividend_yield_pct: s.dividendYieldPct,
    payout_ratio: s.payoutRatio,
    dividend_cagr_5y: s.dividendCagr5y,
    dividend_growth_years: s.dividendGrowthYears,
    dividend_yield_percentile: s.dividendYieldPercentile,
    revenue_growth: s.revenueGrowth,
    gross_margin: s.grossMargin,
    operating_margin: s.operatingMargin,
    net_margin: s.netMargin,
    roe: s.roe,
    debt_to_equity: s.debtToEquity,
    week52_high: s.week52High,
    week52_low: s.week52Low,
    drawdown_pct: s.drawdownPct,
    restatements_3y: s.restatements3y,
    largest_restatement_pct: s.largestRestatementPct,
    is_green_energy: security.is_green_energy,
    is_green_transport: security.is_green_transport,
    is_green_water: security.is_green_water,
    is_green_waste: security.is_green_waste,
    as_of: s.asOf,
    updated_at: new Date().toISOString(),
  };
}
