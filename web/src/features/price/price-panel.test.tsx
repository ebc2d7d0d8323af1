import type { PriceChartV2 } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { testI18n } from '../../test/i18n.ts';
import { PricePanel } from './price-panel.tsx';

/*
 * Issue 31: a coin's page downloads its closes once. Its daily OHLCV carries every close; a second call
 * for the closes alone (chart/crypto/price) was a second copy of the same numbers (360 kB cold against a
 * stock page's 273 kB).
 */
vi.mock('../../ui/time-series-chart-canvas.tsx', () => ({ default: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HISTORY: PriceChartV2 = {
  series: [
    {
      ticker: 'QBTZ',
      name: 'Quibitz',
      currency: 'USD',
      resolution: 'daily',
      // The server's change from daily closes: what the badge shows, not one reckoned from the points.
      rangeChangesPct: { '1M': 2, '6M': null, YTD: 2, '1Y': null, '5Y': null, '10Y': null, MAX: 88.76 },
      points: [
        { day: '2026-01-01', open: 99, high: 101, low: 98, close: 100, volume: 10, adjClose: 100 },
        { day: '2026-01-02', open: 100, high: 103, low: 99, close: 102, volume: 12, adjClose: 102 },
      ],
    },
  ],
};

describe('the price panel of a coin', () => {
  it('asks for its daily history once and no second copy of its closes', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        asked.push(new URL(String(input), 'http://localhost').pathname);
        return new Response(JSON.stringify(HISTORY), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const i18n = await testI18n(['en']);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/crypto/QBTZ']}>
            <PricePanel
              kind="crypto"
              ticker="QBTZ"
              name="Quibitz"
              currency="USD"
              compare={[]}
              onCompareChange={() => undefined}
              asOf="2026-01-02"
            />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(asked).toContain('/api/data/v2/chart/crypto/price'));
    // Give any other query of the panel the time to start.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((path) => path.startsWith('/api/data/'))).toEqual(['/api/data/v2/chart/crypto/price']);
  });
});

describe('the price panel’s range change', () => {
  it('shows the server’s change of the range from daily closes, not one from the first point drawn', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(HISTORY), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const i18n = await testI18n(['en']);
    const view = render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/crypto/QBTZ?range=MAX']}>
            <PricePanel
              kind="crypto"
              ticker="QBTZ"
              name="Quibitz"
              currency="USD"
              compare={[]}
              onCompareChange={() => undefined}
              asOf="2026-01-02"
            />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await waitFor(() =>
      expect(view.container.querySelector('.price-panel__summary .change')?.textContent).toMatch(/88\.76/),
    );
  });
});
