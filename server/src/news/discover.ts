import { walkHtml } from './html-walk.ts';
import { safeHref } from './sanitize-html.ts';

/** A page's <link> elements sit in its <head>, which summaries drop: here nothing is dropped. */
const KEEP_ALL: ReadonlySet<string> = new Set();
const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/rdf+xml']);

/**
 * Feed autodiscovery on a company's web page: the first <link rel="alternate"> with a feed type.
 * Company links are usually pages, not feeds; this finds the feed they announce. The page is read by the
 * bounded walk (html-walk.ts), which stops at the first feed link.
 */
export function discoverFeedUrl(html: string, pageUrl: string): string | null {
  let found: string | null = null;
  walkHtml(
    html.slice(0, 500_000),
    {
      open(name, attributes) {
        if (name !== 'link') return true;
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attributes.type ?? '').toLowerCase().trim();
        if (rel.includes('alternate') && FEED_TYPES.has(type) && attributes.href)
          found = safeHref(attributes.href, pageUrl);
        return found === null;
      },
      close() {},
      text: () => true,
    },
    { drop: KEEP_ALL },
  );
  return found;
}
