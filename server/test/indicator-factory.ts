import { type ScreenerFigureColumns, screenerColumnOf, screenerFigures } from '@app/contract';
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
    // Every catalogue figure's column empty unless the seed gives it.
    ...(Object.fromEntries(screenerFigures.map((name) => [screenerColumnOf(name), null])) as ScreenerFigureColumns),
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
