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
  // backtest: the screener's as-of picker and link, and the backtest page (issue 43).
  if (path.startsWith('/green-stocks')) return ['screener', 'backtest', 'seo', 'ui'];
  if (path === '/markets') return ['markets', 'seo', 'ui', 'sectors'];
  if (path === '/crypto' || path === '/watchlist') return ['lists', 'seo', 'ui'];
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
 * shell's and the page's namespaces (web/src/router/routes.tsx), in the page's language and then in
 * English, the fallback (i18next reads both). The server's page head preloads them (issue 20).
 */
export function firstLoadTexts(pathname: string): string[] {
  const language = languageOfPath(pathname);
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  const namespaces = ['common', ...SHELL_NAMESPACES, ...pageNamespaces(pathname)];
  return languages.flatMap((lang) => namespaces.map((ns) => `/locales/${lang}/${ns}.json`));
}

/**
 * A stock page's tabs as path segments (/stocks/ACME/dividends); the overview is also the bare path. The
 * web app's stock route shows these, and the server answers any other sub-page with 404 (issue 33).
 */
export const STOCK_TABS = ['overview', 'dividends', 'valuation', 'financials', 'news', 'data'] as const;
export type StockTab = (typeof STOCK_TABS)[number];
export const isStockTab = (value: string | undefined): value is StockTab =>
  (STOCK_TABS as readonly string[]).includes(value ?? '');

/**
 * The cookie that remembers the language a reader chose (issue 33): set by the web app when a language is
 * picked (or the language offer dismissed), read by the server to send a returning reader from "/" to it.
 */
export const LANGUAGE_COOKIE = 'll_lang';
/** A year, in seconds: how long the choice is kept. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The remembered language in a Cookie header's parsed value, or null when absent or not one of the 20. */
export function rememberedLanguage(value: string | undefined): Language | null {
  return isLanguage(value) ? value : null;
}

/**
 * The first of the reader's preferred languages (an Accept-Language header's or navigator.languages, in
 * order of preference) the app has, by primary subtag ("de-AT" -> de, "nb"/"nn" -> no); null when none is.
 * Weights ("q=") are honoured when given, ties keep their order; "q=0" means "not this one".
 */
export function preferredLanguage(preferences: string | readonly string[]): Language | null {
  const list = typeof preferences === 'string' ? preferences.split(',') : preferences;
  const weighted = list
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of weighted) {
    const primary = tag.split('-')[0];
    const language = primary === 'nb' || primary === 'nn' ? 'no' : primary;
    if (isLanguage(language)) return language;
  }
  return null;
}
