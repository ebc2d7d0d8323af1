import type { CompanyPeers } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

/** A stock and its nearest peers with their key ratios (issue 33); asked for with the overview's calls. */
export const peersQuery = (ticker: string) =>
  queryOptions({
    queryKey: ['company', 'peers', ticker],
    queryFn: ({ signal }) => getJson<CompanyPeers>('/api/data/company/peers', { ticker }, signal),
    staleTime: 5 * 60_000,
  });

export const usePeers = (ticker: string) => useAnswer(peersQuery(ticker));
