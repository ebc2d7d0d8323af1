/*
 * Watchlist ticker rules without zod, so the web app's first bundle can use them (issue 20: the pages'
 * initial JavaScript stays small; zod and the response schemas load with the code that needs them).
 * auth.ts builds its schemas on these.
 */
export const WATCHLIST_MAX = 100;

/** Tickers as the app writes them: letters, digits and . - ^ = (BRK.B, BTC-USD, ^GSPC). */
export const WATCHLIST_TICKER = /^[A-Z0-9.^=-]{1,20}$/;

/** The ticker as stored (trimmed, upper case), or null when it is none. */
export function watchlistTickerOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const ticker = value.trim().toUpperCase();
  return WATCHLIST_TICKER.test(ticker) ? ticker : null;
}
