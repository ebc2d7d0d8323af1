import { describe, expect, it } from 'vitest';
import { currentPlace, NAV_PLACES, navHref } from './nav.ts';

describe('the main navigation’s places (issue 33)', () => {
  it('links each place in the page’s language', () => {
    expect(NAV_PLACES.map((place) => navHref(place, 'en'))).toEqual([
      '/',
      '/green-stocks',
      '/#watchlist',
      '/#coins',
      '/markets',
    ]);
    expect(NAV_PLACES.map((place) => navHref(place, 'de'))).toEqual([
      '/de',
      '/de/green-stocks',
      '/de#watchlist',
      '/de#coins',
      '/de/markets',
    ]);
  });

  it.each([
    ['/', '', 'home'],
    ['/el', '', 'home'],
    ['/de/', '', 'home'],
    ['/', '#watchlist', 'watchlist'],
    ['/fr', '#coins', 'crypto'],
    ['/green-stocks', '', 'screener'],
    ['/de/green-stocks', '?scope=all', 'screener'],
    ['/markets', '', 'markets'],
    ['/ru/markets', '', 'markets'],
    ['/crypto/QBTZ', '', 'crypto'],
    ['/de/crypto/QBTZ', '', 'crypto'],
    ['/stocks/ACME', '', null],
    ['/stocks/ACME/dividends', '', null],
    ['/auth/login', '', null],
    ['/nothing-here', '', null],
  ])('marks %s%s as %s', (pathname, hash, place) => {
    expect(currentPlace(pathname, hash.startsWith('#') ? hash : '')).toBe(place);
  });
});
