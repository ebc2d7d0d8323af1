import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SKELETON_SIZES, type SkeletonKind, type SkeletonTexts, skeletonHtml } from './page-skeleton.ts';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src');
const read = (file: string) => fs.readFileSync(path.join(webSrc, file), 'utf8');
/*
 * The stylesheets of the app's first bundle (main.tsx and the shell import them), all linked from the
 * first response: the server's first screen is drawn with these alone.
 */
const firstResponseCss = [
  'styles.css',
  'first-screen.css',
  'ui/ui.css',
  'ui/header-settings.css',
  'features/search/search.css',
  'app/demo-banner.css',
]
  .map(read)
  .join('\n');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const texts: SkeletonTexts = {
  appName: 'Ledgerlight',
  homeHref: '/',
  skipToContent: 'Skip to content',
  loading: 'Loading',
  footer: 'Data for information only, not investment advice.',
  heading: { title: 'Markets at a glance', lead: 'Prices, dividends & news' },
  home: {
    cards: 'Largest stocks',
    movers: 'Market movers',
    sectors: 'Sector performance',
    exDividends: 'Next ex-dividend dates',
    news: 'Latest news',
    analysis: 'Analysis',
    screener: {
      title: 'Screen green stocks',
      body: 'Filter by yield',
      open: 'Open the screener',
      href: '/green-stocks',
    },
  },
  demo: { label: 'Demo data', body: 'Made-up companies', asOf: 'Nov 24' },
};
const html = (kind: SkeletonKind) => skeletonHtml(kind, texts, escapeText);
const count = (text: string, part: string) => text.split(part).length - 1;

describe('the first screen the server draws before the app', () => {
  it('draws the home page with the app’s own layout classes and the loading sizes, no height of its own', () => {
    const home = html('home');
    expect(home).toContain('<div class="page home page-skeleton" aria-busy="true">');
    expect(home).toContain('<header class="home__intro"><h1 class="page-skeleton__title">Markets at a glance</h1>');
    expect(home).toContain('Prices, dividends &amp; news');
    expect(count(home, '<div class="home__columns">')).toBe(2);
    // Eight cards in the grid QuoteCardsSkeleton draws, then their as-of line.
    expect(home).toContain(
      '<div class="quote-cards-skeleton" aria-hidden="true"><div class="quote-cards-skeleton__grid">',
    );
    expect(count(home, 'skeleton--quote-card"')).toBe(8);
    for (const size of ['crypto-strip', 'cards-as-of', 'movers', 'sectors', 'ex-dividends'])
      expect(count(home, `skeleton--${size}"`), size).toBe(1);
    expect(count(home, 'skeleton--news"')).toBe(2);
    // The sizes are the stylesheet's, at each breakpoint: none written into the page.
    expect(home).not.toContain('style="height');
    expect(home).toContain('<a class="button" href="/green-stocks">Open the screener</a>');
  });

  it('draws a stock’s page with its tabs and a coin’s without, as SecurityFallback does', () => {
    const stock = html('stock');
    const coin = html('crypto');
    const blocks = (page: string) => [...page.matchAll(/skeleton--([a-z-]+)"/g)].map((match) => match[1]);
    expect(blocks(stock)).toEqual(['stock-header', 'stock-tabs', 'stock-price', 'stock-stats']);
    expect(blocks(coin)).toEqual(['coin-header', 'coin-price', 'coin-stats']);
    expect(stock).toContain('<div class="security-grid">');
    expect(stock).not.toContain('style="height');
  });

  it('names the security in its heading when the server knows it, the page’s largest text from the first paint', () => {
    const named = skeletonHtml('stock', { ...texts, security: { ticker: 'ACME', name: 'Acme <Tools>' } }, escapeText);
    expect(named).toContain(
      '<div class="security-skeleton-header skeleton--stock-header"><h1 data-security-ticker="ACME">Acme &lt;Tools></h1></div>',
    );
    expect(named).not.toContain('skeleton skeleton--block skeleton--stock-header');
    // The heading's size is the loaded heading's: one rule for both (first-screen.css).
    expect(read('first-screen.css')).toMatch(/\.security-header h1,\s*\.security-skeleton-header h1 \{/);
  });

  it('keeps the header’s search box and tools in their places, the search on its own row on a phone', () => {
    const header = html('other').slice(0, html('other').indexOf('</header>'));
    expect(header).toContain('<div class="search" aria-hidden="true">');
    expect(header).toContain('<div class="app-header__tools" aria-hidden="true">');
    // search.css's phone rule, which gives the app's header its second row, applies to the skeleton too.
    expect(firstResponseCss).toMatch(/\.app-header:has\(\.search\)\s*\{\s*flex-wrap: wrap;/);
  });

  it('uses only classes the first response’s stylesheets define', () => {
    const kinds: SkeletonKind[] = ['home', 'screener', 'stock', 'crypto', 'other'];
    const used = new Set(
      kinds.flatMap((kind) =>
        [...html(kind).matchAll(/class="([^"]+)"/g)].flatMap((match) => match[1]?.split(' ') ?? []),
      ),
    );
    const undefinedClasses = [...used].filter((name) => !new RegExp(`\\.${name}(?![\\w-])`).test(firstResponseCss));
    expect(undefinedClasses).toEqual([]);
  });

  it('knows the same block sizes as the app, each with its height in first-screen.css', () => {
    const appSizes = /export type SkeletonSize =([^;]+);/.exec(read('ui/skeleton.tsx'))?.[1] ?? '';
    expect([...appSizes.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]).sort()).toEqual([...SKELETON_SIZES].sort());
    const sizesCss = read('first-screen.css');
    for (const size of SKELETON_SIZES)
      expect(sizesCss, size).toMatch(new RegExp(`\\.skeleton--${size}(?![\\w-])[^{}]*\\{\\s*height: [\\d.]+px;`));
  });
});
