import type { IndicatorField } from '@app/contract';
import { FLAG_NAMES, GREEN_FLAGS, type Range, type ScreenerState } from './screener-state.ts';

/*
 * The screener state as an OData query for /api/data/indicator/odatav2. The flags follow the green
 * list's rule (contract/src/green.ts): chosen flags narrow to stocks with ANY of them; with none chosen
 * the page lists every stock with at least one green flag.
 */

/** An OData string literal: single quotes doubled (OData 4.01 ABNF, SQUOTE-in-string). */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function rangeFilter(field: IndicatorField, range: Range, scale = 1): string[] {
  const out: string[] = [];
  if (range.min !== undefined) out.push(`${field} ge ${range.min * scale}`);
  if (range.max !== undefined) out.push(`${field} le ${range.max * scale}`);
  return out;
}

export function screenerFilter(
  state: Pick<ScreenerState, 'flags' | 'yieldPct' | 'pe' | 'marketCapB' | 'sector' | 'country'>,
): string {
  const flags = (state.flags.length ? state.flags : FLAG_NAMES).map((flag) => `${GREEN_FLAGS[flag]} eq true`);
  const parts = [
    "kind eq 'stock'",
    `(${flags.join(' or ')})`,
    ...rangeFilter('dividendYieldPct', state.yieldPct),
    ...rangeFilter('pe', state.pe),
    ...rangeFilter('marketCap', state.marketCapB, 1e9),
  ];
  if (state.sector) parts.push(`sector eq ${odataString(state.sector)}`);
  if (state.country) parts.push(`country eq ${odataString(state.country)}`);
  return parts.join(' and ');
}

/** What every row carries besides the chosen columns: the link target, the money unit, the as-of day. */
const ALWAYS_SELECTED: IndicatorField[] = ['ticker', 'name', 'currency', 'asOf'];

export function screenerSelect(state: Pick<ScreenerState, 'columns'>): string {
  return [...new Set<IndicatorField>([...ALWAYS_SELECTED, ...state.columns])].join(',');
}

export type ODataParams = Record<'$filter' | '$select' | '$orderby' | '$top' | '$skip' | '$count', string>;

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
  };
}

/** The sector and country choices: every value present among the green stocks. */
export function optionsParams(): ODataParams {
  return {
    $filter: screenerFilter({ flags: [], yieldPct: {}, pe: {}, marketCapB: {} }),
    $select: 'sector,country',
    $orderby: 'ticker asc',
    $top: '1000',
    $skip: '0',
    $count: 'true',
  };
}

/** Distinct non-empty values, sorted for the language. */
export function distinctValues(values: readonly (string | null | undefined)[], locale: string): string[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...new Set(values.filter((v): v is string => Boolean(v)))].sort(collator.compare);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
