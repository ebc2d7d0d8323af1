import type { FinancialGroup } from '@app/contract';
import { isCalendarDay } from '@app/contract/days';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../router/index.ts';

/*
 * What the Financials tab shows lives in the URL's search parameters (issue 19), so a view can be shared
 * and Back undoes a change: ?statement=cash-flow&period=quarterly&growth=off&filing=2024-FY&asOf=2024-06-30.
 * The defaults are left out of the URL, so the plain tab address stays plain.
 */
export const STATEMENTS = [
  'income-statement',
  'balance-sheet',
  'cash-flow',
  'margins',
  'financial-returns',
  'per-share',
  'capital-allocation',
] as const satisfies readonly FinancialGroup[];
export type Statement = (typeof STATEMENTS)[number];

export const PERIODS = ['annual', 'quarterly', 'ttm'] as const;
export type PeriodView = (typeof PERIODS)[number];

export interface FinancialsView {
  statement: Statement;
  period: PeriodView;
  /** Year-over-year growth rows under the flow lines (on unless the URL says growth=off). */
  growth: boolean;
  /** The demo filing view open on a period column ("2024-FY", "2025-Q2", "ttm"), with the line clicked. */
  filing: { column: string; metric: string | null } | null;
  /** Statements as filed on this day (issue 32, the API's asOf), null for the latest. */
  asOf: string | null;
}

const DEFAULT_VIEW: FinancialsView = {
  statement: 'income-statement',
  period: 'annual',
  growth: true,
  filing: null,
  asOf: null,
};
const COLUMN_KEY = /^(\d{4}-(FY|Q[1-4])|ttm)$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** Reads the view from the search parameters; an unknown value falls back to the default, never an error. */
export function readFinancialsView(params: URLSearchParams): FinancialsView {
  const column = params.get('filing');
  const asOf = params.get('asOf');
  return {
    statement: oneOf(STATEMENTS, params.get('statement')) ?? DEFAULT_VIEW.statement,
    period: oneOf(PERIODS, params.get('period')) ?? DEFAULT_VIEW.period,
    growth: params.get('growth') !== 'off',
    filing: column && COLUMN_KEY.test(column) ? { column, metric: params.get('line') } : null,
    asOf: asOf && isCalendarDay(asOf) ? asOf : null,
  };
}

/** The search parameters of a view, keeping any other parameter of the page (compare, ...) as it is. */
export function writeFinancialsView(current: URLSearchParams, view: FinancialsView): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (name: string, value: string | null) => {
    if (value === null) next.delete(name);
    else next.set(name, value);
  };
  put('statement', view.statement === DEFAULT_VIEW.statement ? null : view.statement);
  put('period', view.period === DEFAULT_VIEW.period ? null : view.period);
  put('growth', view.growth ? null : 'off');
  put('filing', view.filing?.column ?? null);
  put('line', view.filing?.metric ?? null);
  put('asOf', view.asOf);
  return next;
}

const VIEW_PARAMS = ['statement', 'period', 'growth', 'filing', 'line', 'asOf'];

/** The search string without the Financials tab's parameters, for the other tabs of the stock page. */
export function withoutFinancialsParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of VIEW_PARAMS) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A link's search string for a view change (the demo filing links are plain links, not scripts). */
export function financialsSearch(current: URLSearchParams, change: Partial<FinancialsView>): string {
  return `?${writeFinancialsView(current, { ...readFinancialsView(current), ...change }).toString()}`;
}

/** Marks a history entry pushed by the page itself, so closing the filing view can go Back to the table. */
export const OPENED_HERE = 'financials-filing';

/**
 * The view and its setter. Every change is a new history entry (Back undoes it); scroll stays where it
 * is, since the tab itself does not move.
 */
export function useFinancialsView() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => readFinancialsView(params), [params]);
  const change = useCallback(
    (update: Partial<FinancialsView>) =>
      setParams((current) => writeFinancialsView(current, { ...readFinancialsView(current), ...update })),
    [setParams],
  );
  const closeFiling = useCallback(() => {
    // Opened from the table: Back returns to it. Opened from a shared address: drop the parameter.
    if (location.state === OPENED_HERE) void navigate(-1);
    else change({ filing: null });
  }, [location.state, navigate, change]);
  return { view, params, change, closeFiling };
}
