import type { IndicatorField } from '@app/contract';

/*
 * The screener's whole state lives in the URL (issue 8: shareable, the back button works). Parsing is
 * forgiving: a hand-edited or old link with an unknown column or a bad number falls back to defaults
 * for that part instead of breaking the page.
 */
export const GREEN_FLAGS = {
  energy: 'isGreenEnergy',
  transport: 'isGreenTransport',
  water: 'isGreenWater',
  waste: 'isGreenWaste',
} as const satisfies Record<string, IndicatorField>;
export type GreenFlag = keyof typeof GREEN_FLAGS;
export const FLAG_NAMES = Object.keys(GREEN_FLAGS) as GreenFlag[];

/** Columns a reader can show, in table order; the ticker is always the first column. */
export const CHOOSABLE_COLUMNS = [
  'name',
  'sector',
  'country',
  'exchange',
  'price',
  'changePct',
  'marketCap',
  'pe',
  'ps',
  'pb',
  'evEbitda',
  'dividendYieldPct',
  'payoutRatio',
  'dividendCagr5y',
  'dividendGrowthYears',
  'revenueGrowth',
  'netMargin',
  'roe',
  'debtToEquity',
  'drawdownPct',
  'isGreenEnergy',
  'isGreenTransport',
  'isGreenWater',
  'isGreenWaste',
] as const satisfies readonly IndicatorField[];
export type ScreenerColumn = (typeof CHOOSABLE_COLUMNS)[number];

export const DEFAULT_COLUMNS: readonly ScreenerColumn[] = [
  'name',
  'sector',
  'country',
  'price',
  'marketCap',
  'pe',
  'dividendYieldPct',
  'isGreenEnergy',
  'isGreenTransport',
  'isGreenWater',
  'isGreenWaste',
];

export type SortKey = 'ticker' | ScreenerColumn;
const SORT_KEYS = new Set<string>(['ticker', ...CHOOSABLE_COLUMNS]);

export interface Range {
  min?: number;
  max?: number;
}

export interface ScreenerState {
  flags: GreenFlag[];
  /** Dividend yield in % (the API's dividendYieldPct). */
  yieldPct: Range;
  pe: Range;
  /** Market cap in billions of the listing currency. */
  marketCapB: Range;
  sector?: string;
  country?: string;
  sort: SortKey;
  direction: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  /** Rows per page, one of PAGE_SIZES. */
  size: number;
  columns: ScreenerColumn[];
}

export const DEFAULT_STATE: ScreenerState = {
  flags: [],
  yieldPct: {},
  pe: {},
  marketCapB: {},
  sort: 'marketCap',
  direction: 'desc',
  page: 1,
  size: 25,
  columns: [...DEFAULT_COLUMNS],
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

function number(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function range(params: URLSearchParams, name: string): Range {
  const min = number(params.get(`${name}Min`));
  const max = number(params.get(`${name}Max`));
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 100) : undefined;
}

export function parseScreenerState(params: URLSearchParams): ScreenerState {
  const flags = (params.get('flags') ?? '').split(',').filter((flag): flag is GreenFlag => flag in GREEN_FLAGS);
  const sort = params.get('sort') ?? '';
  const direction = params.get('dir');
  const page = Math.floor(number(params.get('page')) ?? 1);
  const size = number(params.get('size'));
  const chosen = params.get('cols');
  const columns =
    chosen === null ? [...DEFAULT_COLUMNS] : CHOOSABLE_COLUMNS.filter((column) => chosen.split(',').includes(column));
  const sector = text(params.get('sector'));
  const country = text(params.get('country'));
  return {
    flags: FLAG_NAMES.filter((flag) => flags.includes(flag)),
    yieldPct: range(params, 'yield'),
    pe: range(params, 'pe'),
    marketCapB: range(params, 'cap'),
    ...(sector ? { sector } : {}),
    ...(country ? { country } : {}),
    sort: SORT_KEYS.has(sort) ? (sort as SortKey) : DEFAULT_STATE.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_STATE.direction,
    page: page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size ?? 0) ? (size as number) : DEFAULT_STATE.size,
    columns,
  };
}

/** The URL query for a state; defaults are left out so links stay short. */
export function screenerSearchParams(state: ScreenerState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.flags.length) params.set('flags', state.flags.join(','));
  const putRange = (name: string, value: Range) => {
    if (value.min !== undefined) params.set(`${name}Min`, String(value.min));
    if (value.max !== undefined) params.set(`${name}Max`, String(value.max));
  };
  putRange('yield', state.yieldPct);
  putRange('pe', state.pe);
  putRange('cap', state.marketCapB);
  if (state.sector) params.set('sector', state.sector);
  if (state.country) params.set('country', state.country);
  if (state.sort !== DEFAULT_STATE.sort || state.direction !== DEFAULT_STATE.direction) {
    params.set('sort', state.sort);
    params.set('dir', state.direction);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_STATE.size) params.set('size', String(state.size));
  const sameColumns =
    state.columns.length === DEFAULT_COLUMNS.length && state.columns.every((c, i) => c === DEFAULT_COLUMNS[i]);
  if (!sameColumns) params.set('cols', state.columns.join(','));
  return params;
}

/** Any filter change starts again at page 1 (page 5 of the old result means nothing in the new one). */
export function withFilters(state: ScreenerState, change: Partial<ScreenerState>): ScreenerState {
  return { ...state, ...change, page: 1 };
}

/** Shows or hides a column, keeping the table's canonical column order. */
export function toggleColumn(columns: readonly ScreenerColumn[], column: ScreenerColumn): ScreenerColumn[] {
  const shown = new Set(columns);
  if (shown.has(column)) shown.delete(column);
  else shown.add(column);
  return CHOOSABLE_COLUMNS.filter((c) => shown.has(c));
}
