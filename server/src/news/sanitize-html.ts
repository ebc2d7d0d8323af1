import { type WalkStats, walkHtml } from './html-walk.ts';

/*
 * An allow-list HTML sanitiser for feed summaries. Only a few formatting tags survive, with no
 * attributes except a safe href on links; script-like elements are dropped with their content;
 * every other tag is removed but its text kept. Output text is re-escaped, so whatever the parser
 * decoded cannot turn back into markup. Summaries are cut to a text budget with tags closed properly.
 * The walk (html-walk.ts) is linear in its input: nesting and element counts are bounded.
 */

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre']);

export interface SanitizeOptions {
  /** Longest visible text kept; the rest is cut with an ellipsis. */
  maxTextLength?: number;
  /** Base for relative links (the item's link or the feed URL). */
  baseUrl?: string;
  /** Filled with the walk's cost (tests count it). */
  stats?: WalkStats;
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
  /** Allowed elements written and not closed yet, innermost last (the walk closes them in that order). */
  const open: string[] = [];
  walkHtml(
    html,
    {
      open(name, attributes) {
        if (!ALLOWED.has(name)) return true;
        if (name === 'br') {
          out += '<br>';
          return true;
        }
        if (name === 'a') {
          const safe = safeHref(attributes.href ?? '', options.baseUrl);
          out += safe ? `<a href="${escapeHtml(safe)}" rel="nofollow noopener noreferrer">` : '<a>';
        } else out += `<${name}>`;
        open.push(name);
        return true;
      },
      close(name) {
        if (ALLOWED.has(name) && name !== 'br') out += `</${open.pop()}>`;
      },
      text(text) {
        const room = budget - textLength;
        if (text.length > room) {
          out += `${escapeHtml(text.slice(0, room).trimEnd())}…`;
          return false;
        }
        textLength += text.length;
        out += escapeHtml(text);
        return true;
      },
      cut() {
        // Nested too deep or too many elements: say it was cut, where it was cut.
        out += '…';
      },
    },
    { stats: options.stats },
  );
  return trimBreaks(out);
}

/** Whitespace and <br> removed at both ends (by hand: a regex anchored at the end is quadratic on runs). */
function trimBreaks(html: string): string {
  let start = 0;
  let end = html.length;
  for (;;) {
    if (start < end && /\s/.test(html[start] as string)) start++;
    else if (start + 4 <= end && html.startsWith('<br>', start)) start += 4;
    else break;
  }
  for (;;) {
    if (end > start && /\s/.test(html[end - 1] as string)) end--;
    else if (end - 4 >= start && html.startsWith('<br>', end - 4)) end -= 4;
    else break;
  }
  return html.slice(start, end);
}

/** Plain text of an HTML fragment (titles, ticker mentions), at most `maxLength` characters read. */
export function htmlToText(html: string, maxLength = 10_000): string {
  let text = '';
  walkHtml(html, {
    open(name) {
      if (name === 'br' || name === 'p' || name === 'li') text += ' ';
      return true;
    },
    close() {},
    text(data) {
      text += data;
      return text.length < maxLength;
    },
  });
  return text.slice(0, maxLength).replace(/\s+/g, ' ').trim();
}
