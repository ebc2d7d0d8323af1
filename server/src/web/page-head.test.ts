import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertIndicator } from '../../test/indicator-factory.ts';
import { createPageHead } from './page-head.ts';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

describe('pages the server answers with the app', () => {
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
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/auth/login?redirectUri=%2Fstocks%2FACME', '/auth/callback?code=abc&state=xyz', '/auth/callback'])(
    'answers sign-in’s own page %s with 200, kept out of search engines (issue 20)',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it('asks for the texts of the first render with the page’s own scripts, in its language and English', async () => {
    const preloads = (html: string) => {
      const head = html.slice(0, html.indexOf('</head>'));
      return [...head.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin \/>/g)].map((m) => m[1]);
    };
    const german = preloads((await t.app.inject('/de/stocks/ACME/dividends')).body);
    for (const ns of ['common', 'search', 'auth', 'wallet', 'stock', 'dividends', 'sectors']) {
      expect(german).toContain(`/locales/de/${ns}.json`);
      expect(german).toContain(`/locales/en/${ns}.json`);
    }
    const home = preloads((await t.app.inject('/')).body);
    expect(home).toContain('/locales/en/home.json');
    expect(home.every((href) => href?.startsWith('/locales/en/'))).toBe(true);
    // Every file preloaded exists: a missing one would be a 404 on every first load.
    for (const url of [
      '/',
      '/green-stocks',
      '/markets',
      '/stocks/ACME',
      '/stocks/ACME/financials',
      '/crypto/QBTZ',
      '/no/stocks/ACME/news',
    ]) {
      for (const href of preloads((await t.app.inject(url)).body)) {
        expect(fs.existsSync(path.join(webPublic, href as string)), `${url}: ${href}`).toBe(true);
      }
    }
  });

  it('sends the shell and the page’s own layout in the first response, in the page’s language', async () => {
    const home = (await t.app.inject('/')).body;
    const root = home.slice(home.indexOf('<div id="root"'));
    // The status the app's demo banner starts from (an empty database: no demo data).
    expect(root).toMatch(/^<div id="root" data-demo="false">/);
    expect(root).toContain('<header class="app-header">');
    expect(root).toContain('<span>Ledgerlight</span>');
    expect(root).toContain('<h1 class="page-skeleton__title">Markets at a glance</h1>');
    expect(root).toContain('class="skeleton skeleton--block skeleton--quote-card"');
    expect(root).toContain('Data for information only, not investment advice.');
    expect(root).not.toContain('spinner');
    const german = (await t.app.inject('/de/green-stocks')).body;
    const title = JSON.parse(fs.readFileSync(path.join(webPublic, 'locales/de/screener.json'), 'utf8')).title;
    expect(german).toContain(`<h1 class="page-skeleton__title">${title}</h1>`);
    expect(german).toContain('<a href="/de" class="brand">');
    const stock = await t.app.inject('/stocks/ACME');
    // An unknown ticker is still the app's page (its not-found view), with a plain skeleton.
    expect(stock.body).toContain('<main id="main" class="app-main" tabindex="-1">');
  });

  it('draws the demo banner with the page while the demo universe is in use, and tells the app', async () => {
    await insertIndicator(t.database.db, { ticker: 'DEMO' });
    await t.database.db.updateTable('securities').set({ is_demo: 1 }).execute();
    // The status is read at most once a minute: a fresh page head sees the demo flag.
    const fresh = createPageHead({ distDir: dist, publicUrl: 'http://localhost:3000', db: t.database.db });
    const { html } = await fresh.render('/de/');
    expect(html).toMatch(/<div id="root" data-demo="true"/);
    const label = JSON.parse(fs.readFileSync(path.join(webPublic, 'locales/de/common.json'), 'utf8')).demo.label;
    expect(html).toContain(`<aside class="demo-banner" aria-label="${label}">`);
    expect(html).toContain('<section class="panel screener-entry">');
    expect(html).toContain('href="/de/green-stocks"');
    // A stock's page: its name is the first screen's heading, above the tabs' place.
    const stock = (await fresh.render('/stocks/demo')).html;
    expect(stock).toContain('<h1 data-security-ticker="DEMO">DEMO Inc.</h1>');
    expect(stock).toContain('skeleton--stock-tabs');
  });

  it('still answers an unknown page with the app and a 404', async () => {
    const response = await t.app.inject('/auth/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"');
  });
});
