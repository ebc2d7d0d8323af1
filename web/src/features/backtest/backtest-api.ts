import type { BacktestResponse } from '@app/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';
import { type BacktestState, backtestParams } from './backtest-state.ts';

export function fetchBacktest(params: Record<string, string>, signal?: AbortSignal): Promise<BacktestResponse> {
  return getJson<BacktestResponse>('/api/data/indicator/backtest', params, signal);
}

export const backtestQuery = (state: BacktestState) => {
  const params = backtestParams(state);
  return queryOptions({
    queryKey: ['backtest', params],
    queryFn: ({ signal }) => fetchBacktest(params, signal),
    placeholderData: keepPreviousData,
    // A backtest is a pure function of the data version: no refetch while the page is open.
    staleTime: 10 * 60_000,
    retry: false,
  });
};

export function useBacktest(state: BacktestState) {
  return useAnswer(backtestQuery(state));
}
