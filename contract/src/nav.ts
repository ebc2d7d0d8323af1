import { type Language, localizePath, stripLanguage } from './locales.ts';

/**
 * The main navigation's places (issue 33), in their order; the web app's header and the server's first
 * screen draw the same links. The watchlist is the home page's cards panel (the reader's own tickers once
 * signed in) and "crypto" the home page's row of coins, each by its anchor:
 * the app has no page of its own for either, and those two blocks are where both are shown. A coin's own
 * page marks "crypto" as the current place.
 */
export const NAV_PLACES = ['home', 'screener', 'watchlist', 'crypto', 'markets'] as const;
export type NavPlace = (typeof NAV_PLACES)[number];

/** The home page's anchors (the ids of its watchlist panel and coin row). */
export const WATCHLIST_ANCHOR = 'watchlist';
export const COINS_ANCHOR = 'coins';

/** Where a place's link goes, in a language. */
export function navHref(place: NavPlace, language: Language): string {
  switch (place) {
    case 'home':
      return localizePath('/', language);
    case 'screener':
      return localizePath('/green-stocks', language);
    case 'watchlist':
      return `${localizePath('/', language)}#${WATCHLIST_ANCHOR}`;
    case 'crypto':
      return `${localizePath('/', language)}#${COINS_ANCHOR}`;
    case 'markets':
      return localizePath('/markets', language);
  }
}

/** The place a page belongs to (marked aria-current="page"), or null (a stock's page, sign-in, not found). */
export function currentPlace(pathname: string, hash: string): NavPlace | null {
  const path = stripLanguage(pathname).replace(/\/+$/, '') || '/';
  if (path === '/') {
    if (hash === `#${WATCHLIST_ANCHOR}`) return 'watchlist';
    if (hash === `#${COINS_ANCHOR}`) return 'crypto';
    return 'home';
  }
  if (path === '/green-stocks') return 'screener';
  if (path === '/markets' || path.startsWith('/markets/')) return 'markets';
  if (path.startsWith('/crypto/')) return 'crypto';
  return null;
}
