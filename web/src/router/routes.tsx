import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pageNamespaces, SHELL_NAMESPACES } from '@app/contract/locales';
import type { i18n } from 'i18next';
import { RouteError } from '../app/route-error.tsx';
import { Shell } from '../app/shell.tsx';
import type { RouteObject } from './index.ts';

/**
 * The pages, the same under every language. Route modules load lazily (one chunk each). Each page has
 * its own error boundary, so a failing page keeps the header (search, language, sign-in) around it.
 */
export const pageRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./pages/home.tsx') },
  { path: 'green-stocks', lazy: () => import('./pages/green-stocks.tsx') },
  { path: 'green-stocks/backtest', lazy: () => import('./pages/backtest.tsx') },
  { path: 'markets', lazy: () => import('./pages/markets.tsx') },
  { path: 'crypto', lazy: () => import('./pages/crypto-list.tsx') },
  { path: 'watchlist', lazy: () => import('./pages/watchlist.tsx') },
  { path: 'stocks/:ticker/:tab?', lazy: () => import('./pages/stock.tsx') },
  { path: 'crypto/:ticker', lazy: () => import('./pages/crypto.tsx') },
  { path: '*', lazy: () => import('./pages/not-found.tsx') },
].map((route) => ({ ErrorBoundary: RouteError, ...route }));

/** Sign-in's own routes (issue 6): outside the language roots, at one fixed address for the provider. */
export const authRoutes: RouteObject[] = [
  { path: '/auth/login', lazy: () => import('./pages/auth-login.tsx') },
  { path: '/auth/callback', lazy: () => import('./pages/auth-callback.tsx') },
];

/**
 * One root per language: "/" for English and "/{lang}" for the 19 others (spec 2). The root's loader
 * switches i18next to its language, so a language change completes only when its texts (the shell's
 * included) are loaded.
 */
export function createRoutes(i18n: i18n, pages: RouteObject[] = pageRoutes): RouteObject[] {
  const roots = LANGUAGES.map((language: Language) => ({
    id: `root-${language}`,
    path: language === DEFAULT_LANGUAGE ? '/' : `/${language}`,
    // Runs when the root is entered, never again while it stays (the router's rule): it depends on the
    // language only, and a search-parameter change (screener filters, chart compare) must not hold the
    // page in a loading state.
    loader: async (url: URL) => {
      if (i18n.language !== language) await i18n.changeLanguage(language);
      await i18n.loadNamespaces([...SHELL_NAMESPACES, ...pageNamespaces(url.pathname)]);
    },
    Component: Shell,
    ErrorBoundary: RouteError,
    children: pages,
  }));
  return [...authRoutes, ...roots];
}
