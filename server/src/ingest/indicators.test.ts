import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { fact, loadSecurities, weekdayBars } from '../../test/market-factory.ts';
import { insertSecurity } from '../../test/securities.ts';
import type { Database } from '../db/index.ts';
import { computeSnapshot, readSnapshotInputs, type SnapshotInputs } from '../metrics/snapshot.ts';
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

  it('gives no price ratios when the statements are in another currency than the price', async () => {
    database = await migratedDatabase(target);
    const year = (unit: string, perShare: string) => [
      fact('revenue', 2023, 'FY', 10e9, { unit }),
      fact('net_income', 2023, 'FY', 1e9, { unit }),
      fact('eps_basic', 2023, 'FY', 1, { unit: perShare }),
      fact('equity', 2023, 'FY', 8e9, { unit, instant: true }),
      fact('shares_outstanding', 2023, 'FY', 1e9, { instant: true }),
    ];
    // The same figures in dollars (QZUS) and in euros (QZEU), both traded in dollars.
    await loadSecurities(database.db, [
      { ticker: 'QZUS', prices: weekdayBars('2024-03-01', '2024-03-08', () => 20), facts: year('USD', 'USD/shares') },
      { ticker: 'QZEU', prices: weekdayBars('2024-03-01', '2024-03-08', () => 20), facts: year('EUR', 'EUR/shares') },
    ]);
    const rows = await database.db
      .selectFrom('indicators')
      .select(['ticker', 'market_cap', 'pe', 'ps', 'pb', 'net_margin'])
      .orderBy('ticker')
      .execute();
    expect(rows).toEqual([
      { ticker: 'QZEU', market_cap: 20e9, pe: null, ps: null, pb: null, net_margin: 0.1 },
      { ticker: 'QZUS', market_cap: 20e9, pe: 20, ps: 2, pb: 2.5, net_margin: 0.1 },
    ]);
  });

  it('puts P/E on diluted EPS where it is filed and on basic where it is not, and the snapshot says which', async () => {
    database = await migratedDatabase(target);
    const year = (diluted: boolean) => [
      fact('revenue', 2023, 'FY', 10e9),
      fact('net_income', 2023, 'FY', 1e9),
      fact('eps_basic', 2023, 'FY', 1),
      ...(diluted ? [fact('eps_diluted', 2023, 'FY', 0.8)] : []),
      fact('shares_outstanding', 2023, 'FY', 1e9, { instant: true }),
    ];
    await loadSecurities(database.db, [
      { ticker: 'QZDL', prices: weekdayBars('2024-03-01', '2024-03-08', () => 20), facts: year(true) },
      { ticker: 'QZBS', prices: weekdayBars('2024-03-01', '2024-03-08', () => 20), facts: year(false) },
    ]);
    const rows = await database.db.selectFrom('indicators').select(['ticker', 'pe']).orderBy('ticker').execute();
    // 20 / 0.8 = 25 on diluted; 20 / 1 = 20 where only basic EPS is filed.
    expect(rows).toEqual([
      { ticker: 'QZBS', pe: 20 },
      { ticker: 'QZDL', pe: 25 },
    ]);
    const securities = await database.db
      .selectFrom('securities')
      .select(['id', 'ticker', 'name', 'kind', 'currency'])
      .orderBy('ticker')
      .execute();
    const inputs = await readSnapshotInputs(database.db, securities);
    const [basic, diluted] = securities.map((s) => computeSnapshot(inputs.get(s.id) as SnapshotInputs));
    expect(basic).toMatchObject({ pe: 20, peEps: 'basic' });
    expect(diluted).toMatchObject({ pe: 25, peEps: 'diluted' });
  });
});
