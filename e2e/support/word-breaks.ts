import type { Page } from '@playwright/test';

/**
 * The words of the page's main content that are drawn over more than one line: broken inside the word
 * (issue 33: "Amoun/t", sector names wrapped letter by letter on a phone). Each word's range gives one
 * box per line it is drawn on; a word is split at hyphens and slashes, where a line may end. Hidden text
 * (screen-reader only, aria-hidden, charts) is left out, and so is a word cut with an ellipsis (one line).
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.visually-hidden, [aria-hidden="true"], svg, canvas, pre, code, [hidden]'))
        continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-‐–—/]+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.bottom)),
        );
        if (lines.size > 1)
          found.push(`${match[0]} (in <${parent.tagName.toLowerCase()} class="${parent.className}">)`);
      }
    }
    return found;
  });
}

/** The words broken at each of `widths`, the page resized in place (no reload), keyed by width. */
export async function brokenWordsAt(page: Page, widths: readonly number[]): Promise<Record<number, string[]>> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const out: Record<number, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize({ width, height: size.height });
    // Container queries and resize observers settle within a couple of frames.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const broken = await brokenWords(page);
    if (broken.length > 0) out[width] = broken;
  }
  await page.setViewportSize(size);
  return out;
}
