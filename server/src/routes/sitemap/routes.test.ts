import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { insertIndicator } from '../../../test/indicator-factory.ts';

const PUBLIC_URL = 'https://ll.example';
const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

/** A stand-in for web/dist: the real index.html head and the real locale files. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-dist-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Ledgerlight</title>\n    <meta name="description" content="x" />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  fs.cpSync(path.join(webPublic, 'locales'), path.join(dir, 'locales'), { recursive: true });
  return dir;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe.each(testDatabases())('sitemap, robots.txt and page heads on $engine', (target) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await startTestApp(target, { PUBLIC_URL, WEB_DIST_DIR: dist });
    await insertIndicator(t.database.db, { ticker: 'SOLQ', name: 'Solquarry <Power>' });
    await insertIndicator(t.database.db, { ticker: 'BTC', kind: 'crypto', name: 'Bitcoin' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('points robots.txt at the sitemap and keeps crawlers out of the API', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(response.body).toContain('Disallow: /api/');
  });

  it('lists every page and ticker in all 20 languages with hreflang alternates', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.headers.etag).toBeTruthy();
    const urls = locs(response.body);
    expect(urls).toHaveLength(5 * 20);
    expect(urls).toContain(`${PUBLIC_URL}/`);
    expect(urls).toContain(`${PUBLIC_URL}/el/green-stocks`);
    expect(urls).toContain(`${PUBLIC_URL}/pt/markets`);
    expect(urls).toContain(`${PUBLIC_URL}/stocks/SOLQ`);
    expect(urls).toContain(`${PUBLIC_URL}/ru/crypto/BTC`);
    const entry = response.body.split('<url>').find((u) => u.includes(`<loc>${PUBLIC_URL}/de/stocks/SOLQ</loc>`));
    expect(entry).toContain(`hreflang="hu" href="${PUBLIC_URL}/hu/stocks/SOLQ"`);
    expect(entry).toContain(`hreflang="x-default" href="${PUBLIC_URL}/stocks/SOLQ"`);
    expect(entry?.match(/xhtml:link/g)).toHaveLength(21);
  });

  it('answers a repeat with 304 when the client has it', async () => {
    const first = await t.app.inject({ url: '/sitemap.xml' });
    const again = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('says 404 for a sitemap part that does not exist', async () => {
    expect((await t.app.inject({ url: '/sitemap/securities-9.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemap/nonsense.xml' })).statusCode).toBe(404);
  });

  it("writes a stock page's title, description, canonical and hreflang links into the HTML", async () => {
    const response = await t.app.inject({ url: '/de/stocks/solq' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="de"');
    expect(html).toMatch(/<title>Solquarry &lt;Power&gt; \(SOLQ\)[^<]+ · Ledgerlight<\/title>/);
    // The ticker's own spelling is canonical, whatever case the link used.
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/de/stocks/SOLQ" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/stocks/SOLQ" />`);
    expect(html.match(/rel="alternate"/g)).toHaveLength(21);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('noindex');
  });

  it('gives the home page and the screener their own texts, in the language of the path', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://ll.example/" />');
    const screener = await t.app.inject({ url: '/el/green-stocks?flags=water' });
    expect(screener.body).toContain('<html lang="el"');
    expect(screener.body).not.toContain('<title>Ledgerlight</title>');
    // The markets page (issue 33): a page of its own, 200 with its title in the path's language.
    const markets = await t.app.inject({ url: '/de/markets' });
    expect(markets.statusCode).toBe(200);
    expect(markets.body).toContain('<title>Märkte: gleichgewichtete Indizes');
    expect(markets.body).not.toContain('noindex');
  });

  it('answers an unknown ticker with the app, as a 404 marked noindex, and moves a coin under /stocks', async () => {
    // A known coin under /stocks is moved to its own page for good (issue 33, web/addresses.test.ts).
    const moved = await t.app.inject({ url: '/stocks/BTC' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/crypto/BTC');
    for (const url of ['/stocks/NOPE', '/fr/no-such-page']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toMatch(/<div id="root"[ >]/);
    }
  });
});
