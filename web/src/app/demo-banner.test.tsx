import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../router/memory-router.tsx';
import { testI18n } from '../test/i18n.ts';
import { DemoBanner, SEEDING_POLL_MS } from './demo-banner.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderBanner(language = 'en') {
  const i18n = await testI18n(['en', 'de']);
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[language === 'en' ? '/' : `/${language}`]}>
        <DemoBanner />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const status = {
  dataVersion: 2,
  securities: { stocks: 42, crypto: 8 },
  pricesAsOf: '2026-11-20',
  filingsAsOf: '2026-11-09',
};

describe('demo data banner', () => {
  it('says demo data, with the as-of date, while the demo universe is in use', async () => {
    const fetchMock = answer({ ...status, demo: true });
    await renderBanner();
    expect(await screen.findByText('Demo data')).toBeTruthy();
    expect(screen.getByText(/invented/)).toBeTruthy();
    expect(screen.getByText('Prices as of Nov 20, 2026')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/data/status', expect.objectContaining({ method: 'GET' }));
  });

  it('shows what the server wrote with the page from the first render, asking nothing (issue 20)', async () => {
    const fetchMock = answer({ ...status, demo: false });
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.demo = 'true';
    root.dataset.pricesAsOf = '2026-11-20';
    document.body.append(root);
    try {
      await renderBanner();
      expect(screen.getByText('Demo data')).toBeTruthy();
      expect(screen.getByText('Prices as of Nov 20, 2026')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      root.remove();
    }
  });

  it('follows a first start loading the demo universe, then fetches every page’s data again (issue 23)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = answer({ ...status, demo: true, seeding: null });
    const root = document.createElement('div');
    root.id = 'root';
    // The server answers before the first company is in: not demo data yet, but loading it.
    root.dataset.demo = 'false';
    root.dataset.seeding = '0/442';
    document.body.append(root);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    try {
      const i18n = await testI18n(['en']);
      render(
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <MemoryRouter>
              <DemoBanner />
            </MemoryRouter>
          </I18nextProvider>
        </QueryClientProvider>,
      );
      expect(screen.getByRole('status').textContent).toBe('Loading the demo universe: 0 of 442 securities…');
      expect(fetchMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SEEDING_POLL_MS);
      expect(await screen.findByText(/invented for demonstration/)).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();
      await vi.waitFor(() => expect(invalidate).toHaveBeenCalled());
    } finally {
      root.remove();
      vi.useRealTimers();
    }
  });

  it('is translated', async () => {
    answer({ ...status, demo: true });
    await renderBanner('de');
    expect(await screen.findByText('Demodaten')).toBeTruthy();
  });

  it('shows nothing with real data or when the status call fails', async () => {
    const fetchMock = answer({ ...status, demo: false });
    await renderBanner();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Demo data')).toBeNull();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await renderBanner();
    expect(screen.queryByText('Demo data')).toBeNull();
  });
});
