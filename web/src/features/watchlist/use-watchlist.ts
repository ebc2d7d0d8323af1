// biome-ignore lint/style/noRestrictedImports: the watchlist's own list, changed by a click (setQueryData): drawn at once, so a second click reads the list the first one made.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  mergeLocalIntoServer,
  readLocalWatchlist,
  saveWatchlist,
  toggled,
  writeLocalWatchlist,
} from './watchlist-store.ts';

const KEY = ['watchlist', 'server'] as const;

/**
 * The watchlist: on the server when signed in (merged with the anonymous local list on sign-in), in local
 * storage otherwise. `signedIn` comes from the app's auth state (features do not import app/).
 */
export function useWatchlist(signedIn: boolean) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<string[]>(() => readLocalWatchlist());

  const server = useQuery({
    queryKey: KEY,
    queryFn: () => mergeLocalIntoServer(),
    enabled: signedIn,
    staleTime: 30_000,
  });
  const save = useMutation({
    mutationFn: saveWatchlist,
    onMutate: (tickers) => queryClient.setQueryData(KEY, tickers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });

  // Another tab changing the anonymous list.
  useEffect(() => {
    const onStorage = () => setLocal(readLocalWatchlist());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const tickers = signedIn ? (server.data ?? []) : local;
  const toggle = useCallback(
    (ticker: string) => {
      const next = toggled(tickers, ticker.toUpperCase());
      if (signedIn) save.mutate(next);
      else {
        writeLocalWatchlist(next);
        setLocal(next);
      }
    },
    [tickers, signedIn, save],
  );

  return {
    tickers,
    toggle,
    has: (ticker: string) => tickers.includes(ticker.toUpperCase()),
    loading: signedIn && server.isPending,
  };
}
