import { describe, expect, it } from 'vitest';
import { isStockTab, preferredLanguage, rememberedLanguage } from './locales.ts';

describe('the reader’s language (issue 33)', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['el', 'el'],
    ['zh-CN,zh;q=0.9,fr;q=0.5', 'fr'],
    ['nb-NO,en;q=0.5', 'no'],
    ['nn', 'no'],
    ['en;q=0.2,de;q=0.8', 'de'],
    ['de;q=0,fr', 'fr'],
    ['ja,zh', null],
    ['', null],
    ['*', null],
  ])('picks from Accept-Language %j: %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it('reads navigator.languages in their order', () => {
    expect(preferredLanguage(['pt-BR', 'en-US'])).toBe('pt');
    expect(preferredLanguage(['ko', 'sv-FI'])).toBe('sv');
    expect(preferredLanguage([])).toBeNull();
  });

  it('keeps only one of the 20 languages from the cookie', () => {
    expect(rememberedLanguage('de')).toBe('de');
    expect(rememberedLanguage('en')).toBe('en');
    expect(rememberedLanguage('xx')).toBeNull();
    expect(rememberedLanguage(undefined)).toBeNull();
  });

  it('knows a stock page’s tabs', () => {
    expect(isStockTab('dividends')).toBe(true);
    expect(isStockTab('overview')).toBe(true);
    expect(isStockTab('bogus')).toBe(false);
    expect(isStockTab(undefined)).toBe(false);
  });
});
