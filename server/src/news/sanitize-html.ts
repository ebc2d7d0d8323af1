import { Parser } from 'htmlparser2';

/*
 * An allow-list HTML sanitiser for feed summaries. Only a few formatting tags survive, with no
 * attributes except a safe href on links; script-like elements are dropped with their content;
 * every other tag is removed but its text kept. Output text is re-escaped, so whatever the parser
 * decoded cannot turn back into markup. Summaries are cut to a text budget with tags closed properly.
 */

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre']);
const VOID = new Set(['br']);
/** Elements whose content is never text for a reader (or is dangerous): dropped whole. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'noscript',
  'noembed',
  'textarea',
  'select',
  'title',
  'head',
  'xmp',
  'plaintext',
]);

export interface SanitizeOptions {
  /** Longest visible text kept; the rest is cut with an ellipsis. */
  maxTextLength?: number;
  /** Base for relative links (the item's link or the feed URL). */
  baseUrl?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A link target that is safe to show: absolute http(s) only (no javascript:, data:, vbscript:, ...). */
export function safeHref(href: string, baseUrl?: string): string | null {
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (cleaned === '') return null;
  try {
    const url = baseUrl ? new URL(cleaned, baseUrl) : new URL(cleaned);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const budget = options.maxTextLength ?? 2000;
  let out = '';
  let textLength = 0;
  let truncated = false;
  let dropDepth = 0;
  const open: string[] = [];

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (DROPPED.has(name)) {
          dropDepth++;
          return;
        }
        if (dropDepth > 0 || truncated || !ALLOWED.has(name)) return;
        if (name === 'a') {
          const href = safeHref(attributes.href ?? '', options.baseUrl);
          out += href ? `<a href="${escapeHtml(href)}" rel="nofollow noopener noreferrer">` : '<a>';
        } else out += `<${name}>`;
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropDepth > 0 || truncated) return;
        const room = budget - textLength;
        if (text.length > room) {
          out += `${escapeHtml(text.slice(0, room).trimEnd())}…`;
          truncated = true;
          return;
        }
        textLength += text.length;
        out += escapeHtml(text);
      },
      onclosetag(name) {
        if (DROPPED.has(name)) {
          dropDepth = Math.max(0, dropDepth - 1);
          return;
        }
        if (dropDepth > 0 || VOID.has(name)) return;
        const at = open.lastIndexOf(name);
        if (at === -1 || truncated) return;
        // Close anything left open inside it, so the output is always well nested.
        while (open.length > at) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out.replace(/^(\s|<br>)+|(\s|<br>)+$/g, '');
}

/** Plain text of an HTML fragment (for titles and for finding ticker mentions). */
export function htmlToText(html: string): string {
  let text = '';
  let dropDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (DROPPED.has(name)) dropDepth++;
        else if (name === 'br' || name === 'p' || name === 'li') text += ' ';
      },
      ontext(data) {
        if (dropDepth === 0) text += data;
      },
      onclosetag(name) {
        if (DROPPED.has(name)) dropDepth = Math.max(0, dropDepth - 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}
