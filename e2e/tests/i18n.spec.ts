import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { queryAppDatabase } from '../support/database.ts';
import { brokenWordsAt } from '../support/word-breaks.ts';

/*
 * Every visible word in the page's language (issue 23). A word is English when the English texts use it
 * (the locale files, the English demo news, a demo coin's English description) and the page's language
 * never does (its locale files, its demo news, its month names); names are exempt: tickers, company and
 * coin names, exchanges, the app's name.
 */
const LOCALES = path.resolve(import.meta.dirname, '../../web/public/locales');
const WORD = /\p{L}{3,}/gu;

function words(text: string): string[] {
  return (text.replace(/\{\{\s*\w+\s*\}\}/g, ' ').match(WORD) ?? []).map((word) => word.toLowerCase());
}

function localeWords(language: string): Set<string> {
  const out = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') for (const word of words(value)) out.add(word);
    else if (value && typeof value === 'object') for (const child of Object.values(value)) visit(child);
  };
  for (const file of fs.readdirSync(path.join(LOCALES, language)))
    visit(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')));
  return out;
}

/** Names that are the same in every language, longest first (so "Solquarry Power" goes before "Power"). */
function names(): string[] {
  const rows = queryAppDatabase<{ ticker: string; name: string; exchange: string | null }>(
    'select ticker, name, exchange from securities',
  );
  const all = new Set(['Ledgerlight', ...rows.flatMap((r) => [r.ticker, r.name, r.exchange ?? ''])].filter(Boolean));
  return [...all].sort((a, b) => b.length - a.length);
}

/** The text a reader sees (and hears): text nodes that are rendered, placeholders; code and English quotes aside. */
async function pageText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, code, pre, [translate="no"], [lang="en"]')) continue;
      if (!element.checkVisibility()) continue;
      out.push(node.textContent ?? '');
    }
    for (const field of Array.from(
      document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'),
    ))
      if (field.checkVisibility()) out.push(field.placeholder);
    return out;
  });
}

/** The URL of the stock's demo news feed, once the refresher has read it (it registers after the first load). */
async function companyFeed(page: Page): Promise<string> {
  const links = await (await page.request.get(`/api/data/company/${STOCK}/links`)).json();
  const feed = (links.links as { kind: string; url: string }[]).find((link) => link.kind === 'news_feed');
  expect(feed, `${STOCK} has a demo news feed`).toBeDefined();
  const url = `/api/rss/?url=${encodeURIComponent(feed?.url ?? '')}&limit=50`;
  await expect
    .poll(async () => (await (await page.request.get(url)).json()).total, { timeout: 60_000 })
    .toBeGreaterThan(0);
  return url;
}

/** The words of the demo news (home, analysis, the stock's) and a demo coin's description in a language. */
async function demoWords(page: Page, language: string, stockFeed: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const kind of ['home', 'analysis']) {
    const body = await (await page.request.get(`/api/rss/${kind}?locale=${language}&limit=50&skip=0`)).json();
    for (const item of body.items as { title: string }[]) for (const word of words(item.title)) out.add(word);
  }
  const news = await (await page.request.get(`${stockFeed}&locale=${language}`)).json();
  for (const text of [
    news.feed.title,
    ...news.items.flatMap((i: { title: string; summary: string }) => [i.title, i.summary]),
  ])
    for (const word of words(text)) out.add(word);
  const coin = await (await page.request.get(`/api/data/company?ticker=QBTZ&lang=${language}`)).json();
  for (const word of words(coin.description)) out.add(word);
  return out;
}

/** Month and weekday names as the language writes dates (Turkish "May" is a short month, not English). */
function calendarWords(language: string): Set<string> {
  const out = new Set<string>();
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2024, month, 10));
    for (const style of ['short', 'long'] as const)
      for (const word of words(new Intl.DateTimeFormat(language, { month: style, weekday: style }).format(day)))
        out.add(word);
  }
  return out;
}

const STOCK = 'SOLQ';
const PAGES = ['', '/green-stocks', `/stocks/${STOCK}`, '/crypto/QBTZ'];

/** A locale file's text at a dotted key. */
function localeText(language: string, namespace: string, key: string): string {
  let node: unknown = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}.json has no text at ${key}`);
  return node;
}

for (const language of ['de', 'el']) {
  test(`no English word on the main pages in ${language}`, async ({ page }) => {
    test.setTimeout(150_000);
    const stockFeed = await companyFeed(page);
    const own = new Set([
      ...localeWords(language),
      ...(await demoWords(page, language, stockFeed)),
      ...calendarWords(language),
    ]);
    const english = new Set([...localeWords('en'), ...(await demoWords(page, 'en', stockFeed))]);
    const exempt = names();
    const found = new Map<string, string>();
    // Issue 33: no header or name broken inside a word, on a small laptop and on a phone.
    const broken: Record<string, Record<number, string[]>> = {};
    const check = async (where: string) => {
      // The main content, not its skeleton: every panel settled.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      const atWidths = await brokenWordsAt(page, [1000, 390]);
      if (Object.keys(atWidths).length > 0) broken[where] = atWidths;
      for (let text of await pageText(page)) {
        for (const name of exempt) if (text.includes(name)) text = text.replaceAll(name, ' ');
        for (const word of words(text))
          if (english.has(word) && !own.has(word) && !found.has(word)) found.set(word, `${where}: ${text.trim()}`);
      }
    };
    for (const pagePath of PAGES) {
      await page.goto(`/${language}${pagePath}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(pagePath || '/');
      if (pagePath !== `/stocks/${STOCK}`) continue;
      // The News tab of the same page (no new page load): the demo company's news in the page's language.
      await page.getByRole('tab', { name: localeText(language, 'stock', 'tabs.news') }).click();
      await expect(page.locator('.news-item').first()).toBeVisible({ timeout: 20_000 });
      await check(`${pagePath}/news`);
    }
    expect([...found.values()]).toEqual([]);
    expect(broken).toEqual({});
  });
}

test('the language menu follows the arrow keys', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/green-stocks?flags=water');
  const button = page.getByRole('button', { name: /Language: English/ });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: /English/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: /Magyar/ })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('link', { name: /Afrikaans/ })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByRole('link', { name: /English/ })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('link', { name: /Русский/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ru\/green-stocks\?flags=water$/);
  await page.getByRole('button', { name: /RU/ }).first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /Afrikaans/ })).toBeHidden();
  await expect(page.getByRole('button', { name: /RU/ }).first()).toBeFocused();
});

test('the unknown-ticker page reads right with suggestions and without', async ({ page }) => {
  // "SOL" is no ticker (demo tickers have a Q or a Z) but starts one: the search suggests it.
  await page.goto('/stocks/SOL');
  await expect(page.getByRole('heading', { level: 1, name: 'No stock or coin called “SOL”' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Did you mean one of these?' })).toBeVisible();
  await expect(page.getByRole('link', { name: /SOLQ Solquarry Power/ })).toBeVisible();
  await page.goto('/de/stocks/WXYWXY');
  await expect(page.getByText('Nichts mit ähnlichem Ticker oder Namen gefunden.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  await expect(
    page.getByText('Prüfen Sie die Schreibweise oder nutzen Sie die Suche oben.', { exact: false }),
  ).toBeVisible();
});
