import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../../test/databases.ts';
import type { Database } from '../../db/index.ts';
import { runIngest } from '../loader.ts';
import { missingDemoTickers } from './seed.ts';
import { demoSource } from './source.ts';
import { DEMO_COINS, DEMO_COMPANIES, demoUniverse } from './universe.ts';

describe.each(testDatabases())('demo seed plan on $label', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  const universe = demoUniverse();
  const all = [...universe.companies, ...universe.coins].map((s) => s.ticker);

  it('loads the whole universe into an empty database, hand-made companies and the first coins first', async () => {
    database = await migratedDatabase(target);
    const missing = await missingDemoTickers(database.db, all);
    expect(missing).toHaveLength(all.length);
    const first = [...DEMO_COMPANIES, ...DEMO_COINS].map((s) => s.ticker).sort();
    expect(missing?.slice(0, first.length).sort()).toEqual(first);
  });

  it('resumes with what is missing, and never mixes invented companies into real data', async () => {
    database = await migratedDatabase(target);
    const source = demoSource({ endDay: '2024-06-28' });
    await runIngest({ db: database.db, source, tickers: ['SOLQ', 'QBTZ'] });
    const missing = await missingDemoTickers(database.db, all);
    expect(missing).toHaveLength(all.length - 2);
    expect(missing).not.toContain('SOLQ');
    await database.db.updateTable('securities').set({ is_demo: 0 }).where('ticker', '=', 'SOLQ').execute();
    expect(await missingDemoTickers(database.db, all)).toBeNull();
  });
});

describe('demo universe (issue 23)', () => {
  const { companies, coins } = demoUniverse();

  it('has at least 400 companies and 20 coins, every ticker once, each with a Q or a Z', () => {
    expect(companies.length).toBeGreaterThanOrEqual(400);
    expect(coins.length).toBeGreaterThanOrEqual(20);
    const tickers = [...companies, ...coins].map((s) => s.ticker);
    expect(new Set(tickers).size).toBe(tickers.length);
    expect(tickers.filter((t) => !/[QZ]/.test(t))).toEqual([]);
  });

  it('keeps the benchmarks’ datasets as they were: hand-made then synthetic companies, the first eight coins', async () => {
    const bench = await demoSource({ companies: 60, endDay: '2024-06-28' }).listTickers();
    expect(bench).toHaveLength(68);
    expect(bench.slice(0, DEMO_COMPANIES.length)).toEqual(DEMO_COMPANIES.map((c) => c.ticker));
    expect(bench.slice(DEMO_COMPANIES.length, 60).every((t) => /^Z[A-Z]{4}$/.test(t))).toBe(true);
    expect(bench.slice(60)).toEqual(DEMO_COINS.map((c) => c.ticker));
  });
});
