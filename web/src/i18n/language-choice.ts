import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  type Language,
  preferredLanguage,
  rememberedLanguage,
} from '@app/contract/locales';

/*
 * The language a reader chose, kept in a cookie (issue 33): the server reads it to send a returning reader
 * from "/" to their language's home (server/src/web/language-redirect.ts). Set on every explicit choice:
 * the language menu, the phone's settings, the language offer (taken or dismissed).
 */

/** The cookie's text for a choice: the whole site, a year, sent on top-level navigations. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
}

/** The remembered language in a document.cookie text, or null. */
export function readRememberedLanguage(cookies: string = document.cookie): Language | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) return rememberedLanguage(value);
  }
  return null;
}

/**
 * The language to offer a reader (a one-line banner): on a first visit (nothing remembered) to an English
 * page, the browser's first preferred language among the 20 when it is not English; else null.
 */
export function languageToOffer(
  page: Language,
  remembered: Language | null,
  browser: readonly string[],
): Language | null {
  if (remembered !== null || page !== DEFAULT_LANGUAGE) return null;
  const preferred = preferredLanguage(browser);
  return preferred !== null && preferred !== page ? preferred : null;
}
