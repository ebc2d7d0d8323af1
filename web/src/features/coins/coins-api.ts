import type { CoinList } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../api/client.ts';
import { useAnswer } from '../../api/use-answer.ts';

/** Every coin with its figures (issue 46: the /crypto page), cached a minute like the home's coin row. */
export const coinListQuery = () =>
  queryOptions({
    queryKey: ['market', 'coins'],
    queryFn: ({ signal }) => getJson<CoinList>('/api/data/market/coins', {}, signal),
    staleTime: 60_000,
  });

export const useCoinList = () => useAnswer(coinListQuery());
