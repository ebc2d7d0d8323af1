import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from '../support/axe.ts';

/*
 * Issue 8: every page in English and three other languages (Greek among them), at desktop and phone
 * sizes, with a screenshot each (e2e/artifacts/, gitignored) and no serious or critical axe finding.
 * One browser context per size keeps the run short; pages are visited one after the other in it.
 */
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LANGUAGES = ['en', 'de', 'el', 'fr'] as const;
// Demo universe tickers (server/src/ingest/demo): a dividend payer with filings, and a coin.
const STOCK = 'SOLQ';
const COIN = 'ZETQ';

/** Each page: its path (without the language prefix) and the heading it must show. */
const PAGES: { name: string; path: string; heading: RegExp }[] = [
  { name: 'home', path: '/', heading: /./ },
  { name: 'stock-overview', path: `/stocks/${STOCK}`, heading: /Solquarry Power/ },
  { name: 'stock-dividends', path: `/stocks/${STOCK}/dividends`, heading: /Solquarry Power/ },
  { name: 'stock-valuation', path: `/stocks/${STOCK}/valuation`, heading: /Solquarry Power/ },
  { name: 'stock-financials', path: `/stocks/${STOCK}/financials`, heading: /Solquarry Power/ },
  { name: 'stock-news', path: `/stocks/${STOCK}/news`, heading: /Solquarry Power/ },
  { name: 'stock-data', path: `/stocks/${STOCK}/data`, heading: /Solquarry Power/ },
  { name: 'crypto', path: `/crypto/${COIN}`, heading: /Zetaquin/ },
  { name: 'screener', path: '/green-stocks', heading: /./ },
  { name: 'unknown-ticker', path: '/stocks/SOL', heading: /SOL\b/ },
];

const localized = (language: string, pagePath: string) =>
  language === 'en' ? pagePath : pagePath === '/' ? `/${language}` : `/${language}${pagePath}`;

/** Waits until no panel is loading any more and the lazily loaded charts are drawn, so the screenshot shows data. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
}

async function visitAll(browser: Browser, size: keyof typeof SIZES): Promise<void> {
  const context = await browser.newContext({ viewport: SIZES[size] });
  const page = await context.newPage();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const failures: string[] = [];
  for (const language of LANGUAGES) {
    for (const entry of PAGES) {
      await page.goto(localized(language, entry.path));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${ARTIFACTS}/pages-${entry.name}-${language}-${size}.png`, fullPage: true });
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`${language} ${entry.path}:\n${describeViolations(violations)}`);
    }
  }
  await context.close();
  expect(failures, failures.join('\n\n')).toEqual([]);
}

test.describe('pages in four languages', () => {
  // 40 page visits per size, each with an axe run: more than the default 30 s.
  test.describe.configure({ timeout: 240_000 });

  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    test(`every page at ${size} size has its heading and no serious accessibility finding`, async ({ browser }) => {
      await visitAll(browser, size);
    });
  }

  test('an unknown ticker shows suggestions and reports ticker_not_found', async ({ page }) => {
    const events = page.waitForRequest(
      (request) => request.url().endsWith('/api/events') && request.postData()?.includes('ticker_not_found') === true,
    );
    await page.goto('/stocks/SOL');
    await expect(page.getByRole('heading', { level: 1, name: /SOL\b/ })).toBeVisible();
    expect(JSON.parse((await events).postData() ?? '{}')).toMatchObject({
      name: 'ticker_not_found',
      props: { ticker: 'SOL' },
    });
    await page.getByRole('link', { name: /SOLQ/ }).click();
    await expect(page).toHaveURL(/\/stocks\/SOLQ$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Solquarry Power' })).toBeVisible();
  });

  test('tabs live in the URL, compare adds a line, and a coin under /stocks moves to /crypto', async ({ page }) => {
    await page.goto(`/stocks/${STOCK}`);
    await page.getByRole('tab', { name: 'Dividends' }).click();
    await expect(page).toHaveURL(new RegExp(`/stocks/${STOCK}/dividends$`));
    await expect(page.getByRole('heading', { name: 'Dividend calendar' })).toBeVisible();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('textbox', { name: 'Compare with' }).fill('qntm');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/compare=QNTM/);
    await expect(page.getByRole('button', { name: 'Remove QNTM' })).toBeVisible();
    await page.goto(`/de/stocks/${COIN}`);
    await expect(page).toHaveURL(new RegExp(`/de/crypto/${COIN}$`));
  });
});
