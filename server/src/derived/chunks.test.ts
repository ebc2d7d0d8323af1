import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import type { ColumnCloses } from '../finance/close-history.ts';
import { dayNumber } from '../finance/types.ts';
import { runIngest } from '../ingest/loader.ts';
import type { FactRecord, PriceBar, SecurityBundle, Source } from '../ingest/types.ts';
import { unpackAmounts } from './chunk-layout.ts';
import { rebuildFactStatements } from './fact-statements.ts';
import { readCloseColumn, readCloseSeries, readVolumesOn, rebuildPriceYears } from './price-years.ts';

/* The series tables (ADR 0008) in the database: the chunks staying equal to the source tables, and their reads. (The chunk format: chunk-format.test.ts.) */

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
    // The distinct filings once, then each item's cells as indexes into them (empty: none).
    expect(annual?.accessions.split('\n')).toEqual([
      JSON.stringify(['0000000001-20-000001', '0000000001-19-000001', '0000000001-22-000009']),
      ',0',
      '1,2',
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
    // The same days and closes as numbers: packed days, their day numbers, a day's text only when asked.
    const columns = await readCloseColumn(db, [a, b, 999], { from: '2019-12-30', to: '2021-01-05' }, 'close_split_adj');
    for (const id of [a, b]) {
      const rows = source.filter((r) => r.security_id === id);
      const column = columns.get(id) as ColumnCloses;
      expect(Array.from({ length: column.length }, (_, i) => column.day(i))).toEqual(rows.map((r) => r.day));
      expect(Array.from(column.numbers)).toEqual(rows.map((r) => dayNumber(r.day)));
      expect(Array.from(column.closes)).toEqual(rows.map((r) => r.close_split_adj));
    }
    expect(columns.has(999)).toBe(false);
    expect((await readCloseColumn(db, [a], { from: '2030-01-01' }, 'close_adj')).size).toBe(0);
    expect((await readCloseColumn(db, [a], { from: '2020-07-04', to: '2020-07-04' }, 'close_adj')).size).toBe(0);
    const open = await readCloseSeries(db, [a], {}, 'close_adj');
    expect(open.get(a)?.days.length).toBe(await countPrices(database, a));
    expect((await readCloseSeries(db, [a], { from: '2030-01-01' }, 'close_adj')).size).toBe(0);
  });

  it("read each security's volume on a day of its own from the bars, as daily_prices has it", async () => {
    database = await migratedDatabase(target);
    const db = database.db;
    // SERC's last day has no volume from its source.
    const last = { ...bar('2021-07-01', 70), volume: null };
    await runIngest({
      db,
      source: sourceOf([
        { profile, rejections: [], prices: bars('2020-12-01', '2021-06-30') },
        {
          profile: { ...profile, ticker: 'SERC', name: 'Series C' },
          rejections: [],
          prices: [bar('2021-06-30', 69), last],
        },
      ]),
      tickers: 'all',
    });
    const [a, c] = (await db.selectFrom('securities').select('id').orderBy('ticker').execute()).map((r) => r.id) as [
      number,
      number,
    ];
    const volumes = await readVolumesOn(
      db,
      new Map([
        [a, '2021-06-30'],
        [c, '2021-07-01'],
        [999, '2021-06-30'],
      ]),
    );
    expect(volumes).toEqual(
      new Map([
        [a, 1000],
        [c, null],
      ]),
    );
    // No bar that day (a Saturday; a year without prices): no entry.
    expect(await readVolumesOn(db, new Map([[a, '2021-06-26']]))).toEqual(new Map());
    expect(await readVolumesOn(db, new Map([[a, '2019-06-03']]))).toEqual(new Map());
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
