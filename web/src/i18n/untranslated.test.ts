import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/contract/locales';
import { describe, expect, it } from 'vitest';
import { allStrings } from '../test/i18n.ts';

/*
 * No English left in any locale (issue 46: "Drawdown" stood in the German screener). A value equal to
 * English's counts as untranslated unless the allow-lists below say the text is the same in that language.
 * locales.test.ts checks that every key exists; this checks that its value is the language's.
 */

/**
 * Texts that are the same in every language: the app's name, a format with no words, and the financial
 * abbreviations the press of all 20 languages prints as they are (P/E, EBITDA: what readers look for).
 */
const CODES = new Set([
  'Ledgerlight',
  '{{name}} (%)',
  'P/E',
  'P/B',
  'P/S',
  'P/FCF',
  'EV/EBITDA',
  'EBIT',
  'EBITDA',
  'ROE',
  'REIT',
]);

/** Words spelt the same in these languages, each with why. */
const SAME_WORD: Record<string, { languages: readonly Language[]; why: string }> = {
  Ticker: {
    languages: ['cs', 'da', 'de', 'es', 'hu', 'it', 'nl', 'no', 'pl', 'pt', 'sk', 'sv'],
    why: 'the loan word their financial press uses',
  },
  Goodwill: {
    languages: ['cs', 'da', 'nl', 'no', 'pt', 'sk', 'sv'],
    why: 'the loan word of their accounting standards',
  },
  TTM: { languages: ['de'], why: 'the abbreviation German financial sites print' },
  // Chart ranges: the letter starts the language's word (Monat, måned, mês, mesiac...; yıl in Turkish).
  '1M': {
    languages: ['af', 'cs', 'da', 'de', 'es', 'fr', 'it', 'nl', 'no', 'pl', 'pt', 'sk', 'sv'],
    why: 'M for the word for month',
  },
  '6M': {
    languages: ['af', 'cs', 'da', 'de', 'es', 'fr', 'it', 'nl', 'no', 'pl', 'pt', 'sk', 'sv'],
    why: 'M for the word for month',
  },
  '1Y': { languages: ['tr'], why: 'Y for yıl' },
  '5Y': { languages: ['tr'], why: 'Y for yıl' },
  '10Y': { languages: ['tr'], why: 'Y for yıl' },
  Max: { languages: ['cs', 'de', 'fr', 'hu', 'it', 'nl', 'ro', 'sk', 'sv'], why: 'the abbreviation of maximum' },
  Min: { languages: ['it', 'sv'], why: 'the abbreviation of minimum' },
  // The dividend marker on the price chart: the language's word for dividend starts with D.
  D: {
    languages: ['af', 'cs', 'de', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'ro', 'sk'],
    why: 'D for the word for dividend',
  },
  'in %': { languages: ['af', 'de', 'it', 'nl'], why: '"in" is the same preposition' },
  Bank: { languages: ['af', 'da', 'de', 'hu', 'nl', 'no', 'pl', 'sv'], why: 'the same word' },
  Volume: { languages: ['af', 'fr', 'it', 'nl', 'pt'], why: 'the same word' },
  Water: { languages: ['af', 'nl'], why: 'the same word' },
  Filters: { languages: ['af', 'nl'], why: 'the same plural' },
  Data: { languages: ['af', 'cs', 'da', 'no', 'sv'], why: 'the same word' },
  System: { languages: ['da', 'de', 'no', 'sv'], why: 'the same word' },
  Menu: { languages: ['da', 'fr', 'it', 'nl', 'pl', 'pt'], why: 'the same word' },
  Median: { languages: ['da', 'de', 'no', 'sv'], why: 'the same word' },
  Transport: { languages: ['da', 'fr', 'no', 'pl', 'ro', 'sv'], why: 'the same word' },
  Trend: { languages: ['de', 'hu', 'nl', 'no', 'pl', 'sv'], why: 'the same word' },
  Name: { languages: ['de'], why: 'the same word' },
  Pipelines: { languages: ['de', 'fr'], why: 'the loan word their industry names use' },
  Hotels: { languages: ['de', 'nl'], why: 'the same plural' },
  Restaurants: { languages: ['de', 'fr', 'nl'], why: 'the same plural' },
  Wallets: { languages: ['de', 'nl'], why: 'the loan word crypto users say' },
  Sector: { languages: ['es', 'nl', 'ro'], why: 'the same word' },
  irregular: { languages: ['es', 'pt'], why: 'the same word' },
  Irregular: { languages: ['es', 'pt'], why: 'the same word' },
  Ratio: { languages: ['es', 'fr', 'nl'], why: 'the same word' },
  Crypto: { languages: ['fr', 'nl'], why: 'the same short form' },
  Source: { languages: ['fr'], why: 'the same word' },
  Acquisitions: { languages: ['fr'], why: 'the same plural' },
  Account: { languages: ['it', 'nl'], why: 'the loan word their web pages use' },
  Home: { languages: ['it'], why: 'the loan word Italian sites use for the home page' },
  Percentile: { languages: ['it'], why: 'the same word' },
  Payout: { languages: ['it', 'pt'], why: 'the loan word of their financial press' },
  Computers: { languages: ['nl'], why: 'the same plural' },
  Period: { languages: ['sv'], why: 'the same word' },
  '1 week': { languages: ['af', 'nl'], why: 'the same words' },
};

/** A language's keys whose value is English's and not allowed to be: the untranslated ones. */
function untranslatedKeys(
  language: Language,
  english: Record<string, string>,
  translated: Record<string, string>,
): string[] {
  return Object.entries(english)
    .filter(([key, text]) => translated[key] === text)
    .filter(([, text]) => !CODES.has(text) && !SAME_WORD[text]?.languages.includes(language))
    .map(([key]) => key);
}

const english = allStrings(DEFAULT_LANGUAGE);

describe('untranslated texts (issue 46)', () => {
  it('counts a value equal to English as untranslated unless the language spells it the same', () => {
    const en = { 'a:drawdown': 'Drawdown', 'a:ticker': 'Ticker', 'a:pe': 'P/E', 'a:menu': 'Menu', 'a:x': 'Price' };
    const de = { 'a:drawdown': 'Drawdown', 'a:ticker': 'Ticker', 'a:pe': 'P/E', 'a:menu': 'Menü', 'a:x': 'Kurs' };
    expect(untranslatedKeys('de', en, de)).toEqual(['a:drawdown']);
    expect(untranslatedKeys('el', en, { ...de, 'a:menu': 'Menu' })).toEqual(['a:drawdown', 'a:ticker', 'a:menu']);
  });

  it.each(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE))('%s has no English left', (language) => {
    expect(untranslatedKeys(language, english, allStrings(language))).toEqual([]);
  });
});
