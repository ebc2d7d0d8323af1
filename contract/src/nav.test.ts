import { describe, expect, it } from 'vitest';
import { currentPlace, NAV_PLACES, navHref } from './nav.ts';

describe('the main navigation’s places (issues 33, 46)', () => {
  it('links each place in the page’s language', () => {
    expect(NAV_PLACES.map((place) => navHref(place, 'en'))).toEqual([
      '/',
      '/green-stocks',
      '/watchlist',
      '/crypto',
      '/markets',
    ]);
    expect(NAV_PLACES.map((place) => navHref(place, 'de'))).toEqual([
      '/de',
      '/de/green-stocks',
      '/de/watchlist',
      '/de/crypto',
      '/de/markets',
    ]);
  });

  it.each([
    ['/', 'home'],
    ['/el', 'home'],
    ['/de/', 'home'],
    ['/watchlist', 'watchlist'],
    ['/fr/watchlist/', 'watchlist'],
    ['/crypto', 'crypto'],
    ['/fr/crypto', 'crypto'],
    ['/green-stocks', 'screener'],
    ['/de/green-stocks', 'screener'],
    ['/markets', 'markets'],
    ['/ru/markets', 'markets'],
    ['/crypto/QBTZ', 'crypto'],
    ['/de/crypto/QBTZ', 'crypto'],
    ['/stocks/ACME', null],
    ['/stocks/ACME/dividends', null],
    ['/auth/login', null],
    ['/nothing-here', null],
  ])('marks %s as %s', (pathname, place) => {
    expect(currentPlace(pathname)).toBe(place);
  });
});
