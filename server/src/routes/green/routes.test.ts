import { errorBody, greenStocksResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertIndicator } from '../../../test/indicator-factory.ts';

describe.each(testDatabases())('green stocks on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const db = t.database.db;
    await insertIndicator(db, { ticker: 'SUNR', market_cap: 4e9, sector: 'Utilities', is_green_energy: 1 });
    await insertIndicator(db, { ticker: 'RAIL', market_cap: 9e9, is_green_transport: 1, is_green_energy: 1 });
    await insertIndicator(db, { ticker: 'AQUA', market_cap: null, is_green_water: 1 });
    await insertIndicator(db, { ticker: 'BINS', market_cap: 1e9, is_green_waste: 1, dividend_yield_pct: 3 });
    await insertIndicator(db, { ticker: 'COAL', market_cap: 2e10 });
    // Crypto is never a green stock, whatever its flags say.
    await insertIndicator(db, { ticker: 'SOL', kind: 'crypto', market_cap: 5e10, is_green_energy: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function green(query: Record<string, string>) {
    const response = await t.app.inject({ url: '/api/data/green/stocks', query });
    expect(response.statusCode, response.body).toBe(200);
    return greenStocksResponse.parse(response.json());
  }

  it('lists stocks with any green flag by market cap, largest first and unknown last, with the total', async () => {
    const body = await green({});
    expect(body.rows.map((row) => row.ticker)).toEqual(['RAIL', 'SUNR', 'BINS', 'AQUA']);
    expect(body).toMatchObject({ total: 4, skip: 0, limit: 50 });
    expect(body.rows[0]).toEqual({
      ticker: 'RAIL',
      name: 'RAIL Inc.',
      sector: null,
      country: 'US',
      marketCap: 9e9,
      dividendYieldPct: null,
      isGreenEnergy: true,
      isGreenTransport: true,
      isGreenWater: false,
      isGreenWaste: false,
    });
  });

  it('narrows to the flags set to true (any of them) and ignores false ones', async () => {
    expect((await green({ isGreenEnergy: 'true' })).rows.map((r) => r.ticker)).toEqual(['RAIL', 'SUNR']);
    const two = await green({ isGreenWater: 'true', isGreenWaste: '1', isGreenEnergy: 'false' });
    expect(two.rows.map((r) => r.ticker)).toEqual(['BINS', 'AQUA']);
    expect(two.total).toBe(2);
  });

  it('returns the chosen fields, sorted and paged as asked', async () => {
    const body = await green({ fields: 'ticker,marketCap', orderBy: 'marketCap', order: 'asc', skip: '1', limit: '2' });
    expect(body).toEqual({
      total: 4,
      skip: 1,
      limit: 2,
      rows: [
        { ticker: 'SUNR', marketCap: 4e9 },
        { ticker: 'RAIL', marketCap: 9e9 },
      ],
    });
    expect((await green({ fields: 'ticker', orderBy: 'ticker' })).rows).toEqual([
      { ticker: 'SUNR' },
      { ticker: 'RAIL' },
      { ticker: 'BINS' },
      { ticker: 'AQUA' },
    ]);
  });

  it.each([
    ['fields', 'ticker,password'],
    ['orderBy', 'secret'],
    ['order', 'sideways'],
    ['limit', '5000'],
    ['skip', '-3'],
    ['isGreenWater', 'maybe'],
  ])('rejects %s=%s with a 400 naming it', async (name, value) => {
    const response = await t.app.inject({ url: '/api/data/green/stocks', query: { [name]: value } });
    expect(response.statusCode).toBe(400);
    const body = errorBody.parse(response.json());
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toContain(`"${name}`);
    expect((body.error.details as { field: string }).field.split('.')[0]).toBe(name);
  });
});
