import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../test/i18n.ts';
import { createRouter, memoryHistory, RouterProvider } from '../index.ts';
import { Component as CryptoRoute } from './crypto.tsx';
import { Component as StockRoute } from './stock.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The paths the page asked for, while the profile never answers (a slow network's first second). */
async function requestsWhileProfileLoads(
  path: string,
  Page = StockRoute,
  router = { createRouter, memoryHistory, RouterProvider },
): Promise<string[]> {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request) => {
      asked.push(new URL(String(input), 'http://localhost').pathname);
      return new Promise<Response>(() => {});
    }),
  );
  const i18n = await testI18n(['en']);
  const pages = router.createRouter(
    [
      { path: '/stocks/:ticker/:tab?', Component: Page },
      { path: '/crypto/:ticker', Component: Page },
    ],
    router.memoryHistory([path]),
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <router.RouterProvider router={pages} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await waitFor(() => expect(asked).toContain('/api/data/company'));
  // The effects that start calls run together: a tick later, everything asked for now is in the list.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return asked;
}

describe('a stock or coin page', () => {
  it('asks for the overview’s data beside the profile, not after it, the profile first', async () => {
    const asked = await requestsWhileProfileLoads('/stocks/ACME');
    // Six requests at a time over HTTP/1.1: the one the page waits for goes first, then the prices.
    expect(asked.slice(0, 2)).toEqual(['/api/data/company', '/api/data/v2/chart/price']);
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/data/company',
        '/api/data/v2/chart/price',
        '/api/data/chart/downside-potential',
        '/api/data/company/statistics',
        '/api/data/indicator/div-perc',
        '/api/data/company/next-report',
        '/api/data/company/peers',
      ]),
    );
  });

  it('asks for the profile alone on another tab (its own calls wait for the tab’s code)', async () => {
    const asked = await requestsWhileProfileLoads('/stocks/ACME/dividends');
    expect(asked.filter((path) => path.startsWith('/api/data/'))).toEqual(['/api/data/company']);
  });

  it('a coin’s page asks for its prices, drawdown and statistics beside its profile too', async () => {
    const asked = await requestsWhileProfileLoads('/crypto/ZETQ', CryptoRoute);
    expect(asked.slice(0, 2)).toEqual(['/api/data/company', '/api/data/v2/chart/crypto/price']);
    expect(asked).toEqual(
      expect.arrayContaining(['/api/data/chart/crypto/downside-potential', '/api/data/company/statistics']),
    );
  });

  it('asks for the profile alone when the server’s first screen already did not know the ticker', async () => {
    // The page first served was this ticker's, and the server named no security on it (its not-found page).
    window.history.replaceState(null, '', '/stocks/NOPE');
    document.body.innerHTML = '<div id="root"><main><div class="skeleton"></div></main></div>';
    vi.resetModules();
    const { Component: FreshStockRoute } = await import('./stock.tsx');
    const freshRouter = await import('../index.ts');
    document.body.innerHTML = '';
    const asked = await requestsWhileProfileLoads('/stocks/NOPE', FreshStockRoute, freshRouter);
    window.history.replaceState(null, '', '/');
    expect(asked.filter((path) => path.startsWith('/api/data/'))).toEqual(['/api/data/company']);
  });

  it('shows the not-found page for an unknown sub-page and keeps its address (issue 46)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const i18n = await testI18n(['en']);
    const router = createRouter(
      [{ path: '/stocks/:ticker/:tab?', Component: StockRoute }],
      memoryHistory(['/stocks/ACME/nonexistent']),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stocks/ACME/nonexistent');
  });

  it('loads when the first address served held a malformed escape (a hostile link)', async () => {
    window.history.replaceState(null, '', '/stocks/%E0%A4%A');
    vi.resetModules();
    try {
      await expect(import('./stock.tsx')).resolves.toHaveProperty('Component');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
