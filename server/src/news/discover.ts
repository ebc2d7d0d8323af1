import { Parser } from 'htmlparser2';
import { safeHref } from './sanitize-html.ts';

const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/rdf+xml']);

/**
 * Feed autodiscovery on a company's web page: the first <link rel="alternate"> with a feed type.
 * Company links are usually pages, not feeds; this finds the feed they announce.
 */
export function discoverFeedUrl(html: string, pageUrl: string): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found || name !== 'link') return;
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attributes.type ?? '').toLowerCase().trim();
        if (rel.includes('alternate') && FEED_TYPES.has(type) && attributes.href)
          found = safeHref(attributes.href, pageUrl);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html.slice(0, 500_000));
  parser.end();
  return found;
}
