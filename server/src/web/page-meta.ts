import { isStockTab, languageOfPath, stripLanguage } from '@app/contract';
import type { Db } from '../db/index.ts';
import { fill, type PageTexts } from './page-texts.ts';

/*
 * What a page's head says (page-head.ts writes it): its title and description in the page's language,
 * whether the page exists, its canonical path, and a 301 when a security lives under the other kind's path.
 */
export interface PageMetaTexts {
  title: string;
  description: string;
  /** Unknown address or ticker: tell crawlers not to index it. */
  missing: boolean;
  /** The page's canonical unprefixed path when it differs from the one asked for (ticker case). */
  canonicalPath?: string;
  /** A stock's or a coin's page: its name, drawn in the first screen (its largest text). */
  security?: { ticker: string; name: string };
  /** A coin asked for under /stocks or a stock under /crypto: its own unprefixed path (a 301, issue 33). */
  redirect?: string;
}

interface SecurityName {
  name: string;
  kind: 'stock' | 'crypto';
}

const NAMES_MAX = 5000;

/**
 * The reader of a page path's head texts (any language prefix); null when the build has no texts. A
 * looked-up security name is trusted for `nameTtlMs` (names change only with an ingest run).
 */
export function pageMetaReader(
  db: Db,
  textsFor: (language: ReturnType<typeof languageOfPath>) => PageTexts | null,
  nameTtlMs: number,
): (pathname: string) => Promise<PageMetaTexts | null> {
  const names = new Map<string, { value: SecurityName | null; at: number }>();

  async function securityName(ticker: string): Promise<SecurityName | null> {
    const cached = names.get(ticker);
    if (cached && Date.now() - cached.at < nameTtlMs) return cached.value;
    const row = await db
      .selectFrom('securities')
      .select(['name', 'kind'])
      .where('ticker', '=', ticker)
      .executeTakeFirst();
    const value = row ? { name: row.name, kind: row.kind } : null;
    if (names.size >= NAMES_MAX) names.delete(names.keys().next().value as string);
    names.set(ticker, { value, at: Date.now() });
    return value;
  }

  /** The title and description of a page path (any language prefix). */
  async function metaFor(pathname: string): Promise<PageMetaTexts | null> {
    const seo = textsFor(languageOfPath(pathname))?.seo;
    if (!seo) return null;
    const bare = stripLanguage(pathname).replace(/\/+$/, '') || '/';
    if (bare === '/') return { ...seo.home, missing: false };
    // The backtest page names itself once drawn; the server gives it the screener's texts (issue 43).
    if (bare === '/green-stocks' || bare === '/green-stocks/backtest') return { ...seo.screener, missing: false };
    if (bare === '/markets') return { ...seo.markets, missing: false };
    if (bare === '/crypto') return { ...seo.coins, missing: false };
    if (bare === '/watchlist') return { ...seo.watchlist, missing: false };
    const security = /^\/(stocks|crypto)\/([^/]{1,20})(\/.*)?$/.exec(bare);
    if (security) {
      const kind = security[1] === 'crypto' ? 'crypto' : 'stock';
      let ticker = '';
      try {
        ticker = decodeURIComponent(security[2] ?? '').toUpperCase();
      } catch {
        // A malformed %-escape is not a ticker.
      }
      const found = ticker ? await securityName(ticker) : null;
      const rest = security[3];
      // A stock has its tabs (/stocks/ACME/dividends), a coin one page: any other sub-page is not one.
      const knownPage = rest === undefined || (kind === 'stock' && isStockTab(rest.slice(1)));
      if (found && found.kind !== kind) {
        const own = found.kind === 'crypto' ? 'crypto' : 'stocks';
        return { ...seo.notFound, missing: false, redirect: `/${own}/${encodeURIComponent(ticker)}` };
      }
      if (found && knownPage) {
        const values = { name: found.name, ticker };
        const page = kind === 'crypto' ? seo.crypto : seo.stock;
        return {
          title: fill(page.title, values),
          description: fill(page.description, values),
          missing: false,
          canonicalPath: `/${security[1]}/${encodeURIComponent(ticker)}${security[3] ?? ''}`,
          security: values,
        };
      }
    }
    // Pages the server does not know yet still work in the browser; they are just not indexed.
    return { ...seo.notFound, missing: true };
  }

  return metaFor;
}
