import { DEFAULT_LANGUAGE, LANGUAGES, localizePath } from '@app/contract/locales';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../router/index.ts';

/*
 * Search engines and sharing (issue 8): a title and description in the page's language, the canonical
 * URL, and hreflang alternates for the 20 languages plus x-default. The server puts the same tags into
 * the HTML it sends (server/src/web/page-head.ts); this hook keeps them right as the reader navigates.
 */
export interface PageMeta {
  /** The page's own title, without the site name ("Green stocks screener"). */
  title: string;
  description: string;
}

/** The document title: page first, site last, so tabs and results show what matters. */
export function documentTitle(title: string, siteName: string): string {
  return title && title !== siteName ? `${title} · ${siteName}` : siteName;
}

/** Every language version of a path, plus x-default (the unprefixed English one). */
export function alternateLinks(origin: string, pathname: string): { hreflang: string; href: string }[] {
  const links = LANGUAGES.map((language) => ({ hreflang: language, href: origin + localizePath(pathname, language) }));
  return [...links, { hreflang: 'x-default', href: origin + localizePath(pathname, DEFAULT_LANGUAGE) }];
}

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  const found = document.head.querySelector<HTMLElement>(selector);
  if (found) return found;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  const element = upsert(`meta[${attribute}="${key}"]`, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  });
  element.setAttribute('content', content);
}

/**
 * The site's public origin: the one the server wrote into the page's canonical link (its PUBLIC_URL), not
 * the address this browser happened to use (127.0.0.1, a LAN address, another host name of the same
 * server), which a canonical URL must not spread. The browser's own where the server wrote none (the
 * Vite dev server).
 */
export function siteOrigin(): string {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (canonical) {
    try {
      return new URL(canonical).origin;
    } catch {
      // Not a URL: fall back to the browser's origin.
    }
  }
  return window.location.origin;
}

export function applyPageMeta(meta: PageMeta, siteName: string, origin: string, pathname: string): void {
  const title = documentTitle(meta.title, siteName);
  document.title = title;
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', meta.description);
  // Query strings (screener state) are views of one page: the canonical URL leaves them out.
  const canonical = origin + pathname;
  setMeta('property', 'og:url', canonical);
  upsert('link[rel="canonical"]', () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    return link;
  }).setAttribute('href', canonical);
  const wanted = alternateLinks(origin, pathname);
  const current = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]'));
  // The first page's are the server's, already right: 21 links are not made again.
  const same =
    current.length === wanted.length &&
    current.every((link, index) => link.hreflang === wanted[index]?.hreflang && link.href === wanted[index]?.href);
  if (same) return;
  for (const old of current) old.remove();
  for (const { hreflang, href } of wanted) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = href;
    document.head.append(link);
  }
}

/** Sets the page's title, description, canonical URL and hreflang links; call it once per page. */
export function usePageMeta(meta: PageMeta | null): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const siteName = t('app.name');
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    applyPageMeta({ title, description }, siteName, siteOrigin(), pathname);
  }, [title, description, siteName, pathname]);
}
