import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language, NAV_PLACES, type NavPlace } from '@app/contract';
import type { HomePanelTexts } from './page-skeleton.ts';

/*
 * The texts the server writes into a page before any script runs (page-head.ts): the SEO texts and the
 * first screen's, read from the built locales/<lang>/*.json, the same files the app reads.
 */

export interface SeoTexts {
  home: { title: string; description: string };
  screener: { title: string; description: string };
  stock: { title: string; description: string };
  crypto: { title: string; description: string };
  notFound: { title: string; description: string };
  markets: { title: string; description: string };
  coins: { title: string; description: string };
  watchlist: { title: string; description: string };
}

export interface ShellTexts {
  skipToContent: string;
  loading: string;
  footer: string;
  home: { title: string; lead: string } | null;
  screener: { title: string; lead: string } | null;
  homePanels: HomePanelTexts | null;
  demo: { label: string; body: string; asOf: string } | null;
  nav: { label: string; menu: string; places: Record<NavPlace, string> } | null;
}

export interface PageTexts {
  seo: SeoTexts;
  siteName: string;
  shell: ShellTexts;
}

/** A template's {{key}} placeholders filled in, as i18next does. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The reader of a language's SEO and shell texts, each language read once; null when the build has none
 * (the page is then served as built).
 */
export function pageTextReader(distDir: string): (language: Language) => PageTexts | null {
  const texts = new Map<Language, PageTexts | null>();
  return function textsFor(language: Language): PageTexts | null {
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
  };
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
