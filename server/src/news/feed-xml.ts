import { htmlToText } from './sanitize-html.ts';

/*
 * XML helpers shared by the feed formats: the declaration check that keeps entity declarations out, the
 * text of an element (decoded, CDATA taken literally, inline markup kept as HTML), titles as plain text,
 * and xml:base.
 */

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

export type Node = Record<string, unknown>;

/**
 * Refuse what could declare or expand an entity, and return the document with its DOCTYPE blanked out
 * (same length and lines, so the parser's line numbers still point at the source). One DOCTYPE before the
 * root element is accepted when it declares no entity (Netscape's RSS 0.91 DOCTYPE, many old feeds): its
 * external DTD is never fetched and nothing it would define is expanded. One pass over the document:
 * comments, CDATA sections and processing instructions are skipped whole, so text about `<!ENTITY` inside
 * them is no declaration.
 */
export function withoutDoctype(xml: string): string {
  let doctype: { start: number; end: number } | null = null;
  let rootSeen = false;
  for (let at = xml.indexOf('<'); at !== -1; at = xml.indexOf('<', at + 1)) {
    const skip =
      skipOver(xml, at, '<!--', '-->') ?? skipOver(xml, at, '<![CDATA[', ']]>') ?? skipOver(xml, at, '<?', '?>');
    if (skip !== undefined) {
      if (skip === -1) break; // Unterminated: the parser reports it.
      at = skip - 1;
      continue;
    }
    if (xml[at + 1] !== '!') {
      rootSeen = true;
      continue;
    }
    if (/^<!ENTITY/i.test(xml.slice(at, at + 8))) throw new FeedParseError('entity declarations are refused');
    if (!/^<!DOCTYPE\s/i.test(xml.slice(at, at + 10)))
      throw new FeedParseError('not well-formed XML: markup declaration outside a DOCTYPE');
    if (rootSeen || doctype)
      throw new FeedParseError('not well-formed XML: a DOCTYPE must come once, before the root element');
    const end = doctypeEnd(xml, at);
    if (end === -1) throw new FeedParseError('not well-formed XML: unterminated DOCTYPE');
    doctype = { start: at, end };
    at = end - 1;
  }
  if (!doctype) return xml;
  const blank = xml.slice(doctype.start, doctype.end).replace(/[^\n]/g, ' ');
  return xml.slice(0, doctype.start) + blank + xml.slice(doctype.end);
}

/** Index after `close` when `xml` has `open` at `at`; -1 when unterminated; undefined when not `open`. */
function skipOver(xml: string, at: number, open: string, close: string): number | undefined {
  if (!xml.startsWith(open, at)) return undefined;
  const end = xml.indexOf(close, at + open.length);
  return end === -1 ? -1 : end + close.length;
}

/** Index after the DOCTYPE starting at `start`, or -1. Refuses an internal subset that declares entities. */
function doctypeEnd(xml: string, start: number): number {
  let quote = '';
  let inSubset = false;
  for (let at = start + 9; at < xml.length; at++) {
    const c = xml[at];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (!inSubset) {
      if (c === '[') inSubset = true;
      else if (c === '>') return at + 1;
    } else if (c === ']') inSubset = false;
    else if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at + 4);
      if (end === -1) return -1;
      at = end + 2;
    } else if (c === '%' || (c === '<' && /^<!ENTITY/i.test(xml.slice(at, at + 8)))) {
      // A parameter entity reference (%name;) can only name an entity declared somewhere: refused too.
      throw new FeedParseError('DOCTYPE with entity declarations refused (no entity is ever expanded)');
    }
  }
  return -1;
}

export function node(value: unknown): Node {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** Text content of a parsed element: decoded text plus CDATA sections (taken literally). */
export function text(value: unknown): string | null {
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

/** The raw source of an element kept whole by the parser (a stop node), and its attributes. */
export function raw(value: unknown): { source: string; attributes: Node } | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return { source: first, attributes: {} };
  if (!first || typeof first !== 'object') return null;
  const n = first as Node;
  return { source: typeof n['#text'] === 'string' ? n['#text'] : '', attributes: n };
}

/** Raw element content: CDATA sections literally, everything else with XML entities decoded. */
export function rawToText(source: string): string {
  return source
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeXml(part)))
    .join('');
}

/**
 * Inline XHTML as HTML: CDATA sections become escaped text, namespace prefixes leave tag names
 * (`<xhtml:p>` is `<p>`); entities stay as they are (XML's are HTML's too).
 */
export function xhtmlToHtml(source: string): string {
  return source
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3).replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)
        : part.replace(/<(\/?)[A-Za-z_][\w.-]*:([A-Za-z_][\w.-]*)/g, '<$1$2'),
    )
    .join('');
}

/** Whether raw element content holds elements (outside CDATA), not only text. */
export function hasElements(source: string): boolean {
  return /<[A-Za-z_]/.test(source.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ''));
}

/**
 * The HTML an element stands for (an RSS description or title): its decoded text (escaped HTML or a CDATA
 * section) or, when a publisher put the markup in unescaped, that markup.
 */
export function elementHtml(value: unknown): string | null {
  const element = raw(value);
  if (!element) return null;
  return (hasElements(element.source) ? xhtmlToHtml(element.source) : rawToText(element.source)).trim() || null;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

const MARKUP = /<\/?[A-Za-z][^<>]*>|<!--|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const TITLE_READ = 2000;

/**
 * A title as plain text. Titles come as text, as escaped HTML, and escaped twice (`&amp;lt;b&amp;gt;`):
 * HTML is read as its text until no tag or entity is left (at most four rounds), so no markup reaches
 * a reader. Text with a lone `<` or `&` ("x < y", "AT&T") is no markup and stays as it is.
 */
export function plainTitle(value: string | null): string | null {
  if (!value) return null;
  let title = value.length > TITLE_READ * 4 ? value.slice(0, TITLE_READ * 4) : value;
  for (let round = 0; round < 4 && MARKUP.test(title); round++) title = htmlToText(title, TITLE_READ);
  return title.replace(/\s+/g, ' ').trim() || null;
}

/**
 * The base URL that xml:base attributes on `elements` (outermost first) give, each resolved against the
 * one before and the first against the document's URL; undefined when none of them has one.
 */
export function xmlBase(elements: Node[], documentUrl: string | undefined): string | undefined {
  let base = documentUrl;
  let found = false;
  for (const element of elements) {
    const value = element['@_xml:base'];
    if (typeof value !== 'string') continue;
    try {
      base = new URL(value.trim(), base).href;
      found = true;
    } catch {
      // A relative xml:base with nothing to resolve it against: ignored.
    }
  }
  return found ? base : undefined;
}
