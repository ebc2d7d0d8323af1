import { odataResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { indicatorSeedRow } from '../../../test/indicator-factory.ts';

const ROWS = 1005;

describe.each(testDatabases())('screener server-driven paging on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const now = '2026-01-02T00:00:00.000Z';
    const tickers = Array.from({ length: ROWS }, (_, i) => `T${String(i).padStart(4, '0')}`);
    const ids = await t.database.db
      .insertInto('securities')
      .values(
        tickers.map((ticker) => ({
          ticker,
          kind: 'stock' as const,
          name: ticker,
          currency: 'USD',
          is_demo: 1 as const,
          is_green_energy: 0 as const,
          is_green_transport: 0 as const,
          is_green_water: 0 as const,
          is_green_waste: 0 as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'ticker'])
      .execute();
    // In slices: a full row is 37 values, and SQLite takes at most 32,766 per statement.
    const rows = ids.map(({ id, ticker }) =>
      indicatorSeedRow(id, { ticker, name: ticker, exchange: null, country: null }, now),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db
        .insertInto('indicators')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('cuts an answer without $top at 1000 rows and links the next page', async () => {
    const first = odataResponse.parse(
      (await t.app.inject('/api/data/indicator/odata?$select=ticker&$count=true')).json(),
    );
    expect(first.value).toHaveLength(1000);
    expect(first['@odata.count']).toBe(ROWS);
    expect(first['@odata.nextLink']).toBe('/api/data/indicator/odata?%24select=ticker&%24count=true&%24skip=1000');
    const second = odataResponse.parse((await t.app.inject(first['@odata.nextLink'] ?? '')).json());
    expect(second.value.map((row) => row.ticker)).toEqual(['T1000', 'T1001', 'T1002', 'T1003', 'T1004']);
    expect(second['@odata.nextLink']).toBeUndefined();
  });

  it('gives no next link when the caller chose the page size', async () => {
    const page = odataResponse.parse((await t.app.inject('/api/data/indicator/odata?$select=ticker&$top=1000')).json());
    expect(page.value).toHaveLength(1000);
    expect(page['@odata.nextLink']).toBeUndefined();
  });
});
