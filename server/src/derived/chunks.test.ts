import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity } from '../../test/securities.ts';
import { type Database, migrateToLatest, migratorOf } from '../db/index.ts';
import { runIngest } from '../ingest/loader.ts';
import type { FactRecord, PriceBar, SecurityBundle, Source } from '../ingest/types.ts';
import { CHART_POINTS_VERSION, priceChartBody, readChartPoints, staleChartPoints } from './chart-points.ts';
import { packAmounts, rebuildFactStatements, unpackAmounts } from './fact-statements.ts';
import { packPriceYear, readCloseSeries, rebuildPriceYears } from './price-years.ts';
import { rebuildChartPoints, rebuildDerived } from './rebuild.ts';

/* The series tables (ADR 0008) in the database: the chunks staying equal to the source tables, and their reads. (The chunk format: series-format.test.ts.) */

/** Every chunk row of both series tables, in key order. */
async function snapshot(database: Database) {
  const prices = await database.db
    .selectFrom('price_years')
    .selectAll()
    .orderBy('security_id')
    .orderBy('year')
    .execute();
  const facts = await database.db
    .selectFrom('fact_statements')
    .selectAll()
    .orderBy('security_id')
    .orderBy('period')
    .execute();
  const months = await database.db.selectFrom('price_months').selectAll().orderBy('security_id').execute();
  return { prices, facts, months };
}

/** The chunks (and month ends) as stored must equal those built afresh from daily_prices and financial_facts. */
async function expectChunksMatchSource(database: Database) {
  const stored = await snapshot(database);
  await database.db.deleteFrom('price_years').execute();
  await database.db.deleteFrom('price_months').execute();
  await database.db.deleteFrom('fact_statements').execute();
  for (const { id } of await database.db.selectFrom('securities').select('id').execute()) {
    await rebuildPriceYears(database.db, id);
    await rebuildFactStatements(database.db, id);
  }
  expect(stored).toEqual(await snapshot(database));
  return stored;
}

function bar(day: string, close: number): PriceBar {
  return { day, open: close, high: close, low: close, close, volume: 1000 };
}

/** Weekdays from `from` to `to`, closes drifting up. */
function bars(from: string, to: string, start = 100): PriceBar[] {
  const out: PriceBar[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    out.push(bar(d.toISOString().slice(0, 10), start + out.length * 0.37));
  }
  return out;
}

function fact(lineItem: string, periodEnd: string, value: number, extra: Partial<FactRecord> = {}): FactRecord {
  return {
    lineItem,
    period: 'annual',
    periodStart: `${periodEnd.slice(0, 4)}-01-01`,
    periodEnd,
    fiscalYear: Number(periodEnd.slice(0, 4)),
    fiscalPeriod: 'FY',
    value,
    unit: 'USD',
    concept: 'Revenues',
    accession: `0000000001-${periodEnd.slice(2, 4)}-000001`,
    form: '10-K',
    filed: `${Number(periodEnd.slice(0, 4)) + 1}-02-01`,
    derived: false,
    ...extra,
  };
}

function sourceOf(bundles: SecurityBundle[]): Source {
  return {
    name: 'series-test',
    listTickers: async () => bundles.map((b) => b.profile.ticker),
    fetchSecurity: async (ticker) => bundles.find((b) => b.profile.ticker === ticker) as SecurityBundle,
  };
}

const profile = { ticker: 'SERA', kind: 'stock' as const, name: 'Series A', currency: 'USD' };

/** SERA with two years of weekdays across three calendar years, SERB with one week of 2020. */
async function loadTwoSecurities(db: Database['db']): Promise<void> {
  await runIngest({
    db,
    source: sourceOf([
      { profile, rejections: [], prices: bars('2019-06-03', '2021-06-30') },
      {
        profile: { ...profile, ticker: 'SERB', name: 'Series B' },
        rejections: [],
        prices: bars('2020-01-01', '2020-01-10', 5),
      },
    ]),
    tickers: 'all',
  });
}

describe.each(testDatabases())('series tables on $label', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('are written with the source rows by every load, a later split and a newer filing included', async () => {
    database = await migratedDatabase(target);
    const db = database.db;
    const load = (bundle: Omit<SecurityBundle, 'profile' | 'rejections'>) =>
      runIngest({ db, source: sourceOf([{ profile, rejections: [], ...bundle }]), tickers: 'all', resume: false });

    await load({
      prices: bars('2019-01-01', '2021-06-30'),
      dividends: [{ exDate: '2020-05-04', amount: 0.5 }],
      facts: [
        fact('revenue', '2019-12-31', 1000),
        fact('revenue', '2020-12-31', 1100),
        fact('cash', '2020-12-31', 50, { periodStart: null }),
      ],
    });
    const first = await expectChunksMatchSource(database);
    expect(first.prices.map((r) => r.year)).toEqual([2019, 2020, 2021]);
    expect(first.facts.map((r) => [r.period, r.line_items, r.period_ends])).toEqual([
      ['annual', 'cash,revenue', '2019-12-312020-12-31'],
    ]);

    // A 2:1 split in 2021 restates every earlier close; new days open 2022; a later filing revises 2020.
    await load({
      prices: bars('2021-07-01', '2022-01-31', 60),
      splits: [{ day: '2021-03-01', numerator: 2, denominator: 1 }],
      facts: [fact('revenue', '2020-12-31', 1150, { filed: '2022-02-01', accession: '0000000001-22-000009' })],
    });
    const second = await expectChunksMatchSource(database);
    expect(second.prices.map((r) => r.year)).toEqual([2019, 2020, 2021, 2022]);
    const closes2019 = (year: typeof second.prices) => year[0]?.close_split_adj.split(',').map(Number)[0];
    expect(closes2019(second.prices)).toBeCloseTo((closes2019(first.prices) as number) / 2, 9);
    const [annual] = second.facts;
    // Item-major: cash (no 2019 fact, so its cell is marked absent), then revenue with the revision.
    expect(annual?.derived).toBe('-000');
    expect([...unpackAmounts(annual?.amounts ?? new Uint8Array())].slice(1)).toEqual([50, 1000, 1150]);
    expect(annual?.accessions.split('\n').map((line) => JSON.parse(line))).toEqual([
      [null, '0000000001-20-000001'],
      ['0000000001-19-000001', '0000000001-22-000009'],
    ]);

    // An identical run writes nothing, the chunks included.
    const again = await load({ prices: bars('2021-07-01', '2022-01-31', 60) });
    expect(again).toMatchObject({ loaded: 0, unchanged: 1 });
    expect(await snapshot(database)).toEqual(second);
  });

  it('read the closes of a range, trimmed inside its first and last years, per security', async () => {
    database = await migratedDatabase(target);
    const db = database.db;
    await loadTwoSecurities(db);
    const ids = await db.selectFrom('securities').select(['id', 'ticker']).orderBy('ticker').execute();
    const [a, b] = ids.map((r) => r.id) as [number, number];
    const source = await db
      .selectFrom('daily_prices')
      .select(['security_id', 'day', 'close_split_adj'])
      .where('day', '>=', '2019-12-30')
      .where('day', '<=', '2021-01-05')
      .orderBy('security_id')
      .orderBy('day')
      .execute();
    const series = await readCloseSeries(db, [a, b, 999], { from: '2019-12-30', to: '2021-01-05' }, 'close_split_adj');
    for (const id of [a, b]) {
      const rows = source.filter((r) => r.security_id === id);
      expect(series.get(id)?.days).toEqual(rows.map((r) => r.day));
      expect(series.get(id)?.closes.map(Number)).toEqual(rows.map((r) => r.close_split_adj));
    }
    expect(series.has(999)).toBe(false);
    const open = await readCloseSeries(db, [a], {}, 'close_adj');
    expect(open.get(a)?.days.length).toBe(await countPrices(database, a));
    expect((await readCloseSeries(db, [a], { from: '2030-01-01' }, 'close_adj')).size).toBe(0);
  });

  it('give the price chart of any range from the stored chart points, cut inside its first and last years, or from the closes of years written by other code', async () => {
    database = await migratedDatabase(target);
    const db = database.db;
    await loadTwoSecurities(db);
    const securities = await db
      .selectFrom('securities')
      .select(['id', 'ticker', 'name', 'currency', 'kind'])
      .orderBy('ticker')
      .execute();
    const source = await db
      .selectFrom('daily_prices')
      .select(['security_id', 'day', 'close_split_adj'])
      .orderBy('security_id')
      .orderBy('day')
      .execute();
    const expectChartsOfSource = async () => {
      for (const range of CHART_RANGES) {
        const ids = [...securities.map((x) => x.id), 999];
        const body = priceChartBody(securities, await readChartPoints(db, ids, range));
        const inRange = (day: string) => (!range.from || day >= range.from) && (!range.to || day <= range.to);
        const expected = {
          series: securities.map((x) => ({
            ticker: x.ticker,
            name: x.name,
            currency: x.currency,
            points: source
              .filter((r) => r.security_id === x.id && inRange(r.day))
              .map((r) => ({ day: r.day, close: r.close_split_adj })),
          })),
        };
        expect(body.toString(), JSON.stringify(range)).toBe(JSON.stringify(expected));
      }
    };
    await expectChartsOfSource();
    expect(await staleChartPoints(db)).toEqual([]);

    // Years written by code of another version (ADR 0016): their bytes are never read, the chart is made
    // from their closes, the same bytes; current years beside them are read as they are.
    const [first] = securities;
    const stale = (
      await db
        .selectFrom('price_years')
        .select('year')
        .where('security_id', '=', first?.id ?? 0)
        .execute()
    )
      .map((row) => row.year)
      .filter((year) => year !== 2020);
    await db
      .updateTable('price_years')
      .set({ chart_points: Buffer.from('written by other code'), chart_version: CHART_POINTS_VERSION ^ 1 })
      .where('security_id', '=', first?.id ?? 0)
      .where('year', 'in', stale)
      .execute();
    expect(await staleChartPoints(db)).toEqual([first?.id]);
    await expectChartsOfSource();

    // The rebuild at start rewrites them with the current version, once.
    const before = await snapshot(database);
    expect(await rebuildChartPoints(db)).toEqual({ written: 1, failed: 0 });
    expect(await staleChartPoints(db)).toEqual([]);
    await expectChartsOfSource();
    const after = await snapshot(database);
    expect(after.prices.map((row) => row.chart_version)).toEqual(after.prices.map(() => CHART_POINTS_VERSION));
    expect(after.prices.filter((row, i) => !row.chart_points.equals(before.prices[i]?.chart_points as Buffer))).toEqual(
      after.prices.filter((row) => row.security_id === first?.id && stale.includes(row.year)),
    );
    expect(await expectChunksMatchSource(database)).toEqual(after);
    expect(await rebuildChartPoints(db)).toEqual({ written: 0, failed: 0 });
    expect((await readChartPoints(db, [], {})).size).toBe(0);
  });

  it('are built by migrations 011 (statements), 008 (prices) and 014 (month ends) for securities stored before them, over the chunks of 004 and 005', async () => {
    database = await target.open();
    const migrator = migratorOf(database);
    const { error } = await migrator.migrateTo('003-news');
    expect(error).toBeUndefined();
    const id = await insertSecurity(database.db, { ticker: 'OLDX', name: 'Old' });
    await database.db
      .insertInto('daily_prices')
      .values(
        bars('2020-12-28', '2021-01-05').map((p) => ({
          security_id: id,
          day: p.day,
          open: p.open,
          high: p.high,
          low: p.low,
          close: p.close,
          volume: p.volume,
          close_split_adj: p.close / 3,
          close_adj: p.close / 7,
        })),
      )
      .execute();
    await database.db
      .insertInto('financial_facts')
      .values({
        security_id: id,
        line_item: 'revenue',
        period: 'annual',
        period_start: '2020-01-01',
        period_end: '2020-12-31',
        fiscal_year: 2020,
        fiscal_period: 'FY',
        value: 42.5,
        unit: 'USD',
        concept: 'Revenues',
        accession: null,
        form: '10-K',
        filed: '2021-02-01',
        derived: 0,
      })
      .execute();
    expect((await migrator.migrateTo('004-series')).error).toBeUndefined();
    // A database that ran 004 before 005 existed holds text chunks of its statements.
    await sql`insert into fact_series values (${id}, 'annual', 'revenue', '2020-12-31', '2020-01-01', '2020', 'FY', '42.5', '[null]', '0')`.execute(
      database.db,
    );
    expect((await migrator.migrateTo('006-screener-index')).error).toBeUndefined();
    // A database that ran 005 before 007 existed holds binary chunks, one row per line item.
    await sql`insert into fact_series values (${id}, 'annual', 'revenue', '2020-12-31', '2020-01-01', '2020', 'FY', ${packAmounts([42.5])}, '', '0')`.execute(
      database.db,
    );
    expect((await migrateToLatest(database)).slice(0, 5)).toEqual([
      '007-fact-statements',
      '008-chart-points',
      '009-indicator-rows',
      '010-statement-values',
      '011-statement-currency',
    ]);
    // 013 gives the years 008 wrote version 0: stale, answered from their closes until the rebuild at start.
    const migrated = await snapshot(database);
    expect(migrated.prices.map((r) => r.chart_version)).toEqual([0, 0]);
    // 014 takes each month's last total-return close from the year chunks (December 31st, January 5th).
    expect(migrated.months).toEqual([
      { security_id: id, months: '2020-122021-01', close_adj: `${(100 + 3 * 0.37) / 7},${(100 + 6 * 0.37) / 7}` },
    ]);
    expect(await staleChartPoints(database.db)).toEqual([id]);
    const db = database.db;
    const chart = async () =>
      priceChartBody([{ id, ticker: 'OLDX', name: 'Old', currency: 'USD' }], await readChartPoints(db, [id], {}));
    const fromCloses = await chart();
    expect(await rebuildDerived(db)).toMatchObject({ 'chart points': { written: 1, failed: 0 } });
    expect((await chart()).equals(fromCloses)).toBe(true);
    const built = await expectChunksMatchSource(database);
    expect(built.prices.map((r) => r.chart_points)).toEqual(migrated.prices.map((r) => r.chart_points));
    expect(built.prices.map((r) => [r.year, r.days.length / 10])).toEqual([
      [2020, 4],
      [2021, 3],
    ]);
    expect([...unpackAmounts(built.facts[0]?.amounts ?? new Uint8Array())]).toEqual([42.5]);
    expect(built.facts).toMatchObject([
      { line_items: 'revenue', period_ends: '2020-12-31', accessions: '', derived: '0', currency: 'USD' },
    ]);
    const tables = await database.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('fact_series');
    if (target.engine === 'postgres') {
      // The defaults of 008 and 013 only served the rows already there: a writer of year chunks that leaves
      // the chart or its version out fails.
      const { chart_points: _unused, ...bare } = packPriceYear(id, [
        { day: '2030-01-02', closeSplitAdj: 1, closeAdj: 1 },
      ]);
      await expect(
        database.db
          .insertInto('price_years')
          .values(bare as never)
          .execute(),
      ).rejects.toThrow(/chart_points/);
      const { chart_version: _version, ...unversioned } = packPriceYear(id, [
        { day: '2030-01-02', closeSplitAdj: 1, closeAdj: 1 },
      ]);
      await expect(
        database.db
          .insertInto('price_years')
          .values(unversioned as never)
          .execute(),
      ).rejects.toThrow(/chart_version/);
    }
  });
});

async function countPrices(database: Database, id: number): Promise<number> {
  const row = await database.db
    .selectFrom('daily_prices')
    .select(database.db.fn.countAll().as('n'))
    .where('security_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/* Ranges of the price chart: weekend ends, ends on the first and last days stored, one day, ranges holding no day, years cut. */
const CHART_RANGES: { from?: string; to?: string }[] = [
  {},
  { from: '2019-12-30', to: '2021-01-05' },
  { from: '2020-01-01', to: '2020-12-31' },
  { from: '2020-01-04', to: '2020-01-05' },
  { from: '2020-01-03', to: '2020-01-03' },
  { from: '2019-06-03' },
  { to: '2019-06-03' },
  { from: '2021-06-30' },
  { from: '2020-01-06', to: '2020-01-07' },
  { from: '2030-01-01' },
  { to: '2018-12-31' },
  { from: '2019-07-06', to: '2019-07-07' },
];
