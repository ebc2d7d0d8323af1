import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';
import { distinctValues, odataString, pageCount, screenerFilter, screenerPageParams } from './screener-query.ts';
import {
  DEFAULT_COLUMNS,
  DEFAULT_STATE,
  parseScreenerState,
  screenerSearchParams,
  toggleColumn,
  withFilters,
} from './screener-state.ts';

describe('screener state in the URL', () => {
  it('reads the defaults from an empty query and writes nothing back', () => {
    const state = parseScreenerState(new URLSearchParams());
    expect(state).toEqual(DEFAULT_STATE);
    expect(screenerSearchParams(state).toString()).toBe('');
  });

  it('round-trips every part of the state', () => {
    const query =
      'flags=energy%2Cwater&yieldMin=2&yieldMax=8.5&peMax=20&capMin=1&sector=Utilities&country=DE&sort=pe&dir=asc&page=3&size=10&cols=name%2Cpe%2CdividendYieldPct';
    const state = parseScreenerState(new URLSearchParams(query));
    expect(state).toMatchObject({
      flags: ['energy', 'water'],
      yieldPct: { min: 2, max: 8.5 },
      pe: { max: 20 },
      marketCapB: { min: 1 },
      sector: 'Utilities',
      country: 'DE',
      sort: 'pe',
      direction: 'asc',
      page: 3,
      size: 10,
      columns: ['name', 'pe', 'dividendYieldPct'],
    });
    expect(parseScreenerState(screenerSearchParams(state))).toEqual(state);
  });

  it('falls back per part on a broken or old link', () => {
    const state = parseScreenerState(
      new URLSearchParams('flags=solar,waste&yieldMin=abc&sort=secret&dir=up&page=-4&size=7&cols=nope,pe'),
    );
    expect(state.flags).toEqual(['waste']);
    expect(state.yieldPct).toEqual({});
    expect(state.sort).toBe('marketCap');
    expect(state.direction).toBe('desc');
    expect(state.page).toBe(1);
    expect(state.size).toBe(25);
    expect(state.columns).toEqual(['pe']);
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(withFilters({ ...DEFAULT_STATE, page: 4 }, { flags: ['energy'] }).page).toBe(1);
  });

  it('keeps the table order when columns are shown or hidden', () => {
    expect(toggleColumn(['pe', 'name'], 'sector')).toEqual(['name', 'sector', 'pe']);
    expect(toggleColumn(DEFAULT_COLUMNS, 'pe')).not.toContain('pe');
  });
});

describe('screener OData query', () => {
  it('lists every green stock when no flag is chosen', () => {
    expect(screenerFilter(DEFAULT_STATE)).toBe(
      "kind eq 'stock' and (isGreenEnergy eq true or isGreenTransport eq true or isGreenWater eq true or isGreenWaste eq true)",
    );
  });

  it('narrows to any chosen flag and adds ranges, sector and country', () => {
    const filter = screenerFilter({
      ...DEFAULT_STATE,
      flags: ['water', 'waste'],
      yieldPct: { min: 2 },
      pe: { min: 5, max: 20 },
      marketCapB: { min: 1.5 },
      sector: "Farmer's goods",
      country: 'US',
    });
    expect(filter).toBe(
      "kind eq 'stock' and (isGreenWater eq true or isGreenWaste eq true) and dividendYieldPct ge 2 and pe ge 5 and pe le 20 and marketCap ge 1500000000 and sector eq 'Farmer''s goods' and country eq 'US'",
    );
  });

  it('escapes quotes in string literals', () => {
    expect(odataString("O'Neil")).toBe("'O''Neil'");
  });

  it('asks for one page sorted with the ticker breaking ties, with the count', () => {
    const params = screenerPageParams({ ...DEFAULT_STATE, page: 3, columns: ['pe'] }, 25);
    expect(params).toMatchObject({
      $select: 'ticker,name,currency,asOf,pe',
      $orderby: 'marketCap desc,ticker asc',
      $top: '25',
      $skip: '50',
      $count: 'true',
    });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(13, 10)).toBe(2);
  });

  it('lists distinct sectors sorted for the language', () => {
    expect(distinctValues(['Utilities', null, 'Energy', 'Utilities', ''], 'en')).toEqual(['Energy', 'Utilities']);
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and writes numbers raw', () => {
    expect(
      toCsv(
        ['Ticker', 'Name', 'P/E'],
        [
          ['ACME', 'Acme, "Inc"', 14.2],
          ['ZZ', null, Number.NaN],
        ],
      ),
    ).toBe('Ticker,Name,P/E\r\nACME,"Acme, ""Inc""",14.2\r\nZZ,,\r\n');
  });

  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(true)).toBe('true');
  });
});
