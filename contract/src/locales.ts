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

/**
 * The namespaces the shell's header uses (search box, sign-in, wallet button), besides common. Loaded
 * with the language: a namespace first asked for while the header is on screen suspends it, and a user
 * typing into the search box in the first second lost what they typed.
 */
export const SHELL_NAMESPACES: readonly string[] = ['search', 'auth', 'wallet'];

/**
 * The texts a page's first screen uses, loaded with the shell's on the first load (issue 20): the app's
 * first render is then the page itself, not a placeholder waiting for a namespace.
 */
export function pageNamespaces(pathname: string): string[] {
  const path = stripLanguage(pathname);
  // sectors: the home page's sector panel and a security's header name the sector. A namespace missing
  // here suspends the page once drawn: the page collapses to the shell's fallback and the footer jumps
  // (layout shift 0.11 on a phone, docs/performance.md).
  if (path === '/' || path === '') return ['home', 'seo', 'news', 'ui', 'sectors'];
  if (path.startsWith('/green-stocks')) return ['screener', 'seo', 'ui'];
  if (path === '/markets') return ['markets', 'seo', 'ui', 'sectors'];
  const stock = /^\/stocks\/[^/]+(?:\/([^/]+))?/.exec(path);
  if (stock) {
    const tab = stock[1];
    // The overview shows the dividend yield's percentile panel (dividends namespace) and the peers.
    const own =
      tab === undefined
        ? ['dividends', 'peers']
        : tab === 'dividends'
          ? ['dividends']
          : tab === 'financials' || tab === 'news'
            ? [tab]
            : tab === 'data'
              ? ['financials']
              : [];
    return ['stock', 'ui', 'seo', 'sectors', ...own];
  }
  if (path.startsWith('/crypto/')) return ['stock', 'ui', 'seo', 'sectors'];
  return [];
}

/**
 * The translation files a page's first load reads, in the order the app asks for them: common, the
 * shell's and the page's namespaces (web/src/app/router.tsx), in the page's language and then in
 * English, the fallback (i18next reads both). The server's page head preloads them (issue 20).
 */
export function firstLoadTexts(pathname: string): string[] {
  const language = languageOfPath(pathname);
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  const namespaces = ['common', ...SHELL_NAMESPACES, ...pageNamespaces(pathname)];
  return languages.flatMap((lang) => namespaces.map((ns) => `/locales/${lang}/${ns}.json`));
}
