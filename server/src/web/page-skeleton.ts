/*
 * The page's first screen, in the first response (issue 20): the app's shell (header with the brand,
 * footer) and the page's own layout as skeleton blocks, drawn by the main stylesheet alone before any
 * script runs. The app replaces it with itself once its first route is ready (web/src/main.tsx), in the
 * same places: the home and screener headings are the app's texts, a security page's blocks are those of
 * its loading state (web/src/routes/security-page.tsx). Never a blank page or a full-page spinner.
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
}

type Escape = (text: string) => string;

const block = (height: number) =>
  `<div class="skeleton skeleton--block" style="height:${height}px" aria-hidden="true"></div>`;
const lines = (count: number) =>
  `<div class="skeleton-lines" aria-hidden="true">${Array.from(
    { length: count },
    (_, i) => `<div class="skeleton skeleton--line" style="width:${92 - ((i * 17) % 40)}%"></div>`,
  ).join('')}</div>`;

function pageBody(kind: SkeletonKind, texts: SkeletonTexts, escape: Escape): string {
  const heading = texts.heading
    ? `<header><h1 class="page-skeleton__title">${escape(texts.heading.title)}</h1><p>${escape(texts.heading.lead)}</p></header>`
    : '';
  switch (kind) {
    case 'home':
      return `${heading}${block(150)}<div class="page-skeleton__grid">${lines(6)}${lines(6)}</div>`;
    case 'screener':
      return `${heading}${block(56)}${lines(10)}`;
    case 'security':
      return `${block(64)}<div class="page-skeleton__grid">${block(420)}${block(420)}</div>`;
    default:
      return `${block(64)}${block(320)}${lines(4)}`;
  }
}

/** The markup that goes inside #root. */
export function skeletonHtml(kind: SkeletonKind, texts: SkeletonTexts, escape: Escape): string {
  return [
    '<div class="app">',
    `<a class="skip-link" href="#main">${escape(texts.skipToContent)}</a>`,
    '<header class="app-header">',
    `<a href="${escape(texts.homeHref)}" class="brand"><img src="/favicon.svg" alt="" width="24" height="24" /><span>${escape(texts.appName)}</span></a>`,
    '<div class="skeleton app-header__skeleton" aria-hidden="true"></div>',
    '</header>',
    '<main id="main" class="app-main" tabindex="-1">',
    `<div class="page page-skeleton" aria-busy="true"><span class="visually-hidden" role="status">${escape(texts.loading)}</span>`,
    pageBody(kind, texts, escape),
    '</div></main>',
    `<footer class="app-footer"><p>${escape(texts.footer)}</p></footer>`,
    '</div>',
  ].join('');
}
