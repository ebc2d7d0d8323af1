import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { queryAppDatabase } from '../support/database.ts';

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/** A stock of the demo universe with a distinctive word in its name to type. */
function someStock(): { ticker: string; name: string } {
  const [row] = queryAppDatabase<{ ticker: string; name: string }>(
    "select ticker, name from securities where kind = 'stock' order by ticker limit 1",
  );
  if (!row) throw new Error('the app database has no stock');
  return row;
}

test.describe('header ticker search', () => {
  test('"/" focuses it; typing lists matches; arrows and Enter open a stock (English, desktop)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const stock = someStock();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search stocks and crypto by ticker or name' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(box).toBeVisible();
    await expect(box).not.toBeFocused();
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.type(stock.ticker.toLowerCase());
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('option').first()).toContainText(stock.ticker);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/search-en-desktop.png` });

    await page.keyboard.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/stocks/${stock.ticker}$`));
    await expect(box).toHaveValue('');
  });

  test('searches by a word of the name and keeps the language (Russian, phone)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const stock = someStock();
    const word = stock.name.split(/\s+/)[0] ?? stock.name;
    await page.goto('/ru/');
    const box = page.getByRole('combobox', { name: 'Поиск акций и криптовалют по тикеру или названию' });
    await box.click();
    await box.fill(word.slice(0, 4));
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/search-ru-phone.png` });
    await page
      .getByRole('option', { name: new RegExp(stock.ticker) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/ru/stocks/${stock.ticker}$`));
  });

  test('says when nothing matches, and Escape clears the box', async ({ page }) => {
    await page.goto('/de/');
    const box = page.getByRole('combobox', { name: 'Aktien und Krypto nach Ticker oder Name suchen' });
    await box.fill('qqqzzzxx');
    await expect(page.getByText('Keine Treffer für „qqqzzzxx“.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(box).toHaveValue('');
  });
});
