import type { CompanySearch } from '@app/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from './client.ts';

/*
 * The company search as you type, shared by the header's search box (features/search) and the price
 * chart's compare box (features/price): features may not import each other (docs/architecture.md).
 */
export type SearchResult = CompanySearch['results'][number];

export const SEARCH_LIMIT = 8;

export async function fetchCompanySearch(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const body = await apiRequest<CompanySearch>('/api/data/company/search', {
    query: { q, limit: SEARCH_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return body?.results ?? [];
}

// Answers already seen this session (typing back over a prefix is instant). Bounded: oldest out first.
const answers = new Map<string, SearchResult[]>();
const ANSWERS_MAX = 100;

export interface SearchState {
  results: SearchResult[];
  /** The text the shown results answer (may lag the typed text while a request runs). */
  answered: string;
  loading: boolean;
  error: boolean;
}

/**
 * The search as-you-type state. Not a react-query hook on purpose: the header renders outside any
 * page and before the query client is needed; an abortable fetch per text is all it takes, and the
 * previous list stays on screen until the next one arrives (no flicker).
 */
export function useCompanySearch(q: string): SearchState {
  const [state, setState] = useState<SearchState>({ results: [], answered: '', loading: false, error: false });
  useEffect(() => {
    if (!q) {
      setState({ results: [], answered: '', loading: false, error: false });
      return;
    }
    const known = answers.get(q);
    if (known) {
      setState({ results: known, answered: q, loading: false, error: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: false }));
    fetchCompanySearch(q, controller.signal).then(
      (results) => {
        answers.set(q, results);
        if (answers.size > ANSWERS_MAX) answers.delete(answers.keys().next().value as string);
        setState({ results, answered: q, loading: false, error: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ results: [], answered: q, loading: false, error: true });
      },
    );
    return () => controller.abort();
  }, [q]);
  return state;
}
