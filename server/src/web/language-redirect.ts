import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  languageOfPath,
  localizePath,
  preferredLanguage,
  rememberedLanguage,
  stripLanguage,
} from '@app/contract';

/*
 * A returning reader's language (issues 33, 46): the web app sets LANGUAGE_COOKIE when a language is
 * chosen, and any page address without a language prefix ("/", "/markets", a deep link in a new tab) sends
 * that reader on to the same page in their language: one rule for every address. Search engines and link
 * previews never get the redirect: they index the unprefixed pages as the English pages they are.
 */

/** User agents of crawlers and link previews (they carry no cookie anyway; this keeps it certain). */
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|lighthouse|inspectiontool|validator/i;

export const isCrawler = (userAgent: string | undefined): boolean => userAgent !== undefined && CRAWLER.test(userAgent);

/** Sign-in's own pages live at one fixed address for the identity provider (web/src/router/routes.tsx). */
const FIXED_ADDRESS = /^\/auth(\/|$)/;

/**
 * Where a request for the page `pathname` goes instead: the same page in the remembered language when the
 * address has no language prefix and that language is not English, for a reader (not a crawler); null to
 * answer the page as asked. The answer depends on the cookie, so it is a 302 (a browser must not keep it:
 * the reader may choose English later) and every page answer varies by Cookie.
 */
export function rememberedLanguageTarget(
  pathname: string,
  cookie: string | undefined,
  userAgent: string | undefined,
): string | null {
  if (languageOfPath(pathname) !== DEFAULT_LANGUAGE || FIXED_ADDRESS.test(pathname)) return null;
  const language = rememberedLanguage(cookie);
  if (language === null || language === DEFAULT_LANGUAGE || isCrawler(userAgent)) return null;
  return localizePath(pathname, language);
}

/**
 * "/stock/ACME[/tab]" (a singular guessed from other sites) is "/stocks/ACME[/tab]", in any language: a
 * permanent move (issue 46). Null for any other address.
 */
export function singularStockTarget(pathname: string): string | null {
  const bare = stripLanguage(pathname);
  const match = /^\/stock(\/[^/].*)$/.exec(bare);
  if (!match) return null;
  return localizePath(`/stocks${match[1]}`, languageOfPath(pathname));
}

/**
 * The language to offer a first visit (issue 46): on an unprefixed (English) page, with no language
 * remembered, the first supported language of the Accept-Language header when it is not English; null for
 * a crawler. The server tells the app (a meta tag), as the header is what the reader's browser says it
 * prefers and navigator.languages may differ from it (a browser set to send another language than its UI's).
 */
export function languageToOfferFor(
  pathname: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  userAgent: string | undefined,
): Language | null {
  if (languageOfPath(pathname) !== DEFAULT_LANGUAGE || FIXED_ADDRESS.test(pathname)) return null;
  if (cookie !== undefined || !acceptLanguage || isCrawler(userAgent)) return null;
  const preferred = preferredLanguage(acceptLanguage);
  return preferred !== null && preferred !== DEFAULT_LANGUAGE ? preferred : null;
}

export { LANGUAGE_COOKIE };
