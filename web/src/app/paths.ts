import { DEFAULT_LANGUAGE, type Language } from '@app/contract/locales';

/** App paths in a language: English unprefixed, others under /{lang}. */
export function pathIn(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

export const homePath = (language: Language) => pathIn(language, '/');

export const screenerPath = (language: Language) => pathIn(language, '/green-stocks');
export const stockPath = (language: Language, ticker: string) =>
  pathIn(language, `/stocks/${encodeURIComponent(ticker)}`);
export const cryptoPath = (language: Language, ticker: string) =>
  pathIn(language, `/crypto/${encodeURIComponent(ticker)}`);
/** What can be a ticker in a security's path, upper-cased (the API answers 400 for anything else). */
const TICKER = /^[A-Z0-9][A-Z0-9.\-^=]{0,19}$/;
export const isTickerText = (text: string) => TICKER.test(text);

/** A security's page by its kind (search results, screener rows, news chips). */
export const securityPath = (language: Language, kind: 'stock' | 'crypto', ticker: string) =>
  kind === 'crypto' ? cryptoPath(language, ticker) : stockPath(language, ticker);

/** The backtest of a screen (issue 43): the screen travels in the query. */
export const backtestPath = (language: Language) => pathIn(language, '/green-stocks/backtest');
