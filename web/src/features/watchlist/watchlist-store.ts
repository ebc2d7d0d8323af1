import type { WatchlistResponse } from '@app/contract';
import { WATCHLIST_MAX, watchlistTickerOf } from '@app/contract/tickers';
import { apiRequest } from '../../api/client.ts';

/** An anonymous visitor's watchlist lives in local storage under this key; a signed-in user's on the server. */
export const LOCAL_KEY = 'watchlist';

const normalise = (tickers: unknown[]): string[] => {
  const out: string[] = [];
  for (const value of tickers) {
    const ticker = watchlistTickerOf(value);
    if (ticker && !out.includes(ticker)) out.push(ticker);
  }
  return out.slice(0, WATCHLIST_MAX);
};

export function readLocalWatchlist(storage: Storage = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(LOCAL_KEY) ?? '[]');
    return Array.isArray(value) ? normalise(value) : [];
  } catch {
    return [];
  }
}

export function writeLocalWatchlist(tickers: string[], storage: Storage = localStorage): void {
  if (tickers.length === 0) storage.removeItem(LOCAL_KEY);
  else storage.setItem(LOCAL_KEY, JSON.stringify(normalise(tickers)));
}

/** The signed-in user's list first, in its order, then what the visitor collected before signing in. */
export function mergeWatchlists(server: string[], local: string[]): string[] {
  return normalise([...server, ...local]);
}

export const toggled = (tickers: string[], ticker: string) =>
  tickers.includes(ticker) ? tickers.filter((t) => t !== ticker) : normalise([...tickers, ticker]);

export async function fetchWatchlist(): Promise<string[]> {
  return (await apiRequest<WatchlistResponse>('/api/me/watchlist'))?.tickers ?? [];
}

export async function saveWatchlist(tickers: string[]): Promise<string[]> {
  return (
    (await apiRequest<WatchlistResponse>('/api/me/watchlist', { method: 'PUT', body: { tickers } }))?.tickers ?? []
  );
}

/**
 * On sign-in: the local list is merged into the server's and then cleared, so it is not merged twice.
 * Returns the merged list (the server's unchanged when there was nothing local).
 */
export async function mergeLocalIntoServer(storage: Storage = localStorage): Promise<string[]> {
  const local = readLocalWatchlist(storage);
  const server = await fetchWatchlist();
  if (local.length === 0) return server;
  const merged = await saveWatchlist(mergeWatchlists(server, local));
  writeLocalWatchlist([], storage);
  return merged;
}
