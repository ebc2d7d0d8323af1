import type { RebalanceEvery } from '@app/contract';

/*
 * The backtest page's state lives in the URL (a backtest is shared as a link, like a screen): the screen
 * (an OData filter and order the screener's link carries) and the test's span, rebalancing and size.
 */
export interface BacktestState {
  filter: string;
  orderBy: string;
  from: string;
  to: string;
  rebalance: RebalanceEvery;
  top: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const TOP_CHOICES = [10, 20, 50] as const;

/** The same day `years` earlier. */
function yearsBefore(day: string, years: number): string {
  return `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
}

/**
 * A test's default span: a year. Month ends read the month rows the server writes in the background (ADR
 * 0026); until it has, each rebalance day is computed on read, tens of seconds a year at a few hundred
 * companies: a longer span is a choice of the reader.
 */
const DEFAULT_YEARS = 1;

/** Defaults: the last year to today, monthly, the 20 first; a hand-edited bad value falls back to them. */
export function parseBacktestState(params: URLSearchParams, today: string): BacktestState {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const top = Number(params.get('top'));
  return {
    filter: params.get('filter')?.trim() ?? '',
    orderBy: params.get('orderBy')?.trim() || 'marketCap desc',
    from: DAY.test(from) ? from : yearsBefore(today, DEFAULT_YEARS),
    to: DAY.test(to) ? to : today,
    rebalance: params.get('rebalance') === 'quarterly' ? 'quarterly' : 'monthly',
    top: (TOP_CHOICES as readonly number[]).includes(top) ? top : 20,
  };
}

export function backtestSearchParams(state: BacktestState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filter) params.set('filter', state.filter);
  params.set('orderBy', state.orderBy);
  params.set('from', state.from);
  params.set('to', state.to);
  params.set('rebalance', state.rebalance);
  params.set('top', String(state.top));
  return params;
}

/** The API's query for a state. */
export function backtestParams(state: BacktestState): Record<string, string> {
  return {
    ...(state.filter ? { $filter: state.filter } : {}),
    orderBy: state.orderBy,
    from: state.from,
    to: state.to,
    rebalance: state.rebalance,
    top: String(state.top),
  };
}
