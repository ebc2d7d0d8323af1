import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageOfPath, localizePath, PREFIXED_LANGUAGES, stripLanguage } from './locales.ts';

describe('language routing', () => {
  it('has 20 languages in the switcher order, English first and unprefixed', () => {
    expect(LANGUAGES.map((l) => l.toUpperCase()).join(', ')).toBe(
      'EN, HU, NO, SV, DA, FI, ES, DE, NL, FR, IT, PT, PL, CS, SK, RO, EL, TR, RU, AF',
    );
    expect(PREFIXED_LANGUAGES).toHaveLength(19);
    expect(PREFIXED_LANGUAGES).not.toContain('en');
  });

  it.each([
    ['/', 'en'],
    ['/stocks/ACME', 'en'],
    ['/de', 'de'],
    ['/de/', 'de'],
    ['/el/stocks/ACME', 'el'],
    ['/en/stocks', 'en'],
    ['/denmark', 'en'],
    ['/xx/stocks', 'en'],
  ])('reads the language of %s as %s', (path, language) => {
    expect(languageOfPath(path)).toBe(language);
  });

  it.each([
    ['/de/stocks/ACME', '/stocks/ACME'],
    ['/de', '/'],
    ['/de/', '/'],
    ['/stocks/ACME', '/stocks/ACME'],
    ['/', '/'],
  ])('strips the prefix of %s', (path, bare) => {
    expect(stripLanguage(path)).toBe(bare);
  });

  it('moves a page between languages and keeps it', () => {
    expect(localizePath('/stocks/ACME', 'de')).toBe('/de/stocks/ACME');
    expect(localizePath('/de/stocks/ACME', 'ru')).toBe('/ru/stocks/ACME');
    expect(localizePath('/ru/stocks/ACME', 'en')).toBe('/stocks/ACME');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/fr', 'en')).toBe('/');
  });
});
