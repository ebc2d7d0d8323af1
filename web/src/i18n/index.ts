import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/contract/locales';
import i18next, { type i18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

/**
 * spec 9: translations load per language with at most 10 parallel reads, 5 retries and a 350 ms
 * initial delay that i18next doubles on each retry. These are top-level init options.
 */
export const TRANSLATION_LOADING = { maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 } as const;

export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      // One file per language and namespace: common.json for the shell, one per feature (loaded on use).
      ns: ['common'],
      defaultNS: 'common',
      ...TRANSLATION_LOADING,
      // Absolute: i18next-http-backend reads each file's URL with `new URL()` (to hide credentials in its
      // logs), which throws and catches on a relative path: ten exceptions at start on a German page.
      // The page head's preloads (relative hrefs) resolve to the same URLs, so they still match.
      backend: { loadPath: `${window.location.origin}/locales/{{lng}}/{{ns}}.json` },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return instance;
}

/** Native names, shown beside the switcher's codes so each reader finds their language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hu: 'Magyar',
  no: 'Norsk',
  sv: 'Svenska',
  da: 'Dansk',
  fi: 'Suomi',
  es: 'Español',
  de: 'Deutsch',
  nl: 'Nederlands',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  pl: 'Polski',
  cs: 'Čeština',
  sk: 'Slovenčina',
  ro: 'Română',
  el: 'Ελληνικά',
  tr: 'Türkçe',
  ru: 'Русский',
  af: 'Afrikaans',
};

/** Intl locale per app language ('no' is Norwegian Bokmål). */
export function intlLocale(language: Language): string {
  return language === 'no' ? 'nb' : language;
}
