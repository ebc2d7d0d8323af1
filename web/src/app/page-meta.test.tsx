import { LANGUAGES } from '@app/contract/locales';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from '../router/memory-router.tsx';
import { testI18n } from '../test/i18n.ts';
import { alternateLinks, applyPageMeta, siteOrigin, usePageMeta } from './page-meta.ts';

/** The head as the server writes it for a page (server/src/web/page-head.ts), with PUBLIC_URL's origin. */
function serverHead(origin: string, pathname: string): void {
  const links = alternateLinks(origin, pathname)
    .map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${href}" />`)
    .join('');
  document.head.innerHTML = `<title>x</title><link rel="canonical" href="${origin}${pathname}" />${links}<meta property="og:url" content="${origin}${pathname}" />`;
}

const alternates = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]'));

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

function Page() {
  usePageMeta({ title: 'Dividends', description: 'd' });
  return null;
}

describe('the page head after the app takes over', () => {
  it("keeps the site's public origin when the browser came by another address", () => {
    // The server's PUBLIC_URL is https://ledger.example; this browser is at jsdom's own origin.
    expect(window.location.origin).not.toBe('https://ledger.example');
    serverHead('https://ledger.example', '/stocks/ZFAB');
    expect(siteOrigin()).toBe('https://ledger.example');

    applyPageMeta({ title: 'Dividends', description: 'd' }, 'LedgerLight', siteOrigin(), '/de/stocks/ZFAB/dividends');
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    expect(canonical?.href).toBe('https://ledger.example/de/stocks/ZFAB/dividends');
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'https://ledger.example/de/stocks/ZFAB/dividends',
    );
    expect(alternates()).toHaveLength(LANGUAGES.length + 1);
    expect(alternates().every((link) => link.href.startsWith('https://ledger.example/'))).toBe(true);
    expect(alternates().find((link) => link.hreflang === 'fr')?.href).toBe(
      'https://ledger.example/fr/stocks/ZFAB/dividends',
    );
  });

  it('is kept right by a page on its own address, at the public origin', async () => {
    serverHead('https://ledger.example', '/stocks/ZFAB');
    const i18n = await testI18n(['en']);
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/stocks/ZFAB/dividends']}>
          <Page />
        </MemoryRouter>
      </I18nextProvider>,
    );
    await expect
      .poll(() => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href)
      .toBe('https://ledger.example/stocks/ZFAB/dividends');
    expect(alternates().find((link) => link.hreflang === 'de')?.href).toBe(
      'https://ledger.example/de/stocks/ZFAB/dividends',
    );
  });

  it("leaves the first page's language links as the server wrote them instead of making them again", () => {
    serverHead('https://ledger.example', '/stocks/ZFAB');
    const before = alternates();
    applyPageMeta({ title: 'Zenfab', description: 'd' }, 'LedgerLight', siteOrigin(), '/stocks/ZFAB');
    const after = alternates();
    expect(after).toHaveLength(before.length);
    expect(after.every((link, index) => link === before[index])).toBe(true);
  });

  it("uses the browser's origin where the server wrote no canonical link (the Vite dev server)", () => {
    expect(siteOrigin()).toBe(window.location.origin);
    applyPageMeta({ title: 'Home', description: 'd' }, 'LedgerLight', siteOrigin(), '/');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${window.location.origin}/`,
    );
    expect(alternates()).toHaveLength(LANGUAGES.length + 1);
    expect(document.title).toBe('Home · LedgerLight');
  });
});
