import type { Page } from '@playwright/test';

/*
 * A chart is made only when it comes within a window's height of the view (web/src/ui/near-viewport.ts):
 * on load, the ones further down the page are still boxes. A test that checks every chart on a page
 * scrolls through it first, a window at a time, as a reader would, then back to the top.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    // The page grows as charts are made (their legends): its height is read again at every step.
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
      window.scrollTo(0, top);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
}
