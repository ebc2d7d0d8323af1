import { expect, test } from '@playwright/test';
import { queryAppDatabase } from '../support/database.ts';

test('the home page opens in English, unprefixed', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Markets at a glance' })).toBeVisible();
  await expect(page).toHaveTitle(/Ledgerlight/);
});

test('the home page opens in German under /de/', async ({ page }) => {
  await page.goto('/de/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Märkte auf einen Blick' })).toBeVisible();
});

test('switching language keeps the page and changes <html lang>', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('link', { name: /^EL/ }).click();
  await expect(page).toHaveURL(/\/el\/no-such-page$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect(page.getByRole('heading', { name: 'Η σελίδα δεν βρέθηκε' })).toBeVisible();

  await page.getByRole('button', { name: /^Γλώσσα/ }).click();
  await page.getByRole('link', { name: /^EN/ }).click();
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('page views are stored as page_view events', async ({ page }) => {
  // Each view's event must reach the server before the next navigation replaces the page.
  const eventSent = (path: string) =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/events') && r.request().postDataJSON()?.path === path && r.status() === 204,
    );
  const ruSent = eventSent('/ru');
  await page.goto('/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await ruSent;
  const fiSent = eventSent('/fi/');
  await page.goto('/fi/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await fiSent;
  await expect
    .poll(() =>
      queryAppDatabase<{ path: string; language: string }>(
        "select path, language from analytics_events where name = 'page_view' and path in ('/ru', '/fi/')",
      ),
    )
    .toEqual(
      expect.arrayContaining([
        { path: '/ru', language: 'ru' },
        { path: '/fi/', language: 'fi' },
      ]),
    );
});

test('the theme switch applies and is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
});

test('the app runs under its Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/de/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
