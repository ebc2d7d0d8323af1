import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_KEY,
  mergeLocalIntoServer,
  mergeWatchlists,
  readLocalWatchlist,
  toggled,
  writeLocalWatchlist,
} from './watchlist-store.ts';

describe('watchlist store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps an anonymous list in local storage, normalised and without duplicates', () => {
    writeLocalWatchlist(['acme', 'BTC-USD', 'ACME', 'not a ticker']);
    expect(readLocalWatchlist()).toEqual(['ACME', 'BTC-USD']);
  });

  it('reads a damaged local list as empty', () => {
    localStorage.setItem(LOCAL_KEY, '{oops');
    expect(readLocalWatchlist()).toEqual([]);
  });

  it('merges the server list first, then new local tickers', () => {
    expect(mergeWatchlists(['MSFT', 'ACME'], ['ACME', 'BTC-USD'])).toEqual(['MSFT', 'ACME', 'BTC-USD']);
  });

  it('toggles a ticker in and out', () => {
    expect(toggled(['ACME'], 'MSFT')).toEqual(['ACME', 'MSFT']);
    expect(toggled(['ACME', 'MSFT'], 'ACME')).toEqual(['MSFT']);
  });

  it('on sign-in sends the merged list to the server and clears the local one', async () => {
    writeLocalWatchlist(['BTC-USD']);
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push({ method: String(init.method), body: init.body ? JSON.parse(String(init.body)) : null });
        const tickers = init.method === 'PUT' ? JSON.parse(String(init.body)).tickers : ['MSFT'];
        return new Response(JSON.stringify({ tickers }), { status: 200 });
      }),
    );
    expect(await mergeLocalIntoServer()).toEqual(['MSFT', 'BTC-USD']);
    expect(calls).toEqual([
      { method: 'GET', body: null },
      { method: 'PUT', body: { tickers: ['MSFT', 'BTC-USD'] } },
    ]);
    expect(localStorage.getItem(LOCAL_KEY)).toBeNull();
  });
});
