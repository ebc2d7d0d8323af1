import type { Db } from '../src/db/index.ts';
import type { IndicatorsTable } from '../src/db/schema.ts';
import type { IndicatorColumns } from '../src/derived/screener-rows.ts';

/*
 * Test factory: a security and its screener row, with plausible defaults and any column overridden.
 * Tests build exactly the rows they reason about instead of depending on the demo generator.
 */
export type IndicatorSeed = Partial<Omit<IndicatorColumns, 'security_id' | 'ticker'>> & { ticker: string };

export async function insertIndicator(db: Db, seed: IndicatorSeed): Promise<void> {
  const now = '2026-01-02T00:00:00.000Z';
  const kind = seed.kind ?? 'stock';
  const security = await db
    .insertInto('securities')
    .values({
      ticker: seed.ticker,
      kind,
      name: seed.name ?? `${seed.ticker} Inc.`,
      currency: seed.currency ?? 'USD',
      is_demo: 1,
      is_green_energy: seed.is_green_energy ?? 0,
      is_green_transport: seed.is_green_transport ?? 0,
      is_green_water: seed.is_green_water ?? 0,
      is_green_waste: seed.is_green_waste ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('indicators')
    .values(indicatorSeedRow(security.id, seed, now))
    .execute();
}

/** A screener row with the factory's defaults and the seed's columns. */
export function indicatorSeedRow(securityId: number, seed: IndicatorSeed, now: string): IndicatorsTable {
  const kind = seed.kind ?? 'stock';
  const columns: IndicatorColumns = {
    security_id: securityId,
    name: `${seed.ticker} Inc.`,
    kind,
    exchange: 'NASDAQ',
    sector: null,
    industry: null,
    country: 'US',
    currency: 'USD',
    price: null,
    change_pct: null,
    change_1y_pct: null,
    market_cap: null,
    eps_ttm: null,
    pe: null,
    ps: null,
    pb: null,
    ev_ebitda: null,
    dividend_yield_pct: null,
    payout_ratio: null,
    dividend_cagr_5y: null,
    dividend_growth_years: null,
    dividend_yield_percentile: null,
    revenue_growth: null,
    gross_margin: null,
    operating_margin: null,
    net_margin: null,
    roe: null,
    debt_to_equity: null,
    week52_high: null,
    week52_low: null,
    drawdown_pct: null,
    restatements_3y: null,
    largest_restatement_pct: null,
    is_green_energy: 0,
    is_green_transport: 0,
    is_green_water: 0,
    is_green_waste: 0,
    as_of: '2026-01-02',
    updated_at: now,
    ...seed,
  };
  return columns;
}
