import fs from 'node:fs';
import path from 'node:path';
import {
  currentPlace,
  DEFAULT_LANGUAGE,
  firstLoadTexts,
  isLanguage,
  isStockTab,
  LANGUAGES,
  type Language,
  languageOfPath,
  localizePath,
  NAV_PLACES,
  type NavPlace,
  navHref,
  stripLanguage,
} from '@app/contract';
import type { Db } from '../db/index.ts';
import { readDataStatus } from '../ingest/data-status.ts';
import { type SkeletonKind, skeletonHtml } from './page-skeleton.ts';

/*
 * Search engines and link previews read the HTML before any script runs, and the web app is rendered in
 * the browser. So the server writes each page's <title>, description, canonical URL and hreflang links
 * into index.html itself, in the page's language, from the same texts the app uses (the built
 * locales/<lang>/seo.json). web/src/app/page-meta.ts keeps them right after client-side navigation.
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

interface SeoTexts {
  home: { title: string; description: string };
  screener: { title: string; description: string };
  stock: { title: string; description: string };
  crypto: { title: string; description: string };
  notFound: { title: string; description: string };
  markets: { title: string; description: string };
  coins: { title: string; description: string };
  watchlist: { title: string; description: string };
}

interface ShellTexts {
  skipToContent: string;
  loading: string;
  footer: string;
  home: { title: string; lead: string } | null;
  screener: { title: string; lead: string } | null;
  homePanels: {
    cards: string;
    movers: string;
    sectors: string;
    exDividends: string;
    news: string;
    analysis: string;
    screener: { title: string; body: string; open: string };
  } | null;
  demo: { label: string; body: string; asOf: string } | null;
  nav: { label: string; menu: string; places: Record<NavPlace, string> } | null;
}

interface PageTexts {
  seo: SeoTexts;
  siteName: string;
  shell: ShellTexts;
}

interface SecurityName {
  name: string;
  kind: 'stock' | 'crypto';
}

export interface PageHeadOptions {
  distDir: string;
  publicUrl: string;
  db: Db;
  /** How long a looked-up security name is trusted (names change only with an ingest run). */
  nameTtlMs?: number;
}

const NAMES_MAX = 5000;
const AUTH_PAGES = new Set(['/auth/login', '/auth/callback']);

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** A day as the app writes it (web/src/i18n/format.ts): "Nov 20, 2026" in English; 'no' is Bokmål. */
function shortDate(day: string, language: Language): string {
  const locale = language === 'no' ? 'nb' : language;
  const format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(`${day}T00:00:00Z`));
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The translation files the app reads before its first render (firstLoadTexts), asked for with the
 * page's own scripts instead of after the entry script has run (two round trips later on a phone: the
 * common texts first, then the shell's and the page's). After the scripts and the style sheet, which
 * come first; `crossorigin` makes them the very requests i18next's fetch makes (cors, same-origin
 * credentials), so it takes the preloaded answers.
 */
function textPreloads(pathname: string): string {
  return firstLoadTexts(pathname)
    .map((href) => `  <link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin />\n`)
    .join('');
}

export function createPageHead({ distDir, publicUrl, db, nameTtlMs = 5 * 60_000 }: PageHeadOptions) {
  const origin = publicUrl.replace(/\/+$/, '');
  const indexFile = path.join(distDir, 'index.html');
  // index.html names the hashed bundles: a rebuild in place must be picked up, so it is re-read when its
  // modification time changes (checked at most once a second, not on every page).
  let template = {
    html: fs.readFileSync(indexFile, 'utf8'),
    mtimeMs: fs.statSync(indexFile).mtimeMs,
    checkedAt: Date.now(),
  };
  function currentTemplate(): string {
    if (Date.now() - template.checkedAt < 1000) return template.html;
    template.checkedAt = Date.now();
    try {
      const { mtimeMs } = fs.statSync(indexFile);
      if (mtimeMs !== template.mtimeMs)
        template = { html: fs.readFileSync(indexFile, 'utf8'), mtimeMs, checkedAt: Date.now() };
    } catch {
      // Mid-rebuild the file may be missing for a moment: keep serving the last good copy.
    }
    return template.html;
  }
  const texts = new Map<Language, PageTexts | null>();
  const names = new Map<string, { value: SecurityName | null; at: number }>();

  /** The language's SEO and shell texts; null when the build has none (the page is then served as built). */
  function textsFor(language: Language): PageTexts | null {
    if (texts.has(language)) return texts.get(language) ?? null;
    const read = (lang: Language, ns: string) =>
      JSON.parse(fs.readFileSync(path.join(distDir, 'locales', lang, `${ns}.json`), 'utf8'));
    /** The language's namespace, else English's (a language may lack a file), else null. */
    const readEither = (ns: string) => {
      for (const lang of [language, DEFAULT_LANGUAGE]) {
        try {
          return read(lang, ns);
        } catch {
          // Try the next language.
        }
      }
      return null;
    };
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const homePanels = (home: Record<string, Record<string, unknown>> | null) => {
      const [cards, movers, sectors, exDividends, news, analysis] = [
        home?.watchlist?.defaultTitle,
        home?.movers?.title,
        home?.sectors?.title,
        home?.exDividends?.title,
        home?.news?.title,
        home?.analysis?.title,
      ].map(text);
      const [title, body, open] = [home?.screener?.title, home?.screener?.body, home?.screener?.open].map(text);
      return cards && movers && sectors && exDividends && news && analysis && title && body && open
        ? { cards, movers, sectors, exDividends, news, analysis, screener: { title, body, open } }
        : null;
    };
    const heading = (ns: string) => {
      const found = readEither(ns);
      return typeof found?.title === 'string' && typeof found?.lead === 'string'
        ? { title: found.title, lead: found.lead }
        : null;
    };
    let found: PageTexts | null;
    try {
      const seo: SeoTexts | null = readEither('seo');
      const common = readEither('common');
      if (!seo || !common) throw new Error('no texts');
      found = {
        seo,
        siteName: read(DEFAULT_LANGUAGE, 'common').app.name,
        shell: {
          skipToContent: common.common?.skipToContent ?? '',
          loading: common.common?.loading ?? '',
          footer: common.footer?.disclaimer ?? '',
          home: heading('home'),
          screener: heading('screener'),
          homePanels: homePanels(readEither('home')),
          nav: mainNavTexts(common.mainNav),
          demo:
            text(common.demo?.label) && text(common.demo?.body) && text(common.demo?.asOf)
              ? { label: common.demo.label, body: common.demo.body, asOf: common.demo.asOf }
              : null,
        },
      };
    } catch {
      found = null;
    }
    texts.set(language, found);
    return found;
  }

  /** The main navigation's texts of common.json, or null when the build lacks one. */
  function mainNavTexts(found: Record<string, unknown> | undefined): ShellTexts['nav'] {
    const value = (key: string) => (typeof found?.[key] === 'string' ? (found[key] as string) : null);
    const places = Object.fromEntries(NAV_PLACES.map((place) => [place, value(place)]));
    const label = value('label');
    const menu = value('menu');
    if (!label || !menu || NAV_PLACES.some((place) => !places[place])) return null;
    return { label, menu, places: places as Record<NavPlace, string> };
  }

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

  /**
   * The demo flag and the prices' day (the banner's), read at most once a minute; while a first start
   * loads the demo universe, how far it is ("loaded/total", issue 23: the banner then follows it).
   */
  type Status = { demo: boolean; pricesAsOf: string | null; seeding: string | null };
  let status: { value: Status; at: number } | null = null;
  async function dataStatus(): Promise<Status | null> {
    if (status && Date.now() - status.at < 60_000) return status.value;
    try {
      const read = await readDataStatus(db);
      const seeding = read.seedingTotal === null ? null : `${read.stocks + read.crypto}/${read.seedingTotal}`;
      status = { value: { demo: read.demo, pricesAsOf: read.pricesAsOf, seeding }, at: Date.now() };
      return status.value;
    } catch {
      // Without the status the page is still the page: the app asks /api/data/status itself.
      return null;
    }
  }

  /** The page's first screen inside #root (page-skeleton.ts), in the page's language. */
  async function withSkeleton(
    html: string,
    pathname: string,
    language: Language,
    meta: PageMetaTexts,
  ): Promise<string> {
    const found = textsFor(language);
    if (!found) return html;
    const data = await dataStatus();
    const bare = stripLanguage(pathname).replace(/\/+$/, '') || '/';
    const kind: SkeletonKind = meta.missing
      ? 'other'
      : bare === '/'
        ? 'home'
        : bare === '/green-stocks'
          ? 'screener'
          : bare.startsWith('/stocks/')
            ? 'stock'
            : bare.startsWith('/crypto/')
              ? 'crypto'
              : 'other';
    const heading = kind === 'home' ? found.shell.home : kind === 'screener' ? found.shell.screener : null;
    const skeleton = skeletonHtml(
      kind,
      {
        appName: found.siteName,
        homeHref: localizePath('/', language),
        skipToContent: found.shell.skipToContent,
        loading: found.shell.loading,
        footer: found.shell.footer,
        ...(heading ? { heading } : {}),
        ...(meta.security ? { security: meta.security } : {}),
        ...(found.shell.nav
          ? {
              nav: {
                label: found.shell.nav.label,
                menu: found.shell.nav.menu,
                links: NAV_PLACES.map((place) => ({
                  href: navHref(place, language),
                  text: (found.shell.nav as NonNullable<ShellTexts['nav']>).places[place],
                  current: !meta.missing && currentPlace(pathname) === place,
                })),
              },
            }
          : {}),
        ...(kind === 'home' && found.shell.homePanels
          ? {
              home: {
                ...found.shell.homePanels,
                screener: { ...found.shell.homePanels.screener, href: localizePath('/green-stocks', language) },
              },
            }
          : {}),
        ...(data?.demo && found.shell.demo
          ? {
              demo: {
                label: found.shell.demo.label,
                body: found.shell.demo.body,
                asOf: data.pricesAsOf
                  ? fill(found.shell.demo.asOf, { date: shortDate(data.pricesAsOf, language) })
                  : null,
              },
            }
          : {}),
      },
      escapeHtml,
    );
    // The app's banner starts from the same status (web/src/app/demo-banner.tsx, bootStatus).
    const attributes = data
      ? ` data-demo="${data.demo}"${data.pricesAsOf ? ` data-prices-as-of="${escapeHtml(data.pricesAsOf)}"` : ''}${
          data.seeding ? ` data-seeding="${escapeHtml(data.seeding)}"` : ''
        }`
      : '';
    return html.replace('<div id="root"></div>', `<div id="root"${attributes}>${skeleton}</div>`);
  }

  /**
   * index.html with the page's head in the page's language; `missing` when no such page or ticker exists,
   * `redirect` (with the language prefix) when the page lives at another path.
   */
  async function render(pathname: string): Promise<{ html: string; missing: boolean; redirect?: string }> {
    // Sign-in's own pages (web/src/router/routes.tsx, authRoutes): real pages, never worth indexing.
    if (AUTH_PAGES.has(pathname.replace(/\/+$/, ''))) {
      const html = currentTemplate().replace('</title>', '</title>\n    <meta name="robots" content="noindex" />');
      return { html, missing: false };
    }
    const language = languageOfPath(pathname);
    const siteName = textsFor(language)?.siteName;
    const meta = await metaFor(pathname);
    if (!meta || !siteName) return { html: currentTemplate(), missing: false };
    if (meta.redirect) return { html: '', missing: false, redirect: localizePath(meta.redirect, language) };
    const title = meta.title === siteName ? siteName : `${meta.title} · ${siteName}`;
    const bare = meta.canonicalPath ?? stripLanguage(pathname);
    const canonical = origin + localizePath(bare, language);
    const tags = [
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
      ...LANGUAGES.map(
        (lang) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(origin + localizePath(bare, lang))}" />`,
      ),
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + localizePath(bare, DEFAULT_LANGUAGE))}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      ...(meta.missing ? ['<meta name="robots" content="noindex" />'] : []),
    ].join('\n    ');
    const html = currentTemplate()
      .replace(/<html lang="[^"]*"/, `<html lang="${isLanguage(language) ? language : DEFAULT_LANGUAGE}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/\s*<meta name="description"[^>]*>/, '')
      .replace('</title>', `</title>\n    ${tags}`)
      .replace('</head>', `${textPreloads(pathname)}</head>`);
    return { html: await withSkeleton(html, pathname, language, meta), missing: meta.missing };
  }

  return { render, metaFor };
}
export type PageHead = ReturnType<typeof createPageHead>;
