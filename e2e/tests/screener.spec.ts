import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { queryAppDatabase } from '../support/database.ts';

// Screenshots kept as test artifacts (gitignored), beside the specs whatever the working directory.
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Green stocks in the app's database, as the screener should count them. */
function greenCount(flag?: string): number {
  const where = flag
    ? `${flag} = 1`
    : 'is_green_energy = 1 or is_green_transport = 1 or is_green_water = 1 or is_green_waste = 1';
  const [row] = queryAppDatabase<{ n: number }>(
    `select count(*) as n from indicators where kind = 'stock' and (${where})`,
  );
  return row?.n ?? 0;
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

const rows = (page: Page) => page.locator('table.data-table tbody tr');

test.describe('green-stocks screener', () => {
  test('filters, sorts, pages, changes columns, keeps it all in the URL and exports CSV (English, desktop)', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/green-stocks');
    await expect(page.getByRole('heading', { level: 1, name: 'Green stocks screener' })).toBeVisible();
    await expect(page).toHaveTitle('Green stocks screener · Ledgerlight');
    const total = greenCount();
    expect(total).toBeGreaterThan(0);
    await expect(page.getByText(`Matching stocks: ${total}`)).toBeVisible();
    await expect(rows(page)).toHaveCount(Math.min(total, 25));
    await shot(page, 'screener-en-desktop');

    // A flag narrows the list, and the URL says so.
    await page.getByRole('switch', { name: 'Green energy' }).click();
    await expect(page.getByRole('switch', { name: 'Green energy' })).toBeChecked();
    await expect(page).toHaveURL(/flags=energy/);
    const energy = greenCount('is_green_energy');
    await expect(page.getByText(`Matching stocks: ${energy}`)).toBeVisible();
    await page.getByRole('switch', { name: 'Green energy' }).click();
    await expect(page.getByRole('switch', { name: 'Green energy' })).not.toBeChecked();
    await expect(page.getByText(`Matching stocks: ${total}`)).toBeVisible();

    // Sort by yield: largest first on the first click, smallest first on the second.
    const yieldHeader = page.getByRole('columnheader', { name: /Yield/ });
    await yieldHeader.getByRole('button').click();
    await expect(yieldHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=dividendYieldPct&dir=desc/);
    await yieldHeader.getByRole('button').click();
    await expect(yieldHeader).toHaveAttribute('aria-sort', 'ascending');

    // Paging: 10 rows per page (the demo universe has more than 10 green stocks), then the next page.
    expect(total).toBeGreaterThan(10);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await expect(page).toHaveURL(/size=10/);
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();
    await expect(rows(page)).toHaveCount(Math.min(total - 10, 10));

    // Columns: hide Sector, show P/B.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Sector' }).click();
    await expect(page.getByRole('checkbox', { name: 'Sector' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'P/B' }).click();
    await expect(page.getByRole('checkbox', { name: 'P/B' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: /P\/B/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Sector/ })).toHaveCount(0);
    await expect(page).toHaveURL(/cols=/);

    // A reload (or a shared link) shows the same state.
    await page.getByRole('switch', { name: 'Water' }).click();
    await expect(page.getByRole('switch', { name: 'Water' })).toBeChecked();
    await expect(page).toHaveURL(/flags=water/);
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByRole('switch', { name: 'Water' })).toBeChecked();
    await expect(page.getByRole('columnheader', { name: /Yield/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('columnheader', { name: /P\/B/ })).toBeVisible();
    const water = greenCount('is_green_water');
    await expect(page.getByText(`Matching stocks: ${water}`)).toBeVisible();

    // The back button undoes the last change.
    await page.goBack();
    await expect(page.getByRole('switch', { name: 'Water' })).not.toBeChecked();
    await page.goForward();
    await expect(page.getByRole('switch', { name: 'Water' })).toBeChecked();

    // CSV of the whole current result, with the chosen columns.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('green-stocks.csv');
    const csv = fs.readFileSync(await file.path(), 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Ticker,Name');
    expect(lines[0]).toContain('P/B');
    expect(lines[0]).not.toContain('Sector');
    expect(lines).toHaveLength(water + 1);

    // A ticker links to its stock page in the same language.
    const firstTicker = rows(page).first().getByRole('link');
    const ticker = (await firstTicker.textContent())?.trim();
    await expect(firstTicker).toHaveAttribute('href', `/stocks/${ticker}`);
  });

  test('works in Greek on a phone, with the page title and texts translated', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/el/green-stocks');
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await expect(page.getByRole('heading', { level: 1, name: 'Εργαλείο εύρεσης πράσινων μετοχών' })).toBeVisible();
    await expect(page).toHaveTitle(/Εργαλείο εύρεσης πράσινων μετοχών/);
    await page.getByRole('switch', { name: 'Νερό' }).click();
    await expect(page.getByRole('switch', { name: 'Νερό' })).toBeChecked();
    await expect(page).toHaveURL(/\/el\/green-stocks\?flags=water/);
    await expect(page.getByText(`Μετοχές που ταιριάζουν: ${greenCount('is_green_water')}`)).toBeVisible();
    // The table scrolls inside its panel: the page itself never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'screener-el-phone');
  });

  test('opens in Russian and in the dark theme', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/ru/green-stocks?sort=pe&dir=asc');
    await expect(page.getByRole('heading', { level: 1, name: 'Скринер зелёных акций' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /P\/E/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('combobox', { name: 'Тема' }).selectOption('dark');
    await expect(rows(page).first()).toBeVisible();
    await shot(page, 'screener-ru-desktop-dark');
    await page.setViewportSize(PHONE);
    await shot(page, 'screener-ru-phone-dark');
  });

  test('the server sends the screener its own title, description and hreflang links', async ({ request }) => {
    const html = await (await request.get('/de/green-stocks')).text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<title>Screener für grüne Aktien · Ledgerlight</title>');
    expect(html).toMatch(/<link rel="alternate" hreflang="ru" href="[^"]+\/ru\/green-stocks" \/>/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/de\/green-stocks" \/>/);
  });

  for (const { path, name } of [
    { path: '/green-stocks', name: 'screener' },
    { path: '/', name: 'home' },
  ]) {
    test(`the ${name} page has no serious or critical accessibility violation (light and dark)`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (name === 'screener') await expect(rows(page).first()).toBeVisible();
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
      expect(describeViolations(await axeViolations(page))).toBe('');
    });
  }
});
