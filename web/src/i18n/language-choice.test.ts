import { describe, expect, it } from 'vitest';
import { languageCookie, languageToOffer, readRememberedLanguage } from './language-choice.ts';

describe('the remembered language (issue 33)', () => {
  it('writes a year-long, site-wide cookie', () => {
    expect(languageCookie('de', false)).toBe('ll_lang=de; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('el', true)).toContain('; Secure');
  });

  it('reads it back among other cookies, ignoring what is not a language', () => {
    expect(readRememberedLanguage('a=1; ll_lang=el; b=2')).toBe('el');
    expect(readRememberedLanguage('ll_lang=en')).toBe('en');
    expect(readRememberedLanguage('ll_lang=xx')).toBeNull();
    expect(readRememberedLanguage('')).toBeNull();
    expect(readRememberedLanguage('other_ll_lang=de')).toBeNull();
  });

  it('offers the browser’s language on a first visit to an English page only', () => {
    expect(languageToOffer('en', null, ['de-DE', 'en'])).toBe('de');
    expect(languageToOffer('en', null, ['zh-CN', 'el'])).toBe('el');
    expect(languageToOffer('en', null, ['en-US', 'de'])).toBeNull();
    expect(languageToOffer('en', null, ['ja'])).toBeNull();
    // Chosen before (English included: the offer was dismissed), or already in another language.
    expect(languageToOffer('en', 'en', ['de'])).toBeNull();
    expect(languageToOffer('en', 'fr', ['de'])).toBeNull();
    expect(languageToOffer('fr', null, ['de'])).toBeNull();
  });
});
