import fs from 'node:fs';
import { LANGUAGES } from '@app/contract/locales';
import { describe, expect, it } from 'vitest';
import { allStrings, localesDir, namespaces } from '../test/i18n.ts';

const english = allStrings('en');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Strings that are the same in every language (names, codes). */
const SAME_IN_EVERY_LANGUAGE = new Set(['common:app.name']);

describe('locale files', () => {
  it('has a folder for each of the 20 languages and nothing else', () => {
    expect(fs.readdirSync(localesDir).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s', (language) => {
    const translated = allStrings(language);

    it('has the same namespace files as English', () => {
      const files = fs.readdirSync(`${localesDir}/${language}`).sort();
      expect(files).toEqual(namespaces().map((ns) => `${ns}.json`));
    });

    it('has every key English has, and none English lacks', () => {
      const missing = Object.keys(english).filter((key) => !(key in translated));
      const extra = Object.keys(translated).filter((key) => !(key in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('keeps the interpolation placeholders', () => {
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(translated[key] ?? ''), key).toEqual(placeholders(text));
      }
    });

    it('is translated, not English copied over', () => {
      const copied = Object.entries(english)
        .filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(key) && text.length > 12 && translated[key] === text)
        .map(([key]) => key);
      expect(copied).toEqual([]);
    });
  });
});
