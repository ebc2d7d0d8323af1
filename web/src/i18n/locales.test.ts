import fs from 'node:fs';
import { LANGUAGES } from '@app/contract/locales';
import { describe, expect, it } from 'vitest';
import { localesDir, namespaces, readLocale } from '../test/i18n.ts';

/** Flattens {"a":{"b":"x"}} to {"a.b":"x"}. */
function flatten(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    out[prefix] = value;
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** Every string of a language, keyed "namespace:dotted.key". */
function allStrings(language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const ns of namespaces()) {
    const file = `${localesDir}/${language}/${ns}.json`;
    if (!fs.existsSync(file)) continue;
    for (const [key, text] of Object.entries(flatten(readLocale(language, ns)))) out[`${ns}:${key}`] = text;
  }
  return out;
}

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
