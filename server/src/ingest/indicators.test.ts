import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { recomputeIndicators } from './indicators.ts';

describe.each(testDatabases())('screener indicators on $engine', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('writes a row with empty price figures for a security that has no prices yet', async () => {
    database = await migratedDatabase(target);
    const now = new Date().toISOString();
    const { id } = await database.db
      .insertInto('securities')
      .values({
        ticker: 'NOPRQ',
        kind: 'stock',
        name: 'No Prices Yet Corp',
        currency: 'USD',
        sector: 'Industrials',
        is_demo: 0,
        is_green_energy: 0,
        is_green_transport: 1,
        is_green_water: 0,
        is_green_waste: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await recomputeIndicators(database.db, [id])).toBe(1);
    const row = await database.db
      .selectFrom('indicators')
      .select(['ticker', 'price', 'market_cap', 'dividend_yield_pct', 'is_green_transport', 'sector'])
      .where('security_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      ticker: 'NOPRQ',
      price: null,
      market_cap: null,
      dividend_yield_pct: null,
      is_green_transport: 1,
      sector: 'Industrials',
    });
  });
});
