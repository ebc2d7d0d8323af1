import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { isCrawler, rememberedLanguageTarget } from './language-redirect.ts';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

describe('a returning reader’s language (issue 33)', () => {
  it('sends "/" alone to the remembered language, never a crawler', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(rememberedLanguageTarget('/', 'de', chrome)).toBe('/de');
    expect(rememberedLanguageTarget('/', 'el', undefined)).toBe('/el');
    expect(rememberedLanguageTarget('/', 'en', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/', 'xx', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/', undefined, chrome)).toBeNull();
    expect(rememberedLanguageTarget('/stocks/ACME', 'de', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/fr', 'de', chrome)).toBeNull();
    const google = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(rememberedLanguageTarget('/', 'de', google)).toBeNull();
  });

  it.each([
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['facebookexternalhit/1.1', true],
    ['Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Chrome-Lighthouse', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36', false],
  ])('tells a crawler by its user agent: %s', (agent, crawler) => {
    expect(isCrawler(agent)).toBe(crawler);
  });
});

describe('addresses the server answers (issue 33)', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'll-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Ledgerlight</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    fs.cpSync(path.join(webPublic, 'locales'), path.join(dist, 'locales'), { recursive: true });
    const [sqlite] = testDatabases();
    if (!sqlite) throw new Error('no SQLite target');
    t = await startTestApp(sqlite, { WEB_DIST_DIR: dist });
    await insertIndicator(t.database.db, { ticker: 'ACME' });
    await insertIndicator(t.database.db, { ticker: 'QBTZ', kind: 'crypto' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/stocks/QBTZ', '/crypto/QBTZ'],
    ['/stocks/qbtz/dividends', '/crypto/QBTZ'],
    ['/de/stocks/QBTZ?range=1y', '/de/crypto/QBTZ?range=1y'],
    ['/crypto/ACME', '/stocks/ACME'],
    ['/el/crypto/acme', '/el/stocks/ACME'],
  ])('moves %s to %s for good', async (url, location) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it.each([
    ['/stocks/ACME', 200],
    ['/stocks/ACME/', 200],
    ['/stocks/ACME/dividends', 200],
    ['/de/stocks/ACME/financials', 200],
    ['/stocks/ACME/overview', 200],
    ['/crypto/QBTZ', 200],
    ['/stocks/ACME/bogus', 404],
    ['/stocks/ACME/dividends/more', 404],
    ['/crypto/QBTZ/dividends', 404],
    ['/fr/stocks/ACME/bogus', 404],
    ['/stocks/NOPE', 404],
  ])('answers %s with %i', async (url, status) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(status);
    if (status === 404) expect(response.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('sends a reader who chose German from "/" to "/de", keyed by cookie; crawlers and other pages stay', async () => {
    const german = await t.app.inject({ url: '/?x=1', cookies: { ll_lang: 'de' } });
    expect(german.statusCode).toBe(302);
    expect(german.headers.location).toBe('/de?x=1');
    expect(german.headers.vary).toContain('Cookie');
    const english = await t.app.inject({ url: '/', cookies: { ll_lang: 'en' } });
    expect(english.statusCode).toBe(200);
    expect(english.headers.vary).toContain('Cookie');
    const first = await t.app.inject('/');
    expect(first.statusCode).toBe(200);
    const crawler = await t.app.inject({
      url: '/',
      cookies: { ll_lang: 'de' },
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(crawler.statusCode).toBe(200);
    const page = await t.app.inject({ url: '/green-stocks', cookies: { ll_lang: 'de' } });
    expect(page.statusCode).toBe(200);
    const french = await t.app.inject({ url: '/fr', cookies: { ll_lang: 'de' } });
    expect(french.statusCode).toBe(200);
  });

  it('draws the main navigation in the first screen, in the page’s language, the current place marked', async () => {
    const html = (await t.app.inject('/de/green-stocks')).body;
    expect(html).toContain('<nav class="main-nav" aria-label="Hauptmenü">');
    expect(html).toContain('<a href="/de/green-stocks" class="main-nav__link" aria-current="page">Aktienfilter</a>');
    expect(html).toContain('<a href="/de#watchlist" class="main-nav__link">Beobachtungsliste</a>');
    expect(html).toContain('<a href="/de/markets" class="main-nav__link">Märkte</a>');
    const stock = (await t.app.inject('/stocks/ACME')).body;
    expect(stock).toContain('<a href="/#coins" class="main-nav__link">Crypto</a>');
    expect(stock).not.toContain('aria-current="page"');
  });
});
