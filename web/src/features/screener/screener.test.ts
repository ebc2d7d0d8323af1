import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';
import { activePreset, applyPreset, PRESETS } from './presets.ts';
import { DEFAULT_COLUMNS } from './screener-fields.ts';
import { distinctValues, odataString, pageCount, screenerFilter, screenerPageParams } from './screener-query.ts';
import {
  activeFilterCount,
  DEFAULT_STATE,
  filtersKey,
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
      'scope=all&flags=energy%2Cwater&yieldMin=2&yieldMax=8.5&peMax=20&capMin=1&payoutRatioMax=60&roeMin=15&sector=Utilities&industry=Water+supply&country=DE&exchange=Demo&q=pb+lt+3&sort=pe&dir=asc&page=3&size=10&cols=name%2Cpe%2CdividendYieldPct';
    const state = parseScreenerState(new URLSearchParams(query));
    expect(state).toMatchObject({
      greenOnly: false,
      flags: ['energy', 'water'],
      ranges: {
        dividendYieldPct: { min: 2, max: 8.5 },
        pe: { max: 20 },
        marketCap: { min: 1 },
        payoutRatio: { max: 60 },
        roe: { min: 15 },
      },
      choices: { sector: 'Utilities', industry: 'Water supply', country: 'DE', exchange: 'Demo' },
      advanced: 'pb lt 3',
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
    expect(state.ranges).toEqual({});
    expect(state.sort).toBe('marketCap');
    expect(state.direction).toBe('desc');
    expect(state.page).toBe(1);
    expect(state.size).toBe(25);
    expect(state.columns).toEqual(['pe']);
  });

  it('keys equal filters alike whatever the order, and counts the set ones', () => {
    const a = parseScreenerState(new URLSearchParams('peMax=20&yieldMin=2&flags=water'));
    const b = parseScreenerState(new URLSearchParams('flags=water&yieldMin=2&peMax=20&sort=pe&dir=asc'));
    expect(filtersKey(a)).toBe(filtersKey(b));
    expect(activeFilterCount(a)).toBe(3);
    expect(activeFilterCount(DEFAULT_STATE)).toBe(0);
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
  it('lists every green stock when no flag is chosen, every stock without "green only"', () => {
    expect(screenerFilter(DEFAULT_STATE)).toBe(
      "kind eq 'stock' and (isGreenEnergy eq true or isGreenTransport eq true or isGreenWater eq true or isGreenWaste eq true)",
    );
    expect(screenerFilter({ ...DEFAULT_STATE, greenOnly: false })).toBe("kind eq 'stock'");
  });

  it('narrows to any chosen flag, adds ranges in the API units, choices and the advanced expression', () => {
    const filter = screenerFilter({
      ...DEFAULT_STATE,
      flags: ['water', 'waste'],
      ranges: {
        dividendYieldPct: { min: 2 },
        pe: { min: 5, max: 20 },
        marketCap: { min: 1.5 },
        payoutRatio: { max: 60 },
        dividendGrowthYears: { min: 10 },
      },
      choices: { sector: "Farmer's goods", country: 'US' },
      advanced: 'pb lt 3 or pb eq null',
    });
    expect(filter).toBe(
      "kind eq 'stock' and (isGreenWater eq true or isGreenWaste eq true) and marketCap ge 1500000000 and pe ge 5 and pe le 20 and dividendYieldPct ge 2 and payoutRatio le 0.6 and dividendGrowthYears ge 10 and sector eq 'Farmer''s goods' and country eq 'US' and (pb lt 3 or pb eq null)",
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

  it('lists distinct values sorted by their label in the language', () => {
    expect(distinctValues(['Utilities', null, 'Energy', 'Utilities', ''], 'en')).toEqual(['Energy', 'Utilities']);
    const german = { Energy: 'Energie', Utilities: 'Versorger', Technology: 'Technologie' } as Record<string, string>;
    expect(distinctValues(['Utilities', 'Energy', 'Technology'], 'de', (v) => german[v] ?? v)).toEqual([
      'Energy',
      'Technology',
      'Utilities',
    ]);
  });
});

describe('presets', () => {
  it('replace the filters, sort by their subject, add their columns, and show as active', () => {
    const growers = PRESETS.find((preset) => preset.id === 'dividendGrowers');
    expect(growers).toBeDefined();
    if (!growers) return;
    const state = applyPreset({ ...DEFAULT_STATE, flags: ['water'], page: 3, choices: { sector: 'Energy' } }, growers);
    expect(state).toMatchObject({
      greenOnly: false,
      flags: [],
      choices: {},
      ranges: { dividendGrowthYears: { min: 5 }, dividendCagr5y: { min: 5 } },
      sort: 'dividendGrowthYears',
      page: 1,
    });
    expect(state.columns).toContain('dividendGrowthYears');
    expect(state.columns.indexOf('name')).toBe(0);
    expect(activePreset(state)?.id).toBe('dividendGrowers');
    expect(activePreset({ ...state, ranges: { dividendGrowthYears: { min: 4 } } })).toBeUndefined();
  });

  it('always show the column they sort by, even one the reader had hidden (issue 33)', () => {
    const water = PRESETS.find((preset) => preset.id === 'water');
    if (!water) throw new Error('no water preset');
    const hidden = { ...DEFAULT_STATE, columns: toggleColumn(DEFAULT_STATE.columns, 'marketCap') };
    expect(hidden.columns).not.toContain('marketCap');
    const state = applyPreset(hidden, water);
    expect(state.sort).toBe('marketCap');
    expect(state.columns).toContain('marketCap');
    for (const preset of PRESETS) {
      expect(applyPreset({ ...DEFAULT_STATE, columns: [] }, preset).columns, preset.id).toContain(preset.sort);
    }
  });

  it('set their own columns: a second preset does not keep the first one’s (issue 46)', () => {
    const [growers, , cheap] = PRESETS;
    if (!growers || !cheap) throw new Error('no presets');
    const once = applyPreset(DEFAULT_STATE, cheap);
    const twice = applyPreset(applyPreset(DEFAULT_STATE, growers), cheap);
    expect(twice.columns).toEqual(once.columns);
    expect(twice.columns).toEqual([
      'name',
      'sector',
      'country',
      'price',
      'marketCap',
      'pe',
      'dividendYieldPct',
      'dividendYieldPercentile',
    ]);
    expect(twice.columns).not.toContain('dividendGrowthYears');
    const water = PRESETS.find((preset) => preset.id === 'water');
    if (!water) throw new Error('no water preset');
    expect(applyPreset(twice, water).columns).toEqual([...DEFAULT_COLUMNS]);
  });

  it('keep the chosen columns in the URL, in table order (the column chooser, issue 33)', () => {
    const chosen = toggleColumn(toggleColumn(DEFAULT_STATE.columns, 'industry'), 'isGreenEnergy');
    const params = screenerSearchParams({ ...DEFAULT_STATE, columns: chosen });
    expect(params.get('cols')).toBe(
      'name,sector,industry,country,price,marketCap,pe,dividendYieldPct,isGreenTransport,isGreenWater,isGreenWaste',
    );
    expect(parseScreenerState(params).columns).toEqual(chosen);
    // Back to the defaults: nothing in the URL.
    expect(
      screenerSearchParams({
        ...DEFAULT_STATE,
        columns: toggleColumn(toggleColumn(chosen, 'industry'), 'isGreenEnergy'),
      }).has('cols'),
    ).toBe(false);
  });

  it('has the four dividend and value screens and one per green theme', () => {
    expect(PRESETS.map((preset) => preset.id)).toEqual([
      'dividendGrowers',
      'highYieldSafePayout',
      'cheapVsHistory',
      'profitableGrowth',
      'energy',
      'transport',
      'water',
      'waste',
    ]);
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
