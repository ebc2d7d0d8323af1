import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { readDataGaps } from './data-status.ts';
import { demoSource } from './demo/source.ts';
import { runIngest } from './loader.ts';
import type { Source } from './types.ts';

/*
 * Issue 45: after a finished load, the securities with a profile but no prices or no statements are
 * reported (the status call and the log at start), so a company whose load failed does not go unnoticed.
 */

describe.each(testDatabases())('data gaps on $engine', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it('names the securities without prices and the stocks without statements once a load has finished', async () => {
    database = await migratedDatabase(target);
    expect(await readDataGaps(database.db)).toEqual({
      withoutPrices: { count: 0, tickers: [] },
      withoutStatements: { count: 0, tickers: [] },
    });
    const demo = demoSource({ endDay: '2024-06-28' });
    const source: Source = {
      name: 'scripted',
      listTickers: async () => ['SOLQ', 'NOPR'],
      fetchSecurity: async (ticker) =>
        ticker === 'NOPR' ? { profile: { ticker, kind: 'stock' }, rejections: [] } : demo.fetchSecurity(ticker),
    };
    const run = await runIngest({ db: database.db, source, tickers: 'all' });
    expect(run.failed).toEqual([]);
    expect(await readDataGaps(database.db)).toEqual({
      withoutPrices: { count: 1, tickers: ['NOPR'] },
      withoutStatements: { count: 1, tickers: ['NOPR'] },
    });
  });
});
