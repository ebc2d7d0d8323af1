import { type Language, localizePath, stripLanguage } from './locales.ts';

/**
 * The main navigation's places (issue 33), in their order; the web app's header and the server's first
 * screen draw the same links. The watchlist and crypto have pages of their own (issue 46: the anchors into
 * the home page scrolled a block under the sticky header, and no page listed the coins). A coin's own page
 * marks "crypto" as the current place.
 */
export const NAV_PLACES = ['home', 'screener', 'watchlist', 'crypto', 'markets'] as const;
export type NavPlace = (typeof NAV_PLACES)[number];

/** The home page's blocks' ids (its watchlist panel and coin row), which a link may still name. */
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
      return localizePath('/watchlist', language);
    case 'crypto':
      return localizePath('/crypto', language);
    case 'markets':
      return localizePath('/markets', language);
  }
}

/** The place a page belongs to (marked aria-current="page"), or null (a stock's page, sign-in, not found). */
export function currentPlace(pathname: string): NavPlace | null {
  const path = stripLanguage(pathname).replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (path === '/watchlist') return 'watchlist';
  if (path === '/crypto') return 'crypto';
  if (path === '/green-stocks') return 'screener';
  if (path === '/markets' || path.startsWith('/markets/')) return 'markets';
  if (path.startsWith('/crypto/')) return 'crypto';
  return null;
}
