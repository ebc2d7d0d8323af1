import { DEFAULT_LANGUAGE, LANGUAGES, localizePath } from '@app/contract';

/*
 * Sitemap XML (sitemaps.org 0.9) with hreflang alternates (Google: "xhtml:link" in sitemaps): one <url>
 * per page and language, each listing every language version and the x-default.
 */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Each page (an unprefixed English path) in all 20 languages, with all alternates. */
export function urlEntries(origin: string, paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const alternates = [
      ...LANGUAGES.map((language) => ({ hreflang: language, href: origin + localizePath(path, language) })),
      { hreflang: 'x-default', href: origin + localizePath(path, DEFAULT_LANGUAGE) },
    ]
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join('');
    for (const language of LANGUAGES) {
      out.push(`<url><loc>${escapeXml(origin + localizePath(path, language))}</loc>${alternates}</url>`);
    }
  }
  return out;
}

export function urlSet(entries: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  );
}

export function sitemapIndex(locations: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n') +
    '\n</sitemapindex>\n'
  );
}

/** The page path of a security. */
export function securityPath(kind: 'stock' | 'crypto', ticker: string): string {
  return `/${kind === 'crypto' ? 'crypto' : 'stocks'}/${encodeURIComponent(ticker)}`;
}
