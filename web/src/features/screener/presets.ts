import { DEFAULT_COLUMNS, FLAG_NAMES, type GreenFlag, type ScreenerColumn } from './screener-fields.ts';
import {
  filtersKey,
  NO_FILTERS,
  type ScreenerFilters,
  type ScreenerState,
  type SortKey,
  withColumns,
} from './screener-state.ts';

/*
 * Ready-made screens (issue 23). A preset replaces every filter, sorts by what it is about and sets
 * its own columns (issue 46: each preset added its columns to the previous one's, so the table widened
 * with every click); the panel then shows its values, to be adjusted like any others.
 * Bounds are in the units the reader types (percent, years, percentile).
 */
export interface Preset {
  id: string;
  filters: ScreenerFilters;
  sort: SortKey;
  direction: 'asc' | 'desc';
  /** The columns it shows besides the company's own (BASE_COLUMNS). */
  columns: ScreenerColumn[];
}

/** What every preset's table starts with: the company, where it is, its price and size. */
const BASE_COLUMNS: readonly ScreenerColumn[] = ['name', 'sector', 'country', 'price', 'marketCap'];

const everyStock = { ...NO_FILTERS, greenOnly: false };

const theme = (flag: GreenFlag): Preset => ({
  id: flag,
  filters: { ...NO_FILTERS, flags: [flag] },
  sort: 'marketCap',
  direction: 'desc',
  // A theme is a green screen: the default table, with its four flags.
  columns: [...DEFAULT_COLUMNS],
});

export const PRESETS: Preset[] = [
  {
    // Five years of raises in a row, 5 % a year or more over five years: raises that keep up with a business.
    id: 'dividendGrowers',
    filters: { ...everyStock, ranges: { dividendGrowthYears: { min: 5 }, dividendCagr5y: { min: 5 } } },
    sort: 'dividendGrowthYears',
    direction: 'desc',
    columns: ['dividendYieldPct', 'dividendCagr5y', 'dividendGrowthYears', 'payoutRatio'],
  },
  {
    // A yield of 4 % or more that takes at most 60 % of earnings: room to keep paying in a bad year.
    id: 'highYieldSafePayout',
    filters: { ...everyStock, ranges: { dividendYieldPct: { min: 4 }, payoutRatio: { min: 0, max: 60 } } },
    sort: 'dividendYieldPct',
    direction: 'desc',
    columns: ['dividendYieldPct', 'payoutRatio', 'dividendGrowthYears'],
  },
  {
    // The yield in the top fifth of its own 10-year history: the price is low against the dividend.
    id: 'cheapVsHistory',
    filters: { ...everyStock, ranges: { dividendYieldPercentile: { min: 80 } } },
    sort: 'dividendYieldPercentile',
    direction: 'desc',
    columns: ['dividendYieldPct', 'dividendYieldPercentile', 'pe'],
  },
  {
    id: 'profitableGrowth',
    filters: { ...everyStock, ranges: { revenueGrowth: { min: 10 }, netMargin: { min: 10 } } },
    sort: 'revenueGrowth',
    direction: 'desc',
    columns: ['revenueGrowth', 'netMargin', 'roe'],
  },
  ...FLAG_NAMES.map(theme),
];

/** The state a preset makes of the current one: its filters, its sort, and its own columns with its sort's. */
export function applyPreset(state: ScreenerState, preset: Preset): ScreenerState {
  return {
    ...state,
    ...preset.filters,
    sort: preset.sort,
    direction: preset.direction,
    page: 1,
    // The column it sorts by is always among them (issue 33: a sort by a column not shown says nothing).
    columns: withColumns(BASE_COLUMNS, [...preset.columns, ...(preset.sort === 'ticker' ? [] : [preset.sort])]),
  };
}

/** The preset whose filters are exactly the current ones, if any (shown as pressed). */
export function activePreset(filters: ScreenerFilters): Preset | undefined {
  const key = filtersKey(filters);
  return PRESETS.find((preset) => filtersKey(preset.filters) === key);
}
