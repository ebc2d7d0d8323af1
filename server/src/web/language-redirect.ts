import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, localizePath, rememberedLanguage } from '@app/contract';

/*
 * A returning reader's language (issue 33): the web app sets LANGUAGE_COOKIE when a language is chosen,
 * and "/" (the unprefixed home, and only it) sends that reader on to the home in their language. Search
 * engines and link previews never get the redirect: they index "/" as the English page it is.
 */

/** User agents of crawlers and link previews (they carry no cookie anyway; this keeps it certain). */
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|lighthouse|inspectiontool|validator/i;

export const isCrawler = (userAgent: string | undefined): boolean => userAgent !== undefined && CRAWLER.test(userAgent);

/**
 * Where a request for `pathname` goes instead: the remembered language's home for "/" when that language
 * is not English, for a reader (not a crawler); null to answer the page as asked.
 */
export function rememberedLanguageTarget(
  pathname: string,
  cookie: string | undefined,
  userAgent: string | undefined,
): string | null {
  if (pathname !== '/') return null;
  const language = rememberedLanguage(cookie);
  if (language === null || language === DEFAULT_LANGUAGE || isCrawler(userAgent)) return null;
  return localizePath('/', language);
}

export { LANGUAGE_COOKIE };
