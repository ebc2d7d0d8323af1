import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { indicatorSeedRow } from '../../test/indicator-factory.ts';
import { insertSecurity } from '../../test/securities.ts';
import { indicatorRowJson, staleScreenerRows } from '../derived/screener-rows.ts';
import { type Database, databaseAnswers, migrateToLatest, migratorOf } from './index.ts';
import { bumpDataVersion, readDataVersion } from './meta.ts';
import { migrationProvider } from './migrations/index.ts';

const PRODUCT_TABLES = [
  'securities',
  'daily_prices',
  'dividends',
  'splits',
  'financial_facts',
  'indicators',
  'feeds',
  'news_items',
  'news_item_tickers',
  'users',
  'sessions',
  'wallet_nonces',
  'referrals',
  'watchlists',
  'analytics_events',
  'app_meta',
];

describe.each(testDatabases())('migrations on $engine', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('creates every table of the product, and a second run changes nothing', async () => {
    database = await target.open();
    const all = Object.keys(await migrationProvider(target.engine).getMigrations()).sort();
    expect(all[0]).toBe('001-initial');
    expect(await migrateToLatest(database)).toEqual(all);
    const tables = (await database.db.introspection.getTables()).map((t) => t.name);
    for (const table of PRODUCT_TABLES) expect(tables).toContain(table);
    expect(await migrateToLatest(database)).toEqual([]);
    expect(await databaseAnswers(database)).toBe(true);
  });

  it("reads the screener's sector view in market-cap order from an index, without the old sector index", async () => {
    database = await target.open();
    await migrateToLatest(database);
    const db = database.db;
    const indexes =
      target.engine === 'sqlite'
        ? sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
            where type = 'index' and tbl_name = 'indicators'`
        : sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes
            where tablename = 'indicators' and schemaname = current_schema()`;
    const byName = new Map((await indexes.execute(db)).rows.map((r) => [r.name, r.definition]));
    expect(byName.has('indicators_sector')).toBe(false);
    // Descending with nulls last, as the OData compiler sorts (SQLite puts NULL lowest: desc ends with them).
    expect(byName.get('indicators_sector_market_cap')).toMatch(
      target.engine === 'sqlite' ? /\(sector, market_cap desc\)/ : /\(sector, market_cap DESC NULLS LAST\)/,
    );
    if (target.engine === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan
        select * from indicators where sector = ${'Utilities'} and pe < ${30}
        order by market_cap desc nulls last, ticker asc limit 50`.execute(db);
      const steps = plan.rows.map((r) => r.detail).join(' | ');
      expect(steps).toContain('USING INDEX indicators_sector_market_cap (sector=?)');
      // Only the tie-breaker is sorted, not the sector's rows by market cap.
      expect(steps).toContain('LAST TERM OF ORDER BY');
    }
  });

  it('finds the years of stale chart points from an index, without reading the charts (013)', async () => {
    database = await target.open();
    await migrateToLatest(database);
    if (target.engine === 'postgres') {
      const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes
        where tablename = 'price_years' and schemaname = current_schema()`.execute(database.db);
      expect(indexes.rows.map((r) => r.name)).toContain('price_years_chart_version');
      return;
    }
    // The query of staleChartPoints (derived/chart-points.ts): the version sits after the chart's bytes.
    const plan = await sql<{ detail: string }>`explain query plan
      select security_id from price_years where chart_version <> ${1}`.execute(database.db);
    expect(plan.rows.map((r) => r.detail).join(' | ')).toContain('COVERING INDEX price_years_chart_version');
  });

  it('stores every screener row whole for the rows there before migration 009', async () => {
    database = await target.open();
    const migrator = migratorOf(database);
    expect((await migrator.migrateTo('008-chart-points')).error).toBeUndefined();
    const id = await insertSecurity(database.db, { ticker: 'OLDR', name: 'Old "Row" Ünïcode' });
    const {
      row_json: _json,
      row_version: _version,
      ...columns
    } = indicatorSeedRow(
      id,
      { ticker: 'OLDR', name: 'Old "Row" Ünïcode', pe: 0.1 + 0.2, is_green_water: 1 },
      '2026-01-02T00:00:00.000Z',
    );
    await database.db
      .insertInto('indicators')
      .values(columns as never)
      .execute();
    expect(await migrateToLatest(database)).toEqual([
      '009-indicator-rows',
      '010-statement-values',
      '011-statement-currency',
      '012-coin-supply',
      '013-derived-versions',
      '014-price-months',
      '015-first-filed',
    ]);
    const row = await database.db
      .selectFrom('indicators')
      .selectAll()
      .where('security_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.row_json).toBe(indicatorRowJson(columns));
    // Written by 009, before rows had a version (013): stale, rewritten by the rebuild at start.
    expect(row.row_version).toBe(0);
    expect(await staleScreenerRows(database.db)).toEqual([id]);
    expect(JSON.parse(row.row_json)).toMatchObject({
      ticker: 'OLDR',
      name: 'Old "Row" Ünïcode',
      pe: 0.1 + 0.2,
      isGreenWater: true,
      isGreenEnergy: false,
    });
    if (target.engine === 'postgres') {
      // The column's default only served the rows already there: a writer that leaves it out fails.
      const other = await insertSecurity(database.db, { ticker: 'NEWR', name: 'New' });
      const { row_json: _unused, ...bare } = indicatorSeedRow(other, { ticker: 'NEWR' }, '2026-01-02T00:00:00.000Z');
      await expect(
        database.db
          .insertInto('indicators')
          .values(bare as never)
          .execute(),
      ).rejects.toThrow(/row_json/);
      const { row_version: _unset, ...unversioned } = indicatorSeedRow(other, { ticker: 'NEWR' }, '2026-01-02');
      await expect(
        database.db
          .insertInto('indicators')
          .values(unversioned as never)
          .execute(),
      ).rejects.toThrow(/row_version/);
    }
  });

  it('stores days, flags and prices portably', async () => {
    database = await target.open();
    await migrateToLatest(database);
    const id = await insertSecurity(database.db, { ticker: 'ACME', name: 'Acme', is_demo: 1, is_green_energy: 1 });
    await database.db
      .insertInto('daily_prices')
      .values({ security_id: id, day: '2024-02-29', close: 10.5, close_split_adj: 10.5, close_adj: 10.1, volume: 1e9 })
      .execute();
    const row = await database.db
      .selectFrom('daily_prices')
      .innerJoin('securities', 'securities.id', 'daily_prices.security_id')
      .select(['day', 'close', 'volume', 'is_green_energy'])
      .where('day', '>=', '2024-01-01')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ day: '2024-02-29', close: 10.5, volume: 1e9, is_green_energy: 1 });
  });

  it('refuses a price for a security that does not exist', async () => {
    database = await target.open();
    await migrateToLatest(database);
    const insert = database.db
      .insertInto('daily_prices')
      .values({ security_id: 999, day: '2024-01-02', close: 1, close_split_adj: 1, close_adj: 1 })
      .execute();
    await expect(insert).rejects.toThrow();
  });

  it('bumps the data version atomically', async () => {
    database = await target.open();
    await migrateToLatest(database);
    expect(await readDataVersion(database.db)).toBe(0);
    const db = database.db;
    const results = await Promise.all(Array.from({ length: 5 }, () => bumpDataVersion(db)));
    expect(new Set(results).size).toBe(5);
    expect(await readDataVersion(db)).toBe(5);
  });
});
