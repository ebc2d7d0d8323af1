import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const localesDir = path.resolve(import.meta.dirname, '../../public/locales');

export function readLocale(language: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8'));
}

/** An i18next instance with English (and optionally more) loaded synchronously, for component tests. */
export async function testI18n(languages: string[] = ['en']): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: Object.fromEntries(languages.map((l) => [l, { translation: readLocale(l) }])),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
