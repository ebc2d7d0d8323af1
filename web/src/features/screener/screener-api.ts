import type { ODataV2Response, PartialIndicatorRow } from '@app/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { type ODataParams, optionsParams, screenerPageParams } from './screener-query.ts';
import type { ScreenerState } from './screener-state.ts';

const ENDPOINT = '/api/data/indicator/odatav2';

export async function fetchScreenerPage(params: ODataParams, signal?: AbortSignal): Promise<ODataV2Response> {
  const body = await apiRequest<ODataV2Response>(ENDPOINT, { query: params, ...(signal ? { signal } : {}) });
  if (!body) throw new Error('The screener answered with no body');
  return body;
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
  return useQuery(screenerPageQuery(state));
}

export function useScreenerOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['screener-options'],
      queryFn: ({ signal }) => fetchScreenerPage(optionsParams(), signal),
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
