import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { canonicalODataQuery, systemOptionName, withSkip } from './options.ts';

describe('OData 4.01 option names', () => {
  it('reads a system option in any case, with or without $', () => {
    expect(['filter', '$filter', 'Filter', '$ORDERBY', 'top', 'Skip', 'count', 'expand'].map(systemOptionName)).toEqual(
      ['$filter', '$filter', '$filter', '$orderby', '$top', '$skip', '$count', '$expand'],
    );
    expect(['ticker', 'filters', '$nope', ''].map(systemOptionName)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives every option its canonical name and refuses one given twice', () => {
    expect(canonicalODataQuery({ filter: 'pe gt 1', Top: '5', other: 'x' })).toEqual({
      $filter: 'pe gt 1',
      $top: '5',
      other: 'x',
    });
    expect(() => canonicalODataQuery({ $top: '5', top: '9' })).toThrow(
      'Invalid query parameter "top": is the option $top again (given as "$top" too); give it once',
    );
  });

  it('moves the next link on by $skip, whichever spelling the request used', () => {
    expect(withSkip('/odata?filter=a&skip=50&Skip=1', 100)).toBe('/odata?filter=a&%24skip=100');
    expect(withSkip('/odata', 50)).toBe('/odata?%24skip=50');
  });
});

/*
 * Through the API on both engines: the 4.01 spellings give the same answers as the $ ones, the grammar's
 * edges are refused with the option named, and nulls compare as OData says.
 */
describe.each(testDatabases())('OData edges through the API on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const db = t.database.db;
    await insertIndicator(db, { ticker: 'ACME', name: 'Acme', pe: 5, roe: 0.2, sector: 'Technology' });
    await insertIndicator(db, { ticker: 'BOLT', name: 'Bolt', pe: 20, roe: 20, sector: 'Energy' });
    await insertIndicator(db, { ticker: 'NULL', name: 'Nulls', pe: null, roe: null, sector: null });
  });
  afterAll(async () => {
    await t.close();
  });

  const odata = (query: string, path = 'odata') => t.app.inject(`/api/data/indicator/${path}?${query}`);
  const tickers = async (query: string) => {
    const response = await odata(`$select=ticker&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().value as { ticker: string }[]).map((row) => row.ticker);
  };
  const refused = async (query: string, path = 'odata') => {
    const response = await odata(query, path);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().error as { code: string; message: string; details: Record<string, unknown> };
  };

  it.each([
    ['filter=pe%20gt%20100', '$filter=pe%20gt%20100'],
    ['Filter=pe%20gt%2010&orderby=pe%20desc', '$filter=pe%20gt%2010&$orderby=pe%20desc'],
    ['top=1&skip=1&select=ticker,pe', '$top=1&$skip=1&$select=ticker,pe'],
    ['count=true&$TOP=1', '$count=true&$top=1'],
  ])('honours %s as %s', async (spelled, canonical) => {
    const [a, b] = await Promise.all([odata(spelled), odata(canonical)]);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it('filters by filter= (no rows) instead of ignoring it (every row)', async () => {
    expect(await tickers('filter=pe%20gt%20100')).toEqual([]);
    expect(await tickers('')).toHaveLength(3);
  });

  it('refuses an option given twice, one the API lacks, and a bad value, naming the parameter', async () => {
    expect((await refused('$top=1&top=2')).details).toMatchObject({ field: 'top' });
    expect((await refused('expand=x')).message).toContain('"$expand": is not supported');
    expect((await refused('top=abc', 'odatav2')).details).toMatchObject({ field: '$top' });
  });

  it('pages with a next link that names $skip once, after skip=', async () => {
    const body = (await odata('$select=ticker&skip=1')).json();
    expect(body['@odata.nextLink']).toBeUndefined();
    const link = withSkip('/api/data/indicator/odata?$select=ticker&skip=1', 2);
    expect((await t.app.inject(link)).json().value).toEqual([{ ticker: 'NULL' }]);
  });

  it.each([
    ['$filter=%20true', 0, 'a boolean expression right after "=", without whitespace'],
    ['$filter=pe%20gt%201%20', 7, 'the end of the value, without trailing whitespace'],
    ['$filter=', 0, 'a boolean expression (leave $filter out for none)'],
    ['$orderby=%20pe', 0, 'a sort key right after "=", without whitespace'],
    ['$select=', 0, "'*' or a property (leave $select out for none)"],
    ['filter=%20true', 0, 'a boolean expression right after "=", without whitespace'],
  ])('refuses %s as the grammar does', async (query, position, expected) => {
    const error = await refused(query);
    expect(error.details).toMatchObject({ position, expected });
  });

  it.each([
    // eq and ne: null equals null and nothing else.
    ['pe eq null', ['NULL']],
    ['pe ne null', ['ACME', 'BOLT']],
    ['pe ne 5', ['BOLT', 'NULL']],
    ['not (pe eq 5)', ['BOLT', 'NULL']],
    ['pe eq roe', ['BOLT', 'NULL']],
    ['pe ne roe', ['ACME']],
    ['sector ne sector', []],
    // gt, ge, lt, le: false with a null operand, so their negation holds.
    ['pe gt 10', ['BOLT']],
    ['not (pe gt 10)', ['ACME', 'NULL']],
    ['not (pe le roe)', ['ACME', 'NULL']],
    // Arithmetic with null is null; compared, false.
    ['pe add 1 gt 0', ['ACME', 'BOLT']],
    ['not (pe add 1 gt 0)', ['NULL']],
    // and/or/not are three-valued: contains(null, ...) is null, not null is null, null or true is true.
    ["not contains(sector, 'x')", ['ACME', 'BOLT']],
    ["contains(sector, 'Tech') or pe eq null", ['ACME', 'NULL']],
    // in is eq over the list: null matches null, a list of one expression compares with it.
    ['pe in (5, null)', ['ACME', 'NULL']],
    ['not (pe in (5))', ['BOLT', 'NULL']],
    ['name in (name)', ['ACME', 'BOLT', 'NULL']],
    ['sector in (sector)', ['ACME', 'BOLT', 'NULL']],
    ['pe in (roe)', ['BOLT', 'NULL']],
    ['pe in ((length(name) add 1))', ['ACME']],
  ])('$filter=%s keeps %j', async (filter, expected) => {
    expect(await tickers(`$filter=${encodeURIComponent(filter)}&$orderby=ticker`)).toEqual(expected);
  });

  it('refuses a list of several items that are not all literals', async () => {
    const error = await refused(`$filter=${encodeURIComponent('pe in (roe, 1)')}`);
    expect(error.details).toMatchObject({ field: '$filter', position: 7 });
  });
});
