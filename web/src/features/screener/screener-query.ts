import type { IndicatorField } from '@app/contract';
import { CHOICE_KEYS, FLAG_NAMES, GREEN_FLAGS, RANGE_KEYS, RANGE_SPECS } from './screener-fields.ts';
import type { ScreenerFilters, ScreenerState } from './screener-state.ts';

/*
 * The screener state as an OData query for /api/data/indicator/odatav2. The flags follow the green
 * list's rule (contract/src/green.ts): chosen flags narrow to stocks with ANY of them; with none chosen
 * and "green only" the page lists every stock with at least one green flag.
 */

/** An OData string literal: single quotes doubled (OData 4.01 ABNF, SQUOTE-in-string). */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A number as an OData literal: plain digits, never "1e+21" (which the grammar reads as 1e21 anyway). */
function odataNumber(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
}

/** The panel's filters, without the advanced expression. */
export function panelFilter(filters: Omit<ScreenerFilters, 'advanced'>): string {
  const parts = ["kind eq 'stock'"];
  const flags = filters.flags.length ? filters.flags : filters.greenOnly ? FLAG_NAMES : [];
  if (flags.length) parts.push(`(${flags.map((flag) => `${GREEN_FLAGS[flag]} eq true`).join(' or ')})`);
  for (const key of RANGE_KEYS) {
    const range = filters.ranges[key];
    const toApi = RANGE_SPECS[key].toApi;
    if (range?.min !== undefined) parts.push(`${key} ge ${odataNumber(toApi(range.min))}`);
    if (range?.max !== undefined) parts.push(`${key} le ${odataNumber(toApi(range.max))}`);
  }
  for (const key of CHOICE_KEYS) {
    const value = filters.choices[key];
    if (value) parts.push(`${key} eq ${odataString(value)}`);
  }
  return parts.join(' and ');
}

/** Every filter, the advanced expression in parentheses after the panel's. */
export function screenerFilter(filters: ScreenerFilters): string {
  const panel = panelFilter(filters);
  return filters.advanced ? `${panel} and (${filters.advanced})` : panel;
}

/** What every row carries besides the chosen columns: the link target, the money unit, the as-of day. */
const ALWAYS_SELECTED: IndicatorField[] = ['ticker', 'name', 'currency', 'asOf'];

export function screenerSelect(state: Pick<ScreenerState, 'columns'>): string {
  return [...new Set<IndicatorField>([...ALWAYS_SELECTED, ...state.columns])].join(',');
}

export type ODataParams = Record<'$filter' | '$select' | '$orderby' | '$top' | '$skip' | '$count', string> & {
  asOf?: string;
};

/** One page of the current result; the ticker breaks ties so paging never repeats or skips a row. */
export function screenerPageParams(state: ScreenerState, pageSize = state.size): ODataParams {
  const order = state.sort === 'ticker' ? `ticker ${state.direction}` : `${state.sort} ${state.direction},ticker asc`;
  return {
    $filter: screenerFilter(state),
    $select: screenerSelect(state),
    $orderby: order,
    $top: String(pageSize),
    $skip: String((state.page - 1) * pageSize),
    $count: 'true',
    ...(state.asOf ? { asOf: state.asOf } : {}),
  };
}

/**
 * The advanced expression checked alone ($top=0: only the count), so the API's error position is a
 * position in what the reader typed, not in the query the page builds around it.
 */
export function advancedCheckParams(expression: string): ODataParams {
  return countParams(expression);
}

/**
 * The count the box reports: the expression joined to the panel's filters with "and", as its hint says
 * and as the results use it (issue 46: the box said 89 matching stocks, checked alone, beside 20 results
 * with "green only" on).
 */
export function advancedCountParams(panel: string, expression: string): ODataParams {
  return countParams(`${panel} and (${expression})`);
}

function countParams(filter: string): ODataParams {
  return { $filter: filter, $select: 'ticker', $orderby: 'ticker asc', $top: '0', $skip: '0', $count: 'true' };
}

/** Distinct non-empty values, sorted by their label in the language. */
export function distinctValues(
  values: readonly (string | null | undefined)[],
  locale: string,
  label: (value: string) => string = (value) => value,
): string[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) =>
    collator.compare(label(a), label(b)),
  );
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
