import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { isCrawler, languageToOfferFor, rememberedLanguageTarget, singularStockTarget } from './language-redirect.ts';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

describe('a returning reader’s language (issues 33, 46)', () => {
  it('sends any unprefixed page to the remembered language, never a crawler nor sign-in', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(rememberedLanguageTarget('/', 'de', chrome)).toBe('/de');
    expect(rememberedLanguageTarget('/', 'el', undefined)).toBe('/el');
    expect(rememberedLanguageTarget('/', 'en', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/', 'xx', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/', undefined, chrome)).toBeNull();
    expect(rememberedLanguageTarget('/stocks/ACME', 'de', chrome)).toBe('/de/stocks/ACME');
    expect(rememberedLanguageTarget('/markets', 'pt', chrome)).toBe('/pt/markets');
    expect(rememberedLanguageTarget('/fr', 'de', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/fr/markets', 'de', chrome)).toBeNull();
    expect(rememberedLanguageTarget('/auth/callback', 'de', chrome)).toBeNull();
    const google = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(rememberedLanguageTarget('/', 'de', google)).toBeNull();
  });

  it('moves the singular /stock/ to /stocks/ in every language, nothing else', () => {
    expect(singularStockTarget('/stock/ACME')).toBe('/stocks/ACME');
    expect(singularStockTarget('/de/stock/ACME/dividends')).toBe('/de/stocks/ACME/dividends');
    expect(singularStockTarget('/stock')).toBeNull();
    expect(singularStockTarget('/stock/')).toBeNull();
    expect(singularStockTarget('/stocks/ACME')).toBeNull();
    expect(singularStockTarget('/stockholm/ACME')).toBeNull();
  });

  it('offers the Accept-Language’s language on an English page of a first visit only', () => {
    expect(languageToOfferFor('/markets', undefined, 'de-DE,de;q=0.9,en;q=0.8', undefined)).toBe('de');
    expect(languageToOfferFor('/', undefined, 'en-US,en;q=0.9,de;q=0.8', undefined)).toBeNull();
    expect(languageToOfferFor('/', 'en', 'de-DE', undefined)).toBeNull();
    expect(languageToOfferFor('/de', undefined, 'fr-FR', undefined)).toBeNull();
    expect(languageToOfferFor('/', undefined, 'ja-JP', undefined)).toBeNull();
    expect(languageToOfferFor('/', undefined, undefined, undefined)).toBeNull();
    expect(languageToOfferFor('/', undefined, 'de', 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toBeNull();
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
    ['/stock/ACME', '/stocks/ACME'],
    ['/stock/ACME/dividends?x=1', '/stocks/ACME/dividends?x=1'],
    ['/de/stock/ACME', '/de/stocks/ACME'],
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

  it('sends a reader who chose German from any unprefixed page to its German one, keyed by cookie; crawlers stay', async () => {
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
    const page = await t.app.inject({ url: '/green-stocks?sort=pe', cookies: { ll_lang: 'de' } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/de/green-stocks?sort=pe');
    const deep = await t.app.inject({ url: '/stocks/ACME/dividends', cookies: { ll_lang: 'de' } });
    expect(deep.headers.location).toBe('/de/stocks/ACME/dividends');
    const signIn = await t.app.inject({ url: '/auth/callback?code=x', cookies: { ll_lang: 'de' } });
    expect(signIn.statusCode).toBe(200);
    const french = await t.app.inject({ url: '/fr', cookies: { ll_lang: 'de' } });
    expect(french.statusCode).toBe(200);
  });

  it('tells the app the language to offer a first visit from its Accept-Language', async () => {
    const german = await t.app.inject({ url: '/markets', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<meta name="ll-language-offer" content="de" />');
    expect(german.headers.vary).toContain('Accept-Language');
    const chosen = await t.app.inject({
      url: '/markets',
      cookies: { ll_lang: 'en' },
      headers: { 'accept-language': 'de-DE' },
    });
    expect(chosen.body).not.toContain('ll-language-offer');
    const english = await t.app.inject({ url: '/markets', headers: { 'accept-language': 'en-US' } });
    expect(english.body).not.toContain('ll-language-offer');
  });

  it('draws the main navigation in the first screen, in the page’s language, the current place marked', async () => {
    const html = (await t.app.inject('/de/green-stocks')).body;
    expect(html).toContain('<nav class="main-nav" aria-label="Hauptmenü">');
    expect(html).toContain('<a href="/de/green-stocks" class="main-nav__link" aria-current="page">Aktienfilter</a>');
    expect(html).toContain('<a href="/de/watchlist" class="main-nav__link">Beobachtungsliste</a>');
    expect(html).toContain('<a href="/de/markets" class="main-nav__link">Märkte</a>');
    const stock = (await t.app.inject('/stocks/ACME')).body;
    expect(stock).toContain('<a href="/crypto" class="main-nav__link">Crypto</a>');
    expect(stock).not.toContain('aria-current="page"');
  });
});
