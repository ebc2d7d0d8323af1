/**
 * The app's 20 languages (spec 2). English is unprefixed; the others are path prefixes,
 * in the order the language switcher lists them.
 */
export const LANGUAGES = [
  'en',
  'hu',
  'no',
  'sv',
  'da',
  'fi',
  'es',
  'de',
  'nl',
  'fr',
  'it',
  'pt',
  'pl',
  'cs',
  'sk',
  'ro',
  'el',
  'tr',
  'ru',
  'af',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const PREFIXED_LANGUAGES = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

export function isLanguage(value: string | undefined): value is Language {
  return value !== undefined && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a path is in: its first segment when that is a known prefix, English otherwise. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The path without its language prefix ("/de/stocks/X" -> "/stocks/X", "/de" -> "/"). */
export function stripLanguage(pathname: string): string {
  const lang = languageOfPath(pathname);
  if (lang === DEFAULT_LANGUAGE) return pathname || '/';
  const rest = pathname.slice(lang.length + 1);
  return rest === '' ? '/' : rest;
}

/** The same page in another language. */
export function localizePath(pathname: string, lang: Language): string {
  const bare = stripLanguage(pathname);
  if (lang === DEFAULT_LANGUAGE) return bare;
  return bare === '/' ? `/${lang}` : `/${lang}${bare}`;
}
