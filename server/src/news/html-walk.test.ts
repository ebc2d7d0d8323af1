import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_ELEMENTS, type WalkStats, walkHtml } from './html-walk.ts';
import { htmlToText, sanitizeHtml } from './sanitize-html.ts';

/** A small seeded generator (mulberry32): the same fragments on every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The pieces hostile summaries are made of: unclosed and stray tags, dropped elements, comments, entities,
// attributes, self-closing forms, text.
const PIECES = [
  '<b>',
  '<i>',
  '<p>',
  '<li>',
  '<div>',
  '<span>',
  '</b>',
  '</x>',
  '</div>',
  '</p>',
  '</br>',
  '<br>',
  '<br/>',
  '<b/>',
  '<a href="/x?a=1&amp;b=2">',
  '</a>',
  '<script>',
  '</script>',
  '<svg>',
  '</svg>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '&amp;',
  '&#x41;',
  '&nbsp',
  'text ',
  '<',
  '>',
  '<img src=x onerror=y>',
];

function fragment(seed: number, length: number): string {
  const next = random(seed);
  let html = '';
  while (html.length < length) html += PIECES[Math.floor(next() * PIECES.length)];
  return html;
}

/** Blocks repeated: the shapes that made htmlparser2's Parser quadratic. */
const SHAPES: [string, (n: number) => string][] = [
  ['nested unclosed tags', (n) => '<b>'.repeat(n)],
  ['nested unclosed unknown tags', (n) => '<span>'.repeat(n)],
  ['deep open then stray closes', (n) => `${'<b>'.repeat(MAX_DEPTH - 1)}${'</x>'.repeat(n)}`],
  ['deep open then matching closes', (n) => `${'<i><b>'.repeat(n)}${'</i>'.repeat(n)}`],
  ['open and close pairs', (n) => '<b></b>'.repeat(n)],
  ['line breaks', (n) => '<br>'.repeat(n)],
  ['paragraphs implying closes', (n) => '<p>x'.repeat(n)],
  ['dropped elements nested', (n) => '<svg><g>'.repeat(n)],
];

function stepsOf(html: string, walk: 'sanitize' | 'walk'): number {
  const stats: WalkStats = { steps: 0 };
  // A text budget as long as the input, so it does not end the walk early: the structure is measured.
  if (walk === 'sanitize') sanitizeHtml(html, { stats, maxTextLength: html.length + 1 });
  else walkHtml(html, { open: () => true, close: () => undefined, text: () => true }, { stats });
  return stats.steps;
}

describe('the HTML walk is linear in its input (counted steps, not time)', () => {
  it.each(SHAPES)('%s: steps per character stay bounded as the input grows', (_name, shape) => {
    for (const n of [1_000, 10_000, 100_000]) {
      const html = shape(n);
      // A step is a token or one move on the open-element stack; every character is at most one token.
      expect(stepsOf(html, 'sanitize')).toBeLessThanOrEqual(html.length + 2);
    }
  });

  it('random hostile fragments: doubling the input at most doubles the work (200 seeds)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const small = fragment(seed, 2_000);
      const large = fragment(seed, 4_000);
      const smallSteps = stepsOf(small, 'walk');
      const largeSteps = stepsOf(large, 'walk');
      expect(smallSteps).toBeLessThanOrEqual(small.length + 2);
      expect(largeSteps).toBeLessThanOrEqual(large.length + 2);
      // `large` starts with `small` (same seed): the extra steps are the extra characters' at most.
      expect(largeSteps - smallSteps).toBeLessThanOrEqual(large.length - small.length + MAX_DEPTH + 2);
    }
  });
});

describe('walk limits', () => {
  it('cuts a fragment nested deeper than MAX_DEPTH, closing what it opened', () => {
    const stats: WalkStats = { steps: 0 };
    const out = sanitizeHtml(`${'<b>'.repeat(600_000)}never read`, { stats });
    expect(stats.cut).toBe('depth');
    expect(out).toBe(`${'<b>'.repeat(MAX_DEPTH)}…${'</b>'.repeat(MAX_DEPTH)}`);
  });

  it('cuts a fragment with more than MAX_ELEMENTS elements', () => {
    const stats: WalkStats = { steps: 0 };
    const out = sanitizeHtml(`${'<i>x</i>'.repeat(MAX_ELEMENTS + 10)}`, { stats, maxTextLength: 100_000 });
    expect(stats.cut).toBe('elements');
    expect(out.match(/<i>/g)).toHaveLength(MAX_ELEMENTS);
    expect(out.endsWith('…')).toBe(true);
  });

  it('stops reading once the text budget is spent', () => {
    const stats: WalkStats = { steps: 0 };
    sanitizeHtml(`${'<p>word</p>'.repeat(100_000)}`, { stats, maxTextLength: 40 });
    expect(stats.cut).toBe('visitor');
    expect(stats.steps).toBeLessThan(100);
  });

  it('keeps text inside unknown elements and nothing inside dropped ones, however they nest', () => {
    expect(htmlToText('<div><span>a<svg><p>b</p><script>c</script></svg>d</span></div>e')).toBe('ade');
    expect(sanitizeHtml('<p>a<style><p>x</p></style>b</p>')).toBe('<p>ab</p>');
  });

  it('reads implied closes like a browser: a new paragraph or list item closes the open one', () => {
    expect(sanitizeHtml('<p>one<p>two<ul><li>a<li>b</ul>')).toBe('<p>one</p><p>two</p><ul><li>a</li><li>b</li></ul>');
  });

  it('reads a stray </br> as a line break and a self-closing tag as opened and closed', () => {
    expect(sanitizeHtml('a</br>b<b/>c')).toBe('a<br>b<b></b>c');
  });
});
