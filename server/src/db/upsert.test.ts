import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity } from '../../test/securities.ts';
import type { Database } from './index.ts';
import { upsertRows } from './upsert.ts';

/*
 * upsertRows reuses the SQL of its first full 500-row statement for the next full ones: every row must
 * land as given, across statements, partial last statement, updates of stored keys and rows Kysely must
 * build itself (a null, a value left undefined).
 */
const day = (i: number) => new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases())('upsertRows on $engine', (target) => {
  let database: Database;
  let securityId: number;
  beforeEach(async () => {
    database = await migratedDatabase(target);
    securityId = await insertSecurity(database.db, { ticker: 'QBTZ', name: 'Qubit Zero', kind: 'crypto' });
  });
  afterEach(async () => {
    await database.close();
  });

  const stored = () =>
    database.db
      .selectFrom('coin_supply')
      .select(['day', 'market_cap', 'circulating_supply', 'total_supply', 'max_supply'])
      .where('security_id', '=', securityId)
      .orderBy('day')
      .execute();
  const COLUMNS = ['market_cap', 'circulating_supply', 'total_supply', 'max_supply'];
  const rows = (count: number, scale: number) =>
    Array.from({ length: count }, (_, i) => ({
      security_id: securityId,
      day: day(i),
      market_cap: i % 7 === 0 ? null : i * scale,
      circulating_supply: i + 0.5,
      total_supply: i + 1,
      max_supply: 21_000_000,
    }));

  it('writes every row of several full statements and a partial one, then updates them in place', async () => {
    await upsertRows(database.db, 'coin_supply', rows(1_234, 10), ['security_id', 'day'], COLUMNS);
    const first = await stored();
    expect(first).toHaveLength(1_234);
    expect(first[0]).toEqual({
      day: day(0),
      market_cap: null,
      circulating_supply: 0.5,
      total_supply: 1,
      max_supply: 21_000_000,
    });
    expect(first[1_000]).toEqual({
      day: day(1_000),
      market_cap: 10_000,
      circulating_supply: 1_000.5,
      total_supply: 1_001,
      max_supply: 21_000_000,
    });
    expect(first[1_233]?.market_cap).toBe(12_330);

    await upsertRows(database.db, 'coin_supply', rows(1_234, 3), ['security_id', 'day'], COLUMNS);
    const second = await stored();
    expect(second).toHaveLength(1_234);
    expect(second.map((row) => row.market_cap)).toEqual(rows(1_234, 3).map((row) => row.market_cap));
  });

  it('builds a statement whose rows differ from the first one, instead of reusing its SQL', async () => {
    // Row 700 leaves a value undefined; row 900 has its columns in another order (day last).
    const reordered = ({ day: rowDay, ...rest }: ReturnType<typeof rows>[number]) => ({ ...rest, day: rowDay });
    const mixed = rows(1_000, 10).map((row, i) =>
      i === 700 ? { ...row, max_supply: undefined } : i === 900 ? reordered(row) : row,
    );
    await upsertRows(database.db, 'coin_supply', mixed, ['security_id', 'day'], COLUMNS);
    const all = await stored();
    expect(all).toHaveLength(1_000);
    expect(all[700]?.max_supply).toBeNull();
    expect(all[900]).toEqual({
      day: day(900),
      market_cap: 9_000,
      circulating_supply: 900.5,
      total_supply: 901,
      max_supply: 21_000_000,
    });
  });

  it('stores text and doubles exactly as given, whatever their characters (PostgreSQL sends them as arrays)', async () => {
    const texts = [
      'plain',
      'with "quotes"',
      'back\\slash \\" both',
      'comma, {braces}',
      'NULL',
      '',
      'ünïcødé ✓',
      ' spaced ',
    ];
    const entries = texts.map((text, i) => ({
      archive: 'sec',
      entry_key: `CIK${String(i).padStart(10, '0')}.json`,
      fingerprint: text,
      ticker: `T${i}`,
      loaded_at: '2026-01-01T00:00:00.000Z',
    }));
    await upsertRows(database.db, 'bulk_entries', entries, ['archive', 'entry_key'], ['fingerprint']);
    const written = await database.db.selectFrom('bulk_entries').select('fingerprint').orderBy('entry_key').execute();
    expect(written.map((row) => row.fingerprint)).toEqual(texts);

    const doubles = [0.1 + 0.2, 5e-324, 1.7976931348623157e308, 123456.789e-20, 2 ** 53 + 2, 1 / 3];
    await upsertRows(
      database.db,
      'coin_supply',
      doubles.map((value, i) => ({
        security_id: securityId,
        day: day(i),
        market_cap: value,
        circulating_supply: null,
      })),
      ['security_id', 'day'],
      ['market_cap', 'circulating_supply'],
    );
    expect((await stored()).map((row) => row.market_cap)).toEqual(doubles);
  });
});
