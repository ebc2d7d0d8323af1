import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useDeferredValue, useRef } from 'react';

/**
 * useQuery for every data call of the app, with its answers drawn in the background (issue 20).
 *
 * React Query tells React of an answer through useSyncExternalStore, whose updates React always renders
 * at once, in one task: a page's eight answers arriving together were one long task on a phone, with
 * taps waiting behind it. Here the component first renders again with what it showed before (the
 * skeleton: cheap), and the answer's render follows as a deferred value, which React draws in slices,
 * yielding to the browser between them (docs/performance.md, 2026-11-27, evening).
 *
 * The result keeps its fields consistent while the answer waits: until the data is drawn, the component
 * sees the result it last drew (still loading, or the previous answer), never `isPending: false` without
 * data. Errors and status-only changes (a refetch starting) are not deferred: they carry no new data.
 */
export function useAnswer<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const result = useQuery(options);
  const drawn = useDeferredValue(result.data);
  const shown = useRef(result);
  if (drawn === result.data) shown.current = result;
  return shown.current;
}
