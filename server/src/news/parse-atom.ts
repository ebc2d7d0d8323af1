import { list, type Node, node, plainTitle, raw, rawToText, text, xhtmlToHtml, xmlBase } from './feed-xml.ts';
import { escapeHtml, htmlToText, safeHref } from './sanitize-html.ts';

/*
 * Atom 1.0 (RFC 4287) and Atom 0.3 (the 2003 draft many old feeds still serve). Text constructs (titles,
 * summaries, contents) are kept raw by the parser and read here by their type: text, escaped html, or
 * inline xhtml; Atom 0.3's `mode` may also say escaped or base64, and its `type` is a media type.
 * xml:base on the feed, entry, link and content elements resolves relative links (RFC 4287 section 2).
 */

export interface AtomDraft {
  id: string | null;
  link: string | null;
  /** Plain text. */
  title: string | null;
  /** HTML to sanitise, with the base its relative links resolve against. */
  summary: { html: string; baseUrl: string | undefined } | null;
  date: string | null;
}

/** What a text construct holds, as HTML (html and xhtml) or as text. */
export type TextConstruct = { kind: 'html'; html: string } | { kind: 'text'; text: string };

export function atomTextConstruct(value: unknown): TextConstruct | null {
  const element = raw(value);
  if (!element) return null;
  const type = attribute(element.attributes, '@_type').toLowerCase() || 'text';
  const mode = attribute(element.attributes, '@_mode').toLowerCase();
  const kind = constructKind(type);
  if (kind === null) return null;
  let source = element.source;
  if (mode === 'base64') {
    // Atom 0.3: the content's bytes in base64; UTF-8 is the only sane reading of text inside.
    source = Buffer.from(rawToText(source).replace(/\s+/g, ''), 'base64').toString('utf8');
    return finish(kind, source);
  }
  if (kind === 'xhtml' || (mode === 'xml' && kind === 'html')) return finish('html', xhtmlToHtml(source));
  return finish(kind, rawToText(source));
}

function finish(kind: 'html' | 'text' | 'xhtml', content: string): TextConstruct | null {
  const trimmed = content.trim();
  if (!trimmed) return null;
  return kind === 'text' ? { kind: 'text', text: trimmed } : { kind: 'html', html: trimmed };
}

/** Atom 1.0 types (text, html, xhtml) and Atom 0.3 media types; null for content that is not text. */
function constructKind(type: string): 'html' | 'text' | 'xhtml' | null {
  if (type === 'html' || type === 'text/html') return 'html';
  if (type === 'xhtml' || type === 'application/xhtml+xml') return 'xhtml';
  if (type === 'text' || type.startsWith('text/')) return 'text';
  return null;
}

function attribute(n: Node, name: string): string {
  const value = n[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** A text construct as plain text (titles). */
export function constructText(construct: TextConstruct | null): string | null {
  if (!construct) return null;
  return construct.kind === 'text' ? plainTitle(construct.text) : plainTitle(htmlToText(construct.html, 4000));
}

export function parseAtomEntries(feed: Node, documentUrl: string | undefined): AtomDraft[] {
  return list(feed.entry).map((rawEntry) => {
    const entry = node(rawEntry);
    const link = atomLink(feed, entry, documentUrl);
    const summaryValue = entry.summary ?? entry.content;
    const summary = atomTextConstruct(summaryValue);
    const summaryElement = node(Array.isArray(summaryValue) ? summaryValue[0] : summaryValue);
    // Relative links in the summary: its xml:base chain; without one, the entry's link, then the feed's URL.
    const summaryBase = xmlBase([feed, entry, summaryElement], documentUrl) ?? link ?? documentUrl;
    return {
      id: text(entry.id),
      link,
      title: constructText(atomTextConstruct(entry.title)),
      summary: summary
        ? { html: summary.kind === 'html' ? summary.html : escapeHtml(summary.text), baseUrl: summaryBase }
        : null,
      // Atom 0.3 names its dates issued, modified and created.
      date:
        text(entry.published) ??
        text(entry.updated) ??
        text(entry.issued) ??
        text(entry.modified) ??
        text(entry.created),
    };
  });
}

function atomLink(feed: Node, entry: Node, documentUrl: string | undefined): string | null {
  const links = list(entry.link).map(node);
  const alternate = links.find((l) => (l['@_rel'] ?? 'alternate') === 'alternate') ?? links[0];
  if (!alternate) return null;
  const base = xmlBase([feed, entry, alternate], documentUrl) ?? documentUrl;
  return safeHref(String(alternate['@_href'] ?? ''), base);
}
