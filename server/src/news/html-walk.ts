import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/*
 * A bounded walk over an HTML fragment, for the sanitiser and the title text. htmlparser2's Parser keeps
 * its open elements with Array.unshift and finds a closing tag with indexOf over all of them: 600,000
 * nested unclosed <b> took 520 s (issue 21). This walk uses only its Tokenizer (one pass over the input)
 * and keeps its own stack of open elements, at most MAX_DEPTH deep, so every token costs at most
 * MAX_DEPTH steps. Deeper nesting, more than MAX_ELEMENTS elements, or a visitor asking to stop ends the
 * walk there (the fragment is cut, like a long text); the tokenizer is paused and reads no further.
 *
 * Elements whose content is never text for a reader (scripts, styles, frames, SVG, MathML, ...) are not
 * reported, nor is anything inside them (unless the caller names others); comments, CDATA sections and
 * processing instructions are never reported.
 */

/** Open elements kept at once; a fragment nested deeper is cut at that depth. */
export const MAX_DEPTH = 64;
/** Elements opened in one fragment; the rest of a fragment with more is cut. */
export const MAX_ELEMENTS = 5000;

/** Elements whose content is never text for a reader (or is dangerous): dropped whole. */
export const DROPPED = new Set([
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
  'noframes',
  'textarea',
  'select',
  'title',
  'head',
  'xmp',
  'plaintext',
]);

const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'image',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

// An opening tag closes these when they are the innermost open element (the HTML rule, as htmlparser2's
// Parser applies it), so `<p>a<p>b` reads as two paragraphs, not one inside the other.
const CLOSES_P = new Set(['p']);
const IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['p', CLOSES_P],
  ['li', new Set(['li'])],
  ['a', new Set(['a'])],
  ...['blockquote', 'div', 'ul', 'ol', 'pre', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'section'].map(
    (name): [string, ReadonlySet<string>] => [name, CLOSES_P],
  ),
]);

/** Elements whose attributes are read (links and <link>); every other element's are skipped unread. */
const WITH_ATTRIBUTES = new Set(['a', 'link']);

export interface HtmlVisitor {
  /**
   * An element opened outside dropped content, with its attributes when it is an `a` or a `link`
   * (names lower case, the first of a repeated name). Return false to stop the walk.
   */
  open(name: string, attributes: Readonly<Record<string, string>>): boolean;
  /** An element reported by `open` closes (explicitly, implied, or at the end of the fragment). */
  close(name: string): void;
  /** Decoded text outside dropped content. Return false to stop the walk. */
  text(text: string): boolean;
  /** The walk stops at a limit (depth or element count), before the open elements are closed. */
  cut?(): void;
}

export interface WalkStats {
  /** Tokens seen plus stack steps taken: what the walk costs, counted (linear in the input). */
  steps: number;
  /** Why the walk ended early, if it did. */
  cut?: 'depth' | 'elements' | 'visitor';
}

interface Open {
  name: string;
  /** Inside a dropped element (this one or an ancestor): nothing is reported. */
  dropped: boolean;
}

export interface WalkOptions {
  /** Filled with the walk's cost. */
  stats?: WalkStats;
  /** Elements reported with nothing inside them; DROPPED unless given (feed discovery reads <head>). */
  drop?: ReadonlySet<string>;
}

export function walkHtml(html: string, visitor: HtmlVisitor, options: WalkOptions = {}): WalkStats {
  const stats = options.stats ?? { steps: 0 };
  const drop = options.drop ?? DROPPED;
  const stack: Open[] = [];
  /** How many of each name are open: a closing tag with none open costs one step, not a stack search. */
  const openCount = new Map<string, number>();
  let elements = 0;
  let tag = '';
  let attributes: Record<string, string> = {};
  /** The attribute being read, or null when its element's attributes are not read. */
  let attribute: string | null = null;
  let value = '';
  let stopped = false;
  const droppedNow = () => stack.length > 0 && (stack[stack.length - 1] as Open).dropped;

  const stop = (why: WalkStats['cut']) => {
    stopped = true;
    stats.cut = why;
    tokenizer.pause();
    if (why !== 'visitor') visitor.cut?.();
  };
  const pop = () => {
    const element = stack.pop() as Open;
    openCount.set(element.name, (openCount.get(element.name) ?? 1) - 1);
    stats.steps++;
    if (!element.dropped) visitor.close(element.name);
  };
  const emitText = (data: string) => {
    stats.steps++;
    if (stopped || droppedNow() || data === '') return;
    if (!visitor.text(data)) stop('visitor');
  };
  const openElement = (name: string) => {
    if (stopped) return;
    elements++;
    if (elements > MAX_ELEMENTS) return stop('elements');
    const closes = IMPLIES_CLOSE.get(name);
    while (closes && stack.length > 0 && closes.has((stack[stack.length - 1] as Open).name)) pop();
    const dropped = droppedNow() || drop.has(name);
    if (VOID.has(name)) {
      if (!dropped && !visitor.open(name, attributes)) stop('visitor');
      return;
    }
    if (stack.length >= MAX_DEPTH) return stop('depth');
    stack.push({ name, dropped });
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (!dropped && !visitor.open(name, attributes)) stop('visitor');
  };
  const closeElement = (name: string) => {
    if (stopped) return;
    if (VOID.has(name)) {
      // Browsers read a stray </br> as <br>.
      if (name === 'br' && !droppedNow() && !visitor.open('br', {})) stop('visitor');
      return;
    }
    if (!openCount.get(name)) return;
    for (let at = stack.length - 1; at >= 0; at--) {
      stats.steps++;
      if ((stack[at] as Open).name !== name) continue;
      while (stack.length > at) pop();
      return;
    }
  };

  const callbacks: TokenizerCallbacks = {
    onattribdata(start, end) {
      stats.steps++;
      if (attribute !== null) value += html.slice(start, end);
    },
    onattribentity(codepoint) {
      stats.steps++;
      if (attribute !== null) value += String.fromCodePoint(codepoint);
    },
    onattribend() {
      stats.steps++;
      if (attribute !== null && !Object.hasOwn(attributes, attribute)) attributes[attribute] = value;
      value = '';
    },
    onattribname(start, end) {
      stats.steps++;
      attribute = WITH_ATTRIBUTES.has(tag) ? html.slice(start, end).toLowerCase() : null;
    },
    oncdata() {
      stats.steps++;
    },
    onclosetag(start, end) {
      stats.steps++;
      closeElement(html.slice(start, end).toLowerCase());
    },
    oncomment() {
      stats.steps++;
    },
    ondeclaration() {
      stats.steps++;
    },
    onend() {
      stats.steps++;
    },
    onopentagend() {
      stats.steps++;
      openElement(tag);
    },
    onopentagname(start, end) {
      stats.steps++;
      tag = html.slice(start, end).toLowerCase();
      attributes = {};
    },
    onprocessinginstruction() {
      stats.steps++;
    },
    onselfclosingtag() {
      stats.steps++;
      openElement(tag);
      if (!VOID.has(tag)) closeElement(tag);
    },
    ontext(start, end) {
      emitText(html.slice(start, end));
    },
    ontextentity(codepoint) {
      emitText(String.fromCodePoint(codepoint));
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true, recognizeSelfClosing: true }, callbacks);
  tokenizer.write(html);
  if (!stopped) tokenizer.end();
  while (stack.length > 0) pop();
  return stats;
}
