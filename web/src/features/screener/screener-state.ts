import {
  CHOICE_KEYS,
  CHOOSABLE_COLUMNS,
  type ChoiceKey,
  DEFAULT_COLUMNS,
  FLAG_NAMES,
  GREEN_FLAGS,
  type GreenFlag,
  RANGE_KEYS,
  RANGE_SPECS,
  type RangeKey,
  type ScreenerColumn,
} from './screener-fields.ts';

/*
 * The screener's whole state lives in the URL (issue 8: shareable, the back button works). Parsing is
 * forgiving: a hand-edited or old link with an unknown column or a bad number falls back to defaults
 * for that part instead of breaking the page.
 */

export type SortKey = 'ticker' | ScreenerColumn;
const SORT_KEYS = new Set<string>(['ticker', ...CHOOSABLE_COLUMNS]);

/** Bounds as the reader typed them: percent for percent and fraction fields, billions for market cap. */
export interface Range {
  min?: number;
  max?: number;
}

/** What narrows the result: every filter of the panel, the advanced expression included. */
export interface ScreenerFilters {
  /** Green stocks only (any flag) or every stock; the flags narrow further either way. */
  greenOnly: boolean;
  flags: GreenFlag[];
  ranges: Partial<Record<RangeKey, Range>>;
  choices: Partial<Record<ChoiceKey, string>>;
  /** An OData $filter expression of the reader's own, joined to the others with "and". */
  advanced?: string;
}

export interface ScreenerState extends ScreenerFilters {
  sort: SortKey;
  direction: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  /** Rows per page, one of PAGE_SIZES. */
  size: number;
  columns: ScreenerColumn[];
  /** The screen as known on this day (YYYY-MM-DD, issue 43); today's figures without it. */
  asOf?: string;
}

export const NO_FILTERS: ScreenerFilters = { greenOnly: true, flags: [], ranges: {}, choices: {} };

export const DEFAULT_STATE: ScreenerState = {
  ...NO_FILTERS,
  sort: 'marketCap',
  direction: 'desc',
  page: 1,
  size: 25,
  columns: [...DEFAULT_COLUMNS],
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADVANCED_MAX_LENGTH = 2000;

function number(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function rangeParam(params: URLSearchParams, name: string): Range | undefined {
  const min = number(params.get(`${name}Min`));
  const max = number(params.get(`${name}Max`));
  if (min === undefined && max === undefined) return undefined;
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

function text(value: string | null, max = 100): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
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
  const ranges: Partial<Record<RangeKey, Range>> = {};
  for (const key of RANGE_KEYS) {
    const value = rangeParam(params, RANGE_SPECS[key].param);
    if (value) ranges[key] = value;
  }
  const choices: Partial<Record<ChoiceKey, string>> = {};
  for (const key of CHOICE_KEYS) {
    const value = text(params.get(key));
    if (value) choices[key] = value;
  }
  const advanced = text(params.get('q'), ADVANCED_MAX_LENGTH);
  const asOf = params.get('asOf') ?? '';
  return {
    greenOnly: params.get('scope') !== 'all',
    flags: FLAG_NAMES.filter((flag) => flags.includes(flag)),
    ranges,
    choices,
    ...(advanced ? { advanced } : {}),
    sort: SORT_KEYS.has(sort) ? (sort as SortKey) : DEFAULT_STATE.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_STATE.direction,
    page: page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size ?? 0) ? (size as number) : DEFAULT_STATE.size,
    columns,
    ...(/^\d{4}-\d{2}-\d{2}$/.test(asOf) ? { asOf } : {}),
  };
}

/** The URL query for a state; defaults are left out so links stay short. */
export function screenerSearchParams(state: ScreenerState): URLSearchParams {
  const params = new URLSearchParams();
  if (!state.greenOnly) params.set('scope', 'all');
  if (state.flags.length) params.set('flags', state.flags.join(','));
  for (const key of RANGE_KEYS) {
    const value = state.ranges[key];
    const name = RANGE_SPECS[key].param;
    if (value?.min !== undefined) params.set(`${name}Min`, String(value.min));
    if (value?.max !== undefined) params.set(`${name}Max`, String(value.max));
  }
  for (const key of CHOICE_KEYS) {
    const value = state.choices[key];
    if (value) params.set(key, value);
  }
  if (state.advanced) params.set('q', state.advanced);
  if (state.sort !== DEFAULT_STATE.sort || state.direction !== DEFAULT_STATE.direction) {
    params.set('sort', state.sort);
    params.set('dir', state.direction);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_STATE.size) params.set('size', String(state.size));
  const sameColumns =
    state.columns.length === DEFAULT_COLUMNS.length && state.columns.every((c, i) => c === DEFAULT_COLUMNS[i]);
  if (!sameColumns) params.set('cols', state.columns.join(','));
  if (state.asOf) params.set('asOf', state.asOf);
  return params;
}

/** The filters of a state, alone (what a preset sets, what the count depends on). */
export function filtersOf(state: ScreenerFilters): ScreenerFilters {
  return {
    greenOnly: state.greenOnly,
    flags: state.flags,
    ranges: state.ranges,
    choices: state.choices,
    ...(state.advanced ? { advanced: state.advanced } : {}),
  };
}

/** A stable text for a set of filters: equal texts, equal filters (whatever the key order). */
export function filtersKey(filters: ScreenerFilters): string {
  const params = screenerSearchParams({ ...DEFAULT_STATE, ...filtersOf(filters) });
  params.sort();
  return params.toString();
}

/** How many filters are set (the phone's "Filters (3)" button). */
export function activeFilterCount(filters: ScreenerFilters): number {
  const ranges = Object.values(filters.ranges).filter((r) => r && (r.min !== undefined || r.max !== undefined));
  return (
    (filters.greenOnly ? 0 : 1) +
    filters.flags.length +
    ranges.length +
    Object.values(filters.choices).filter(Boolean).length +
    (filters.advanced ? 1 : 0)
  );
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

/** The columns shown plus `more`, in table order (a preset shows the columns it filters on). */
export function withColumns(columns: readonly ScreenerColumn[], more: readonly ScreenerColumn[]): ScreenerColumn[] {
  const shown = new Set([...columns, ...more]);
  return CHOOSABLE_COLUMNS.filter((c) => shown.has(c));
}
