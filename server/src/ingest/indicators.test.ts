import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity } from '../../test/securities.ts';
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
    const id = await insertSecurity(database.db, {
      ticker: 'NOPRQ',
      name: 'No Prices Yet Corp',
      sector: 'Industrials',
      is_green_transport: 1,
    });
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
