import { errorBody, indicatorRow, odataResponse, odataV2Response } from '@app/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertIndicator } from '../../../test/indicator-factory.ts';

describe.each(testDatabases())('screener OData on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const db = t.database.db;
    await insertIndicator(db, {
      ticker: 'ACME',
      name: 'Acme Corp',
      sector: 'Technology',
      pe: 12,
      market_cap: 5e10,
      dividend_yield_pct: 2.5,
      dividend_growth_years: 10,
      is_green_energy: 1,
    });
    await insertIndicator(db, {
      ticker: 'BOLT',
      name: 'Bolt AG',
      sector: 'Industrials',
      country: 'DE',
      pe: 25,
      market_cap: 1e9,
      dividend_yield_pct: 0,
      dividend_growth_years: 3,
      is_green_transport: 1,
    });
    await insertIndicator(db, {
      ticker: 'CRAB',
      name: "O'Crab Holdings",
      sector: 'Technology',
      market_cap: 2e11,
      dividend_yield_pct: 1,
      is_green_water: 1,
      is_green_waste: 1,
      as_of: '2025-12-31',
    });
    await insertIndicator(db, {
      ticker: 'DUNE',
      name: 'Dune Energy',
      sector: 'Energy',
      country: 'CA',
      pe: 8,
      market_cap: 3e9,
      dividend_yield_pct: 5.5,
    });
    await insertIndicator(db, { ticker: 'BTC', name: 'Bitcoin', kind: 'crypto', country: null, market_cap: 1e12 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function odata(params: Record<string, string>) {
    const response = await t.app.inject({ url: '/api/data/indicator/odata', query: params });
    return response;
  }
  async function tickers(filter: string, orderby = 'ticker'): Promise<string[]> {
    const response = await odata({ $filter: filter, $orderby: orderby, $select: 'ticker' });
    expect(response.statusCode, `${filter}: ${response.body}`).toBe(200);
    return odataResponse.parse(response.json()).value.map((row) => row.ticker ?? '');
  }

  it('filters with comparisons, and/or/not and parentheses', async () => {
    expect(await tickers("sector eq 'Technology' and pe lt 20")).toEqual(['ACME']);
    expect(await tickers("(sector eq 'Energy' or country eq 'DE') and not (pe gt 20)")).toEqual(['DUNE']);
    expect(await tickers('pe ge 12 and pe le 25')).toEqual(['ACME', 'BOLT']);
    // OData's ne: null is unequal to every value, so the coin without a sector is kept (docs/api.md).
    expect(await tickers("sector ne 'Technology'")).toEqual(['BOLT', 'BTC', 'DUNE']);
  });

  it('supports in (...) and null', async () => {
    expect(await tickers("sector in ('Energy', 'Industrials')")).toEqual(['BOLT', 'DUNE']);
    expect(await tickers("sector in ('Energy', null)")).toEqual(['BTC', 'DUNE']);
    expect(await tickers('pe eq null')).toEqual(['BTC', 'CRAB']);
    expect(await tickers('null ne pe')).toEqual(['ACME', 'BOLT', 'DUNE']);
    expect(await tickers('pe in ()')).toEqual([]);
  });

  it('does arithmetic: add sub mul div mod and negation, div as real division', async () => {
    expect(await tickers('marketCap div 1000000000 gt 10')).toEqual(['ACME', 'BTC', 'CRAB']);
    expect(await tickers('dividendGrowthYears div 4 eq 2.5')).toEqual(['ACME']);
    expect(await tickers('dividendGrowthYears mod 3 eq 1')).toEqual(['ACME']);
    expect(await tickers('pe mul 2 add 1 sub 1 eq 24')).toEqual(['ACME']);
    expect(await tickers('-pe lt -20')).toEqual(['BOLT']);
    expect(await tickers('pe div 0 eq null and pe ne null')).toEqual(['ACME', 'BOLT', 'DUNE']);
  });

  it('runs the string functions case-sensitively, with quotes escaped as two', async () => {
    expect(await tickers("contains(name, 'Corp')")).toEqual(['ACME']);
    expect(await tickers("contains(name, 'corp')")).toEqual([]);
    expect(await tickers("contains(tolower(name), 'corp')")).toEqual(['ACME']);
    expect(await tickers("startswith(ticker, 'B')")).toEqual(['BOLT', 'BTC']);
    expect(await tickers("endswith(name, 'AG')")).toEqual(['BOLT']);
    expect(await tickers("name eq 'O''Crab Holdings'")).toEqual(['CRAB']);
    expect(await tickers("contains(name, '%') or contains(name, '_')")).toEqual([]);
    expect(await tickers('length(ticker) eq 3')).toEqual(['BTC']);
    expect(await tickers("toupper(country) eq 'CA'")).toEqual(['DUNE']);
  });

  it('treats the green flags as booleans and compares dates', async () => {
    expect(await tickers('isGreenEnergy')).toEqual(['ACME']);
    expect(await tickers('isGreenTransport eq true')).toEqual(['BOLT']);
    expect(await tickers('isGreenWater and isGreenWaste')).toEqual(['CRAB']);
    expect(await tickers("not isGreenEnergy and kind eq 'stock'")).toEqual(['BOLT', 'CRAB', 'DUNE']);
    expect(await tickers('asOf lt 2026-01-01')).toEqual(['CRAB']);
    expect(await tickers('asOf eq 2026-01-02 and marketCap gt 1e11')).toEqual(['BTC']);
  });

  it('orders by several keys, nulls last in both directions, ticker breaking ties', async () => {
    expect(await tickers('true', 'pe desc')).toEqual(['BOLT', 'ACME', 'DUNE', 'BTC', 'CRAB']);
    expect(await tickers('true', 'pe')).toEqual(['DUNE', 'ACME', 'BOLT', 'BTC', 'CRAB']);
    expect(await tickers('true', 'sector asc,marketCap desc')).toEqual(['DUNE', 'BOLT', 'CRAB', 'ACME', 'BTC']);
    expect(await tickers('true', 'length(name) desc, ticker desc')).toEqual(['CRAB', 'DUNE', 'ACME', 'BTC', 'BOLT']);
  });

  it('returns only $select-ed properties, flags as booleans, pages with $top/$skip and counts', async () => {
    const response = await odata({
      $select: 'ticker,isGreenEnergy,pe',
      $orderby: 'ticker',
      $top: '2',
      $skip: '1',
      $count: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      '@odata.count': 5,
      value: [
        { ticker: 'BOLT', isGreenEnergy: false, pe: 25 },
        { ticker: 'BTC', isGreenEnergy: false, pe: null },
      ],
    });
    const all = odataResponse.parse((await odata({ $filter: "ticker eq 'ACME'" })).json());
    expect(all.value[0]).toMatchObject({ ticker: 'ACME', marketCap: 5e10, asOf: '2026-01-02', isGreenEnergy: true });
    expect(Object.keys(all.value[0] ?? {})).toHaveLength(Object.keys(indicatorRow.shape).length);
    expect(all['@odata.count']).toBeUndefined();
    expect(all['@odata.nextLink']).toBeUndefined();
  });

  it('answers a page of every field, equal to the same fields selected in another order', async () => {
    const whole = await odata({ $orderby: 'marketCap desc', $top: '4', $skip: '1' });
    expect(whole.statusCode).toBe(200);
    const fields = Object.keys(odataResponse.parse(whole.json()).value[0] ?? {});
    expect(fields).toHaveLength(Object.keys(indicatorRow.shape).length);
    const reversed = await odata({
      $select: [...fields].reverse().join(','),
      $orderby: 'marketCap desc',
      $top: '4',
      $skip: '1',
    });
    expect(reversed.statusCode).toBe(200);
    expect(whole.json().value).toEqual(reversed.json().value);
    expect(whole.json().value.map((row: { ticker: string }) => row.ticker)).toEqual(['CRAB', 'ACME', 'DUNE', 'BOLT']);
    // Written as JSON.stringify writes it, keys in the default order.
    expect(whole.body).toBe(JSON.stringify(whole.json()));
    expect(Object.keys(whole.json().value[0])).toEqual(fields);
    const none = await odata({ $filter: "ticker eq 'NONE'" });
    expect(none.body).toBe('{"value":[]}');
  });

  it('answers /odatav2 with the total, the page bounds and column types', async () => {
    const response = await t.app.inject({
      url: '/api/data/indicator/odatav2',
      query: {
        $filter: "kind eq 'stock'",
        $select: 'ticker,dividendYieldPct',
        $orderby: 'dividendYieldPct desc',
        $top: '2',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = odataV2Response.parse(response.json());
    expect(body).toMatchObject({ total: 4, skip: 0, top: 2, value: [{ ticker: 'DUNE' }, { ticker: 'ACME' }] });
    expect(body.columns.map((c) => [c.name, c.type])).toEqual([
      ['ticker', 'string'],
      ['dividendYieldPct', 'number'],
    ]);
    expect(body.columns[1]?.description).toContain('%');
  });

  it.each([
    ['$filter', 'pe gt', 5, 'an operand'],
    ['$filter', "pe gt 5 and (sector eq 'x'", 26, "')'"],
    ['$filter', 'price gt 10 and nonsense eq 1', 16, 'a property of the indicators table'],
    ['$filter', 'name gt 5', 8, 'a string'],
    ['$filter', "asOf gt '2024-01-01'", 8, 'write dates without quotes'],
    ['$filter', 'pe add 1', 3, 'a boolean expression'],
    ['$filter', "substring(name, 1) eq 'a'", 0, 'a supported function'],
    ['$filter', 'pe gt 2024-02-30', 6, 'a calendar date'],
    ['$orderby', 'pe sideways', 3, 'a comma, asc, desc or the end'],
    ['$select', 'ticker,secret', 7, "'*' or a property"],
  ])(
    'rejects %s=%s with a 400 giving the position and what was expected',
    async (option, value, position, expected) => {
      const response = await odata({ [option]: value });
      expect(response.statusCode).toBe(400);
      const body = errorBody.parse(response.json());
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toContain(`"${option}"`);
      expect(body.error.details).toMatchObject({ field: option, location: 'query', position });
      expect((body.error.details as { expected: string }).expected).toContain(expected);
    },
  );

  it('rejects bad paging and unknown system options, naming them', async () => {
    for (const [name, value] of [
      ['$top', '1001'],
      ['$top', '-1'],
      ['$skip', 'x'],
      ['$count', 'yes'],
      ['$expand', 'company'],
    ] as const) {
      const response = await odata({ [name]: value });
      expect(response.statusCode, `${name}=${value}`).toBe(400);
      expect(errorBody.parse(response.json()).error.details).toMatchObject({ field: name });
    }
  });

  it('never lets input reach the SQL text', async () => {
    expect(await tickers("name eq 'x''; drop table indicators; --'")).toEqual([]);
    expect(await tickers("contains(name, ''' or 1=1 --')")).toEqual([]);
    const injected = await odata({ $orderby: 'ticker; delete from indicators' });
    expect(injected.statusCode).toBe(400);
    const rows = await sql<{ n: number }>`select count(*) as n from indicators`.execute(t.database.db);
    expect(Number(rows.rows[0]?.n)).toBe(5);
  });

  it('turns a number overflow in the data into a 400 on PostgreSQL (SQLite yields Infinity)', async () => {
    const response = await odata({ $filter: 'marketCap mul 1e300 mul 1e300 gt 0' });
    if (target.engine === 'postgres') {
      expect(response.statusCode).toBe(400);
      expect(errorBody.parse(response.json()).error.details).toMatchObject({ field: '$filter' });
    } else {
      expect(response.statusCode).toBe(200);
      expect(odataResponse.parse(response.json()).value).toHaveLength(5);
    }
  });
});
