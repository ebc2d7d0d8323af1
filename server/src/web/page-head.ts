import fs from 'node:fs';
import path from 'node:path';
import {
  currentPlace,
  DEFAULT_LANGUAGE,
  firstLoadTexts,
  isLanguage,
  LANGUAGES,
  type Language,
  languageOfPath,
  localizePath,
  NAV_PLACES,
  navHref,
  stripLanguage,
} from '@app/contract';
import type { Db } from '../db/index.ts';
import { readDataStatus } from '../ingest/data-status.ts';
import { type PageMetaTexts, pageMetaReader } from './page-meta.ts';
import { type SkeletonKind, skeletonHtml } from './page-skeleton.ts';
import { fill, pageTextReader, type ShellTexts } from './page-texts.ts';

/*
 * Search engines and link previews read the HTML before any script runs, and the web app is rendered in
 * the browser. So the server writes each page's <title>, description, canonical URL and hreflang links
 * into index.html itself, in the page's language, from the same texts the app uses (the built
 * locales/<lang>/seo.json: page-texts.ts; what each path says: page-meta.ts). web/src/app/page-meta.ts keeps
 * them right after client-side navigation.
 */

export interface PageHeadOptions {
  distDir: string;
  publicUrl: string;
  db: Db;
  /** How long a looked-up security name is trusted (names change only with an ingest run). */
  nameTtlMs?: number;
}

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
  const textsFor = pageTextReader(distDir);
  const metaFor = pageMetaReader(db, textsFor, nameTtlMs);

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
