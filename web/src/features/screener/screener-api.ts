import type { ODataV2Response, PartialIndicatorRow, ScreenerChoices } from '@app/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiRequestError, getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';
import { advancedCheckParams, advancedCountParams, type ODataParams, screenerPageParams } from './screener-query.ts';
import type { ScreenerState } from './screener-state.ts';

const ENDPOINT = '/api/data/indicator/odatav2';

export function fetchScreenerPage(params: ODataParams, signal?: AbortSignal): Promise<ODataV2Response> {
  return getJson<ODataV2Response>(ENDPOINT, params, signal);
}

export const screenerPageQuery = (state: ScreenerState) => {
  const params = screenerPageParams(state);
  return queryOptions({
    queryKey: ['screener', params],
    queryFn: ({ signal }) => fetchScreenerPage(params, signal),
    // The previous page stays on screen while the next one loads: paging and sorting do not flash.
    placeholderData: keepPreviousData,
  });
};

export function useScreenerPage(state: ScreenerState) {
  return useAnswer(screenerPageQuery(state));
}

export function useScreenerOptions() {
  return useAnswer(
    queryOptions({
      queryKey: ['screener-options'],
      // Every sector, industry, country and exchange among all the stocks (issue 35), not a first page's.
      queryFn: ({ signal }) => getJson<ScreenerChoices>('/api/data/indicator/choices', {}, signal),
      staleTime: 10 * 60_000,
    }),
  );
}

/** Largest export: 10 pages of the API's maximum (the green universe is far smaller). */
const EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE = 1000;

/** Every row of the current result (all pages), for the CSV export. */
export async function fetchAllRows(state: ScreenerState): Promise<PartialIndicatorRow[]> {
  const rows: PartialIndicatorRow[] = [];
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
    const answer = await fetchScreenerPage(screenerPageParams({ ...state, page }, EXPORT_PAGE));
    rows.push(...answer.value);
    if (answer.value.length < EXPORT_PAGE || rows.length >= answer.total) break;
  }
  return rows;
}

/** What the API said of an advanced expression checked alone. */
export type ExpressionCheck =
  | { ok: true; total: number }
  | { ok: false; position: number | null; message: string; expected: string | null; found: string | null };

interface ErrorDetails {
  message?: unknown;
  details?: { position?: unknown; expected?: unknown; found?: unknown };
}

/** A 400 of the API as a failed check: its own message and the position (0-based) in the expression. */
export function expressionError(error: unknown): ExpressionCheck | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const body = (error.body as { error?: ErrorDetails } | null)?.error;
  const details = body?.details;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    ok: false,
    position: typeof details?.position === 'number' ? details.position : null,
    message: text(body?.message) ?? error.message,
    expected: text(details?.expected),
    found: text(details?.found),
  };
}

/**
 * Checks an expression on the API: alone, so that an error's position is one in the reader's text (and
 * "a) or (b", valid only inside the page's parentheses, is refused); its count with the panel's filters
 * (`panel`, panelFilter), the count the results will show once it is applied.
 */
export function useExpressionCheck(expression: string, panel: string) {
  return useAnswer(
    queryOptions({
      queryKey: ['screener-check', expression, panel],
      queryFn: async ({ signal }): Promise<ExpressionCheck> => {
        const counted = fetchScreenerPage(advancedCountParams(panel, expression), signal);
        // Settled at once so that its failure, when the check itself fails first, is not left unhandled.
        counted.catch(() => {});
        try {
          await fetchScreenerPage(advancedCheckParams(expression), signal);
        } catch (error) {
          const failed = expressionError(error);
          if (failed) return failed;
          throw error;
        }
        return { ok: true, total: (await counted).total };
      },
      enabled: expression.trim() !== '',
      staleTime: 60_000,
      retry: false,
    }),
  );
}
