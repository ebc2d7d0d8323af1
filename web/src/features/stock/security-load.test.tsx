import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/i18n.ts';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.resetModules();
});

/** The loading page of a security, its module loaded after the server's first screen (if any) is in place. */
async function renderLoading(ticker: string, kind: 'stock' | 'crypto', firstScreen: string) {
  document.body.innerHTML = `<div id="root">${firstScreen}</div>`;
  // Fresh modules each time (the first screen is read when the module loads), the router's with them.
  const { SecurityFallback } = await import('./security-load.tsx');
  const { MemoryRouter } = await import('../../router/memory-router.tsx');
  // The app replaces the first screen: what is on screen from here is the app's.
  document.body.innerHTML = '';
  const i18n = await testI18n(['en']);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/stocks/${ticker}`]}>
        <SecurityFallback load={{ status: 'loading' }} ticker={ticker} kind={kind} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('a security page while its profile loads', () => {
  it('keeps the name the server’s first screen showed as the heading, in the header’s place', async () => {
    const { container } = await renderLoading(
      'ACME',
      'stock',
      '<div class="security-skeleton-header skeleton--stock-header"><h1 data-security-ticker="ACME">Acme Tools</h1></div>',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Acme Tools' })).toBeTruthy();
    const blocks = [...container.querySelectorAll('[class*="skeleton--"]')].map((element) => element.className);
    expect(blocks).toEqual([
      'security-skeleton-header skeleton--stock-header',
      'skeleton skeleton--block skeleton--stock-tabs',
      'skeleton skeleton--block skeleton--stock-price',
      'skeleton skeleton--block skeleton--stock-stats',
    ]);
  });

  it('draws a plain header block for another ticker, and a coin’s page without tabs', async () => {
    const { container } = await renderLoading(
      'ZETQ',
      'crypto',
      '<div class="security-skeleton-header"><h1 data-security-ticker="ACME">Acme Tools</h1></div>',
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    const blocks = [...container.querySelectorAll('.skeleton')].map((element) => element.className);
    expect(blocks).toEqual([
      'skeleton skeleton--block skeleton--coin-header',
      'skeleton skeleton--block skeleton--coin-price',
      'skeleton skeleton--block skeleton--coin-stats',
    ]);
  });
});
