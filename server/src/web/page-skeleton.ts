/*
 * The page's first screen, in the first response (issue 20): the app's shell (header with the brand,
 * footer) and the page's own layout as skeleton blocks, drawn by the main stylesheet alone before any
 * script runs. The app replaces it with itself once its first route is ready (web/src/main.tsx), in the
 * same places: the home and screener headings are the app's texts, a security page's blocks are those of
 * its loading state (SecurityFallback in web/src/features/stock/security-load.tsx). Never a blank page or
 * a full-page spinner.
 *
 * The blocks' sizes are not here: each is a class of web/src/first-screen.css, set at every breakpoint to
 * the loaded box's size, and the app's own loading states use the same classes (web/src/ui/skeleton.tsx).
 */
export type SkeletonKind = 'home' | 'screener' | 'stock' | 'crypto' | 'other';

/** The home page's panel titles and its way into the screener, as the locales' home.json has them. */
export interface HomePanelTexts {
  cards: string;
  movers: string;
  sectors: string;
  exDividends: string;
  news: string;
  analysis: string;
  screener: { title: string; body: string; open: string };
}

/** The block sizes of first-screen.css (web/src/ui/skeleton.tsx has the same list, for the app). */
export const SKELETON_SIZES = [
  'crypto-strip',
  'quote-card',
  'cards-as-of',
  'movers',
  'sectors',
  'ex-dividends',
  'news',
  'stock-header',
  'coin-header',
  'stock-tabs',
  'stock-price',
  'stock-stats',
  'coin-price',
  'coin-stats',
] as const;
type SkeletonSize = (typeof SKELETON_SIZES)[number];

export interface SkeletonTexts {
  appName: string;
  homeHref: string;
  skipToContent: string;
  loading: string;
  footer: string;
  /** The page's heading and lead, when the server knows them (home, screener). */
  heading?: { title: string; lead: string };
  /** The home page's panel titles and its way into the screener (static texts, drawn whole). */
  home?: HomePanelTexts & { screener: { href: string } };
  /** A stock's or a coin's page: its ticker and name, the page's heading (web/src/features/stock/security-load.tsx keeps it). */
  security?: { ticker: string; name: string };
  /** The main navigation (web/src/app/main-nav.tsx), its links in the page's language. */
  nav?: { label: string; menu: string; links: { href: string; text: string; current: boolean }[] };
  /** The demo-data banner (web/src/app/demo-banner.tsx) while the demo universe is in use. */
  demo?: { label: string; body: string; asOf: string | null };
}

type Escape = (text: string) => string;

const block = (height: number) =>
  `<div class="skeleton skeleton--block" style="height:${height}px" aria-hidden="true"></div>`;
const sized = (size: SkeletonSize) =>
  `<div class="skeleton skeleton--block skeleton--${size}" aria-hidden="true"></div>`;
const lines = (count: number) =>
  `<div class="skeleton-lines" aria-hidden="true">${Array.from(
    { length: count },
    (_, i) => `<div class="skeleton skeleton--line" style="width:${92 - ((i * 17) % 40)}%"></div>`,
  ).join('')}</div>`;

/** A panel as web/src/ui/panel.tsx draws it (ui.css is in the first response's styles). */
const panel = (title: string, body: string, escapeText: Escape, className = '') =>
  `<section class="panel${className ? ` ${className}` : ''}"><header class="panel__header"><h2 class="panel__title">${escapeText(title)}</h2></header><div class="panel__body">${body}</div></section>`;

function homeBody(texts: SkeletonTexts, escapeText: Escape): string {
  const home = texts.home;
  if (!home) return `${block(150)}<div class="page-skeleton__grid">${lines(6)}${lines(6)}</div>`;
  const entry = home.screener;
  // The app's home page (web/src/router/pages/home.tsx) in its loading state, block for block: the crypto strip,
  // the eight quote cards (QuoteCardsSkeleton) with their as-of line, the movers, sectors and ex-dividend
  // panels, the news. The first screen's layout shift was 0.8 with the cards and news alone.
  const cards = Array.from({ length: 8 }, () => sized('quote-card')).join('');
  return [
    sized('crypto-strip'),
    panel(
      home.cards,
      `<div class="quote-cards-skeleton" aria-hidden="true"><div class="quote-cards-skeleton__grid">${cards}</div>${sized('cards-as-of')}</div>`,
      escapeText,
    ),
    '<div class="home__columns">',
    panel(home.movers, sized('movers'), escapeText),
    // "sectors": the panel's body is the container its height follows (first-screen.css).
    panel(home.sectors, sized('sectors'), escapeText, 'sectors'),
    panel(home.exDividends, sized('ex-dividends'), escapeText),
    '</div>',
    '<div class="home__columns">',
    panel(home.news, sized('news'), escapeText),
    panel(home.analysis, sized('news'), escapeText),
    panel(
      entry.title,
      `<div class="screener-entry"><p>${escapeText(entry.body)}</p><a class="button" href="${escapeText(entry.href)}">${escapeText(entry.open)}</a></div>`,
      escapeText,
      'screener-entry',
    ),
    '</div>',
  ].join('');
}

/**
 * A stock's or a coin's page as SecurityFallback draws it while the profile loads. The name, when known,
 * is the page's heading from the first paint (its largest text: first paint is the largest paint), and
 * the app keeps it until the page is drawn.
 */
function securityBody(kind: 'stock' | 'crypto', texts: SkeletonTexts, escapeText: Escape): string {
  const stock = kind === 'stock';
  const header = stock ? 'stock-header' : 'coin-header';
  const security = texts.security;
  return [
    security
      ? `<div class="security-skeleton-header skeleton--${header}"><h1 data-security-ticker="${escapeText(security.ticker)}">${escapeText(security.name)}</h1></div>`
      : sized(header),
    stock ? sized('stock-tabs') : '',
    `<div class="security-grid">${sized(stock ? 'stock-price' : 'coin-price')}${sized(stock ? 'stock-stats' : 'coin-stats')}</div>`,
  ].join('');
}

function pageBody(kind: SkeletonKind, texts: SkeletonTexts, escapeText: Escape): string {
  const heading = texts.heading
    ? `<h1 class="page-skeleton__title">${escapeText(texts.heading.title)}</h1><p>${escapeText(texts.heading.lead)}</p>`
    : '';
  switch (kind) {
    case 'home':
      return `${heading ? `<header class="home__intro">${heading}</header>` : ''}${homeBody(texts, escapeText)}`;
    case 'screener':
      return `${heading ? `<header>${heading}</header>` : ''}${block(56)}${lines(10)}`;
    case 'stock':
    case 'crypto':
      return securityBody(kind, texts, escapeText);
    default:
      return `${block(64)}${block(320)}${lines(4)}`;
  }
}

/** The page's own class beside page-skeleton: the home page's layout (first-screen.css) for its blocks. */
const pageClass: Record<SkeletonKind, string> = {
  home: 'page home page-skeleton',
  screener: 'page page-skeleton',
  stock: 'page page-skeleton',
  crypto: 'page page-skeleton',
  other: 'page page-skeleton',
};

/** The markup that goes inside #root. */
export function skeletonHtml(kind: SkeletonKind, texts: SkeletonTexts, escapeText: Escape): string {
  return [
    '<div class="app">',
    `<a class="skip-link" href="#main">${escapeText(texts.skipToContent)}</a>`,
    '<header class="app-header">',
    `<a href="${escapeText(texts.homeHref)}" class="brand"><img src="/favicon.svg" alt="" width="24" height="24" /><span>${escapeText(texts.appName)}</span></a>`,
    // The search box's and the tools' places (the search takes a row of its own on a phone).
    '<div class="search" aria-hidden="true"><div class="skeleton app-header__search-skeleton"></div></div>',
    '<div class="app-header__tools" aria-hidden="true"><div class="skeleton app-header__tools-skeleton"></div></div>',
    '</header>',
    texts.nav ? mainNav(texts.nav, escapeText) : '',
    texts.demo ? demoBanner(texts.demo, escapeText) : '',
    '<main id="main" class="app-main" tabindex="-1">',
    `<div class="${pageClass[kind]}" aria-busy="true"><span class="visually-hidden" role="status">${escapeText(texts.loading)}</span>`,
    pageBody(kind, texts, escapeText),
    '</div></main>',
    `<footer class="app-footer"><p>${escapeText(texts.footer)}</p></footer>`,
    '</div>',
  ].join('');
}

function demoBanner(demo: NonNullable<SkeletonTexts['demo']>, escapeText: Escape): string {
  const asOf = demo.asOf ? `<span class="demo-banner__as-of">${escapeText(demo.asOf)}</span>` : '';
  return `<aside class="demo-banner" aria-label="${escapeText(demo.label)}"><span class="demo-banner__label">${escapeText(demo.label)}</span><span>${escapeText(demo.body)}</span>${asOf}</aside>`;
}

/** The main navigation as web/src/app/main-nav.tsx draws it (its links work before the app has loaded). */
function mainNav(nav: NonNullable<SkeletonTexts['nav']>, escapeText: Escape): string {
  const links = nav.links
    .map(
      (link) =>
        `<li><a href="${escapeText(link.href)}" class="main-nav__link"${link.current ? ' aria-current="page"' : ''}>${escapeText(link.text)}</a></li>`,
    )
    .join('');
  return `<nav class="main-nav" aria-label="${escapeText(nav.label)}"><button type="button" class="button button--ghost main-nav__toggle" aria-expanded="false"><span aria-hidden="true" class="main-nav__icon">☰</span><span class="main-nav__label">${escapeText(nav.menu)}</span></button><ul class="main-nav__list" data-open="false">${links}</ul></nav>`;
}
