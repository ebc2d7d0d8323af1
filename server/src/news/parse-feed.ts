import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  decodeXml,
  elementHtml,
  FeedParseError,
  list,
  type Node,
  node,
  plainTitle,
  text,
  withoutDoctype,
  xmlBase,
} from './feed-xml.ts';
import { atomTextConstruct, constructText, parseAtomEntries } from './parse-atom.ts';
import { htmlToText, safeHref, sanitizeHtml } from './sanitize-html.ts';

/*
 * RSS 2.0 (and 0.9x), Atom 1.0 (and 0.3) and RSS 1.0 (RDF) into one item shape. No XML entity
 * expansion: an entity declaration is refused outright (a DOCTYPE without one is accepted and ignored)
 * and the parser's entity processing is off; only the five predefined XML entities and numeric
 * character references are decoded, here. Titles leave as plain text, summaries sanitised.
 */

export { decodeXml, FeedParseError };

export type FeedFormat = 'rss2' | 'atom' | 'rdf';

export interface ParsedItem {
  /** Stable identity inside the feed: guid / id / rdf:about, else the link, else a content hash. */
  guid: string;
  link: string | null;
  title: string;
  /** Sanitised HTML (see sanitize-html.ts), or null. */
  summary: string | null;
  /** ISO-8601 UTC, or null when the feed gives no usable date. */
  publishedAt: string | null;
}

export interface ParsedFeed {
  format: FeedFormat;
  title: string | null;
  items: ParsedItem[];
}

export const MAX_ITEMS_PER_FEED = 200;
const MAX_TITLE = 500;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  cdataPropName: '#cdata',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Text that may hold markup (Atom text constructs, RSS titles and descriptions with unescaped HTML) is
  // kept raw and read by its type, instead of being turned into objects and losing its text.
  stopNodes: [
    'feed.title',
    'feed.entry.title',
    'feed.entry.content',
    'feed.entry.summary',
    'rss.channel.title',
    'rss.channel.item.title',
    'rss.channel.item.description',
    'rss.channel.item.content:encoded',
    'rdf:RDF.channel.title',
    'rdf:RDF.item.title',
    'rdf:RDF.item.description',
    'rdf:RDF.item.content:encoded',
  ],
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
  maxNestedTags: 100,
});

/** Parse a feed document; `baseUrl` (the feed's URL) resolves relative links. */
export function parseFeed(source: string, baseUrl?: string): ParsedFeed {
  const xml = withoutDoctype(source);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedParseError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new FeedParseError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rss = doc.rss as Node | undefined;
  if (rss && typeof rss === 'object') return parseRss2(rss, baseUrl);
  const feed = doc.feed as Node | undefined;
  if (feed && typeof feed === 'object') return parseAtom(feed, baseUrl);
  const rdf = doc['rdf:RDF'] as Node | undefined;
  if (rdf && typeof rdf === 'object') return parseRdf(rdf, baseUrl);
  throw new FeedParseError('not an RSS 2.0, Atom 1.0 or RSS 1.0 document');
}

function parseRss2(rss: Node, baseUrl?: string): ParsedFeed {
  const channel = node(rss.channel);
  if (Object.keys(channel).length === 0) throw new FeedParseError('RSS document without a channel');
  const items = list(channel.item).map((raw) => {
    const item = node(raw);
    return rssDraft(item, [rss, channel, item], baseUrl, text(item.guid), text(item.pubDate) ?? text(item['dc:date']));
  });
  return { format: 'rss2', title: plainTitle(elementHtml(channel.title)), items: keep(items) };
}

function parseAtom(feed: Node, baseUrl?: string): ParsedFeed {
  const items = parseAtomEntries(feed, baseUrl).map((draft) =>
    finish({
      ...draft,
      summary: draft.summary
        ? sanitizeHtml(draft.summary.html, draft.summary.baseUrl ? { baseUrl: draft.summary.baseUrl } : {})
        : null,
    }),
  );
  return { format: 'atom', title: constructText(atomTextConstruct(feed.title)), items: keep(items) };
}

function parseRdf(rdf: Node, baseUrl?: string): ParsedFeed {
  const items = list(rdf.item).map((raw) => {
    const item = node(raw);
    const about = typeof item['@_rdf:about'] === 'string' ? item['@_rdf:about'] : null;
    return rssDraft(item, [rdf, item], baseUrl, about, text(item['dc:date']));
  });
  return { format: 'rdf', title: plainTitle(elementHtml(node(rdf.channel).title)), items: keep(items) };
}

/** An RSS 2.0 or RDF item; `scope` is the item and its ancestors, outermost first (for xml:base). */
function rssDraft(item: Node, scope: Node[], baseUrl: string | undefined, id: string | null, date: string | null) {
  const itemBase = xmlBase(scope, baseUrl);
  const link = firstLink(item.link, itemBase ?? baseUrl);
  const html = elementHtml(item.description) ?? elementHtml(item['content:encoded']);
  const summaryBase = itemBase ?? link ?? baseUrl;
  return finish({
    id,
    link,
    title: plainTitle(elementHtml(item.title)),
    summary: html === null ? null : sanitizeHtml(html, summaryBase ? { baseUrl: summaryBase } : {}),
    date,
  });
}

interface Draft {
  id: string | null;
  link: string | null;
  /** Plain text. */
  title: string | null;
  summary: string | null;
  date: string | null;
}

function finish(draft: Draft): ParsedItem | null {
  const title = draft.title ?? (draft.summary ? htmlToText(draft.summary, 120).slice(0, 120) || null : null);
  // An item with neither a title nor a summary tells a reader nothing.
  if (!title) return null;
  const guid =
    draft.id?.slice(0, 1000) ||
    draft.link ||
    `sha256:${createHash('sha256')
      .update(`${title}\n${draft.date ?? ''}`)
      .digest('hex')}`;
  return {
    guid,
    link: draft.link,
    title: title.slice(0, MAX_TITLE),
    summary: draft.summary || null,
    publishedAt: parseDate(draft.date),
  };
}

function keep(items: (ParsedItem | null)[]): ParsedItem[] {
  const seen = new Set<string>();
  const out: ParsedItem[] = [];
  for (const item of items) {
    // De-duplicate inside one document too: by guid, and by link.
    if (!item || seen.has(item.guid) || (item.link && seen.has(item.link))) continue;
    seen.add(item.guid);
    if (item.link) seen.add(item.link);
    out.push(item);
    if (out.length === MAX_ITEMS_PER_FEED) break;
  }
  return out;
}

/** RFC 822 (RSS) and ISO 8601 (Atom, Dublin Core) dates to ISO UTC; null when unusable. */
export function parseDate(value: string | null): string | null {
  // No date is longer than this; a longer value is not parsed at all.
  if (!value || value.length > 100) return null;
  const ms = Date.parse(value.trim());
  if (Number.isNaN(ms)) return null;
  const date = new Date(ms);
  return date.getUTCFullYear() < 1990 || date.getUTCFullYear() > 9999 ? null : date.toISOString();
}

function firstLink(value: unknown, baseUrl?: string): string | null {
  for (const candidate of list(value)) {
    const href = safeHref(text(candidate) ?? '', baseUrl);
    if (href) return href;
  }
  return null;
}
