/*
 * The page's first screen, in the first response (issue 20): the app's shell (header with the brand,
 * footer) and the page's own layout as skeleton blocks, drawn by the main stylesheet alone before any
 * script runs. The app replaces it with itself once its first route is ready (web/src/main.tsx), in the
 * same places: the home and screener headings are the app's texts, a security page's blocks are those of
 * its loading state (SecurityFallback in web/src/features/stock/security-load.tsx). Never a blank page or
 * a full-page spinner.
 */
export type SkeletonKind = 'home' | 'screener' | 'security' | 'other';

export interface SkeletonTexts {
  appName: string;
  homeHref: string;
  skipToContent: string;
  loading: string;
  footer: string;
  /** The page's heading and lead, when the server knows them (home, screener). */
  heading?: { title: string; lead: string };
  /** The home page's panel titles and its way into the screener (static texts, drawn whole). */
  home?: {
    cards: string;
    movers: string;
    sectors: string;
    exDividends: string;
    news: string;
    analysis: string;
    screener: { title: string; body: string; open: string; href: string };
  };
  /** The demo-data banner (web/src/app/demo-banner.tsx) while the demo universe is in use. */
  demo?: { label: string; body: string; asOf: string | null };
}

type Escape = (text: string) => string;

const block = (height: number) =>
  `<div class="skeleton skeleton--block" style="height:${height}px" aria-hidden="true"></div>`;
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
  // Each block as tall as what replaces it on a desktop screen (the crypto strip, the eight quote cards,
  // the movers, sectors and ex-dividend panels), so the page does not jump when the app draws it: the
  // first screen's layout shift was 0.8 with the cards and news alone.
  // A panel's body ends with its source line (28 px with its gap), drawn here as part of each block.
  const cards = Array.from({ length: 8 }, () => block(216)).join('');
  return [
    block(35),
    panel(home.cards, `<div class="page-skeleton__cards">${cards}</div>${block(16)}`, escapeText),
    '<div class="page-skeleton__columns">',
    panel(home.movers, block(243), escapeText),
    panel(home.sectors, block(484), escapeText),
    panel(home.exDividends, block(484), escapeText),
    '</div>',
    '<div class="page-skeleton__columns">',
    panel(home.news, lines(6), escapeText),
    panel(home.analysis, lines(6), escapeText),
    panel(
      entry.title,
      `<div class="screener-entry"><p>${escapeText(entry.body)}</p><a class="button page-skeleton__cta" href="${escapeText(entry.href)}">${escapeText(entry.open)}</a></div>`,
      escapeText,
      'screener-entry',
    ),
    '</div>',
  ].join('');
}

function pageBody(kind: SkeletonKind, texts: SkeletonTexts, escapeText: Escape): string {
  const heading = texts.heading
    ? `<header><h1 class="page-skeleton__title">${escapeText(texts.heading.title)}</h1><p>${escapeText(texts.heading.lead)}</p></header>`
    : '';
  switch (kind) {
    case 'home':
      return `${heading}${homeBody(texts, escapeText)}`;
    case 'screener':
      return `${heading}${block(56)}${lines(10)}`;
    case 'security':
      return `${block(64)}<div class="page-skeleton__grid">${block(420)}${block(420)}</div>`;
    default:
      return `${block(64)}${block(320)}${lines(4)}`;
  }
}

/** The markup that goes inside #root. */
export function skeletonHtml(kind: SkeletonKind, texts: SkeletonTexts, escapeText: Escape): string {
  return [
    '<div class="app">',
    `<a class="skip-link" href="#main">${escapeText(texts.skipToContent)}</a>`,
    '<header class="app-header">',
    `<a href="${escapeText(texts.homeHref)}" class="brand"><img src="/favicon.svg" alt="" width="24" height="24" /><span>${escapeText(texts.appName)}</span></a>`,
    '<div class="skeleton app-header__skeleton" aria-hidden="true"></div>',
    '</header>',
    texts.demo ? demoBanner(texts.demo, escapeText) : '',
    '<main id="main" class="app-main" tabindex="-1">',
    `<div class="page page-skeleton" aria-busy="true"><span class="visually-hidden" role="status">${escapeText(texts.loading)}</span>`,
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
