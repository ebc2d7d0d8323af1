import { randomBytes } from 'node:crypto';
import { screenerColumnOf, screenerFigures } from '@app/contract';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgUrl, testDatabases } from '../../test/databases.ts';
import { indicatorSeedRow } from '../../test/indicator-factory.ts';
import { insertSecurity } from '../../test/securities.ts';
import { type Database, databaseAnswers, migrateToLatest, migratorOf, openDatabase } from './index.ts';
import { bumpDataVersion, readDataVersion } from './meta.ts';
import { migrationProvider } from './migrations/index.ts';

/**
 * The tables of this test's database only: on PostgreSQL each test file has its own schema (the
 * introspection sees the current one only: db/own-schema-introspector.ts; the filter says so here too).
 */
async function ownTables(database: Database) {
  const tables = await database.db.introspection.getTables();
  if (database.engine !== 'postgres') return tables;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return tables.filter((table) => table.schema === rows[0]?.schema);
}

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

/** A statement matrix as the schema of an earlier migration had it (the columns of 007 and 011, and `extra`). */
async function insertOldMatrix(database: Database, ticker: string, extra: Record<string, unknown> = {}) {
  const id = await insertSecurity(database.db, { ticker, name: `Old ${ticker}` });
  const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await old
    .insertInto('fact_statements')
    .values({
      security_id: id,
      period: 'annual',
      period_ends: '2024-12-31',
      period_starts: '2024-01-01',
      fiscal_years: '2024',
      fiscal_periods: 'FY',
      line_items: 'revenue',
      amounts: Buffer.alloc(8),
      accessions: '',
      derived: '0',
      currency: 'USD',
      ...extra,
    })
    .execute();
}

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
    const tables = (await ownTables(database)).map((t) => t.name);
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

  it('drops the stored answer copies and leaves the screener rows to the repair at start (015)', async () => {
    database = await target.open();
    const migrator = migratorOf(database);
    expect((await migrator.migrateTo('014-price-months')).error).toBeUndefined();
    const id = await insertSecurity(database.db, { ticker: 'OLDR', name: 'Old Row' });
    const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old
      .insertInto('indicators')
      .values({
        ...indicatorSeedRow(id, { ticker: 'OLDR', payout_ratio: 0.855 }, '2026-01-02T00:00:00.000Z'),
        change_1y_pct: undefined,
        eps_ttm: undefined,
        restatements_3y: undefined,
        largest_restatement_pct: undefined,
        piotroski_score: undefined,
        shareholder_yield_pct: undefined,
        row_json: '{}',
        row_version: 7,
      })
      .execute();
    expect(await migrateToLatest(database)).toEqual([
      '015-one-truth',
      '016-ingest-run-owner',
      '017-first-filed',
      '018-bulk-entries',
      '019-fact-versions',
      '020-restated-cells',
      '021-price-bars',
      '022-statement-filed-days',
      '023-catalogue-scores',
      '027-numbers-checked-twice',
      '028-dividend-history-known-from-first-close',
      '029-indicator-months',
    ]);
    const tables = await ownTables(database);
    const columns = (name: string) => tables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? [];
    expect(tables.map((t) => t.name)).not.toContain('statement_values');
    expect(columns('price_years')).not.toContain('chart_points');
    expect(columns('price_years')).not.toContain('chart_version');
    expect(columns('indicators')).not.toContain('row_json');
    expect(columns('indicators')).toEqual(expect.arrayContaining(['change_1y_pct', 'eps_ttm']));
    // A screener row of the code before the catalogue is not kept: the repair at start computes it again.
    expect(await database.db.selectFrom('indicators').selectAll().execute()).toEqual([]);
  });

  it('drops the statement matrices without restated cells for the repair at start to write again (020)', async () => {
    database = await target.open();
    expect((await migratorOf(database).migrateTo('019-fact-versions')).error).toBeUndefined();
    await insertOldMatrix(database, 'OLDS');
    expect(await migrateToLatest(database)).toEqual([
      '020-restated-cells',
      '021-price-bars',
      '022-statement-filed-days',
      '023-catalogue-scores',
      '027-numbers-checked-twice',
      '028-dividend-history-known-from-first-close',
      '029-indicator-months',
    ]);
    const tables = await ownTables(database);
    const columns = (name: string) => tables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? [];
    expect(columns('fact_statements')).toContain('restated');
    expect(columns('indicators')).toEqual(expect.arrayContaining(['restatements_3y', 'largest_restatement_pct']));
    expect(await database.db.selectFrom('fact_statements').selectAll().execute()).toEqual([]);
  });

  it('drops the statement matrices of the old format for the repair at start to write again (022)', async () => {
    database = await target.open();
    expect((await migratorOf(database).migrateTo('021-price-bars')).error).toBeUndefined();
    await insertOldMatrix(database, 'OLDF', { restated: '' });
    expect(await migrateToLatest(database)).toEqual([
      '022-statement-filed-days',
      '023-catalogue-scores',
      '027-numbers-checked-twice',
      '028-dividend-history-known-from-first-close',
      '029-indicator-months',
    ]);
    const tables = await ownTables(database);
    const columns = tables.find((t) => t.name === 'fact_statements')?.columns ?? [];
    expect(columns.find((c) => c.name === 'filed_days')).toMatchObject({ isNullable: false });
    expect(await database.db.selectFrom('fact_statements').selectAll().execute()).toEqual([]);
  });

  it('gives the screener table exactly the catalogue figures’ columns and leaves its rows to the repair (023)', async () => {
    database = await target.open();
    expect((await migratorOf(database).migrateTo('022-statement-filed-days')).error).toBeUndefined();
    const id = await insertSecurity(database.db, { ticker: 'OLDI', name: 'Old Indicators' });
    const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old
      .insertInto('indicators')
      .values({
        ...indicatorSeedRow(id, { ticker: 'OLDI' }, '2026-01-02T00:00:00.000Z'),
        piotroski_score: undefined,
        shareholder_yield_pct: undefined,
      })
      .execute();
    expect(await migrateToLatest(database)).toEqual([
      '023-catalogue-scores',
      '027-numbers-checked-twice',
      '028-dividend-history-known-from-first-close',
      '029-indicator-months',
    ]);
    const tables = await ownTables(database);
    const columns = tables.find((t) => t.name === 'indicators')?.columns.map((c) => c.name) ?? [];
    const descriptive = ['security_id', 'ticker', 'name', 'kind', 'exchange', 'sector', 'industry', 'country'];
    const flags = ['is_green_energy', 'is_green_transport', 'is_green_water', 'is_green_waste'];
    expect(new Set(columns)).toEqual(
      new Set([...descriptive, 'currency', ...screenerFigures.map(screenerColumnOf), ...flags, 'as_of', 'updated_at']),
    );
    // A row without the new figures is not kept: the repair at start computes it again.
    expect(await database.db.selectFrom('indicators').selectAll().execute()).toEqual([]);
  });

  it('drops the screener rows of the formulas before issue 42 for the repair at start to compute again (027)', async () => {
    database = await target.open();
    expect((await migratorOf(database).migrateTo('023-catalogue-scores')).error).toBeUndefined();
    const id = await insertSecurity(database.db, { ticker: 'OLDP', name: 'Old P/E' });
    await database.db
      .insertInto('indicators')
      .values(indicatorSeedRow(id, { ticker: 'OLDP', pe: 10 }, '2026-01-02T00:00:00.000Z'))
      .execute();
    expect(await migrateToLatest(database)).toEqual([
      '027-numbers-checked-twice',
      '028-dividend-history-known-from-first-close',
      '029-indicator-months',
    ]);
    expect(await database.db.selectFrom('indicators').selectAll().execute()).toEqual([]);
  });

  it('drops the screener rows of the dividend rules before the oracle settled them, for the repair to compute (028)', async () => {
    database = await target.open();
    expect((await migratorOf(database).migrateTo('027-numbers-checked-twice')).error).toBeUndefined();
    const id = await insertSecurity(database.db, { ticker: 'OLDG', name: 'Old growth years' });
    await database.db
      .insertInto('indicators')
      .values(indicatorSeedRow(id, { ticker: 'OLDG', dividend_growth_years: 11 }, '2026-01-02T00:00:00.000Z'))
      .execute();
    expect(await migrateToLatest(database)).toEqual([
      '028-dividend-history-known-from-first-close',
      '029-indicator-months',
    ]);
    expect(await database.db.selectFrom('indicators').selectAll().execute()).toEqual([]);
  });

  it('gives the month rows exactly the catalogue figures’ columns, keyed by day first (029)', async () => {
    database = await target.open();
    expect(await migrateToLatest(database)).toContain('029-indicator-months');
    const tables = await ownTables(database);
    const columns = tables.find((t) => t.name === 'indicator_months')?.columns.map((c) => c.name) ?? [];
    expect(new Set(columns)).toEqual(
      new Set(['day', 'security_id', ...screenerFigures.map(screenerColumnOf), 'as_of']),
    );
    const sources = tables.find((t) => t.name === 'indicator_month_sources')?.columns.map((c) => c.name) ?? [];
    expect(new Set(sources)).toEqual(new Set(['security_id', 'source', 'through']));
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

describe.skipIf(!pgUrl)('migrations beside another schema of the same PostgreSQL database', () => {
  it('introspects its own schema only: a neighbour dropped meanwhile cannot fail it', async () => {
    const url = pgUrl as string;
    const [neighbour, own] = [0, 1].map(() => `test_${randomBytes(6).toString('hex')}`) as [string, string];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const database = openDatabase({ url, searchPath: own, poolMax: 2 });
    try {
      await admin.query(`create schema ${neighbour}; create schema ${own}; create table ${neighbour}.other (x int)`);
      await migrateToLatest(database);
      const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own]));
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['securities', 'kysely_migration']));
      const id = tables.find((t) => t.name === 'securities')?.columns.find((c) => c.name === 'id');
      expect(id).toMatchObject({ isAutoIncrementing: true, isNullable: false });
      // The neighbour's schema dropped while this one is introspected again and again: no error.
      const drop = admin.query(`drop schema ${neighbour} cascade`);
      for (let i = 0; i < 20; i++) await database.db.introspection.getTables();
      await drop;
    } finally {
      await database.close();
      await admin.query(`drop schema if exists ${neighbour} cascade; drop schema if exists ${own} cascade`);
      await admin.end();
    }
  });

  it('migrates a schema named only by the URL (search_path) while a neighbour schema holds its own migration tables', async () => {
    const url = pgUrl as string;
    const [neighbour, own] = [0, 1].map(() => `test_${randomBytes(6).toString('hex')}`) as [string, string];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema ${neighbour}; create schema ${own}`);
      const first = openDatabase({ url, searchPath: neighbour, poolMax: 2 });
      await migrateToLatest(first);
      await first.close();
      // As the CLI and the server see it: one DATABASE_URL, the schema in its connection options.
      const withSchema = new URL(url);
      withSchema.searchParams.set('options', `-c search_path=${own}`);
      const second = openDatabase({ url: withSchema.toString(), poolMax: 2 });
      try {
        expect((await migrateToLatest(second)).length).toBeGreaterThan(20);
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_tables where schemaname = $1 and tablename in ('kysely_migration', 'kysely_migration_lock', 'securities')`,
          [own],
        );
        expect(rows[0]?.n).toBe(3);
      } finally {
        await second.close();
      }
    } finally {
      await admin.query(`drop schema if exists ${neighbour} cascade; drop schema if exists ${own} cascade`);
      await admin.end();
    }
  });
});
