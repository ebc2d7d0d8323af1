import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { escapeHtml, htmlToText, safeHref, sanitizeHtml } from './sanitize-html.ts';

/*
 * RSS 2.0, Atom 1.0 and RSS 1.0 (RDF) into one item shape. No XML entity expansion: a DOCTYPE is
 * refused outright and the parser's entity processing is off; only the five predefined XML entities
 * and numeric character references are decoded, here. Summaries leave sanitised.
 */

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

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

export const MAX_ITEMS_PER_FEED = 200;
const MAX_TITLE = 500;

type Node = Record<string, unknown>;

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
  // Atom text constructs may hold XHTML markup: keep it raw instead of turning it into objects.
  stopNodes: ['feed.entry.content', 'feed.entry.summary'],
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
  maxNestedTags: 100,
});

/** Parse a feed document; `baseUrl` (the feed's URL) resolves relative links. */
export function parseFeed(xml: string, baseUrl?: string): ParsedFeed {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    throw new FeedParseError('DOCTYPE and entity declarations are refused');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedParseError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new FeedParseError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rss = doc.rss as Node | undefined;
  if (rss && typeof rss === 'object') return parseRss2(node(rss.channel), baseUrl);
  const feed = doc.feed as Node | undefined;
  if (feed && typeof feed === 'object') return parseAtom(feed, baseUrl);
  const rdf = doc['rdf:RDF'] as Node | undefined;
  if (rdf && typeof rdf === 'object') return parseRdf(rdf, baseUrl);
  throw new FeedParseError('not an RSS 2.0, Atom 1.0 or RSS 1.0 document');
}

function parseRss2(channel: Node, baseUrl?: string): ParsedFeed {
  if (Object.keys(channel).length === 0) throw new FeedParseError('RSS document without a channel');
  const items = list(channel.item).map((raw) => {
    const item = node(raw);
    const link = firstLink(item.link, baseUrl);
    const html = text(item.description) ?? text(item['content:encoded']);
    return finish({
      id: text(item.guid),
      link,
      title: text(item.title),
      summary: html === null ? null : sanitizeHtml(html, linkBase(link, baseUrl)),
      date: text(item.pubDate) ?? text(item['dc:date']),
    });
  });
  return { format: 'rss2', title: plain(text(channel.title)), items: keep(items) };
}

function parseAtom(feed: Node, baseUrl?: string): ParsedFeed {
  const items = list(feed.entry).map((raw) => {
    const entry = node(raw);
    const link = atomLink(entry.link, baseUrl);
    const summary = atomText(entry.summary) ?? atomText(entry.content);
    return finish({
      id: text(entry.id),
      link,
      title: text(entry.title),
      summary: summary === null ? null : sanitizeHtml(summary, linkBase(link, baseUrl)),
      date: text(entry.published) ?? text(entry.updated),
    });
  });
  return { format: 'atom', title: plain(text(feed.title)), items: keep(items) };
}

function parseRdf(rdf: Node, baseUrl?: string): ParsedFeed {
  const items = list(rdf.item).map((raw) => {
    const item = node(raw);
    const link = firstLink(item.link, baseUrl);
    const html = text(item.description) ?? text(item['content:encoded']);
    return finish({
      id: typeof item['@_rdf:about'] === 'string' ? item['@_rdf:about'] : null,
      link,
      title: text(item.title),
      summary: html === null ? null : sanitizeHtml(html, linkBase(link, baseUrl)),
      date: text(item['dc:date']),
    });
  });
  return { format: 'rdf', title: plain(text(node(rdf.channel).title)), items: keep(items) };
}

interface Draft {
  id: string | null;
  link: string | null;
  title: string | null;
  summary: string | null;
  date: string | null;
}

function finish(draft: Draft): ParsedItem | null {
  const title = plain(draft.title) ?? (draft.summary ? htmlToText(draft.summary).slice(0, 120) : null);
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
  if (!value) return null;
  const ms = Date.parse(value.trim());
  if (Number.isNaN(ms)) return null;
  const date = new Date(ms);
  return date.getUTCFullYear() < 1990 || date.getUTCFullYear() > 9999 ? null : date.toISOString();
}

function node(value: unknown): Node {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** Text content of an element: decoded text plus CDATA sections (taken literally). */
function text(value: unknown): string | null {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'string') return decodeXml(value).trim() || null;
  if (value && typeof value === 'object') {
    const n = value as Node;
    const decoded = typeof n['#text'] === 'string' ? decodeXml(n['#text']) : '';
    const cdata = list(n['#cdata']).filter((part) => typeof part === 'string');
    return (decoded + cdata.join('')).trim() || null;
  }
  return null;
}

/** An Atom text construct (kept raw by stopNodes) as HTML: text is escaped, html decoded, xhtml kept. */
function atomText(value: unknown): string | null {
  if (value === undefined) return null;
  const n = node(Array.isArray(value) ? value[0] : value);
  const raw = typeof value === 'string' ? value : typeof n['#text'] === 'string' ? n['#text'] : '';
  const type = typeof n['@_type'] === 'string' ? n['@_type'] : 'text';
  if (type === 'xhtml') return raw.trim() || null;
  const decoded = rawToText(raw).trim();
  if (!decoded) return null;
  return type === 'html' ? decoded : escapeHtml(decoded);
}

/** Raw element content: CDATA sections literally, everything else with XML entities decoded. */
function rawToText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeXml(part)))
    .join('');
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

function plain(value: string | null): string | null {
  if (!value) return null;
  return (value.includes('<') || value.includes('&') ? htmlToText(value) : value.replace(/\s+/g, ' ').trim()) || null;
}

function firstLink(value: unknown, baseUrl?: string): string | null {
  for (const candidate of list(value)) {
    const href = safeHref(text(candidate) ?? '', baseUrl);
    if (href) return href;
  }
  return null;
}

function atomLink(value: unknown, baseUrl?: string): string | null {
  const links = list(value).map(node);
  const alternate = links.find((l) => (l['@_rel'] ?? 'alternate') === 'alternate') ?? links[0];
  return alternate ? safeHref(String(alternate['@_href'] ?? ''), baseUrl) : null;
}

function linkBase(link: string | null, baseUrl?: string): { baseUrl?: string } {
  const base = link ?? baseUrl;
  return base ? { baseUrl: base } : {};
}
