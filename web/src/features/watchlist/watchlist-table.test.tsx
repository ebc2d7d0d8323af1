import type { HomeCards } from '@app/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter, memoryHistory, RouterProvider } from '../../router/index.ts';
import { testI18n } from '../../test/i18n.ts';
import { WatchlistTable } from './watchlist-table.tsx';

afterEach(cleanup);

const card = (ticker: string, kind: 'stock' | 'crypto'): HomeCards['cards'][number] => ({
  ticker,
  name: `${ticker} Inc`,
  kind,
  currency: 'USD',
  price: 42.1,
  changePct: 1.2,
  change1yPct: -4,
  day: '2026-01-02',
  dividendYieldPct: 3.4,
  marketCap: 8.4e9,
  sparkline: [
    { day: '2025-01-03', close: 38 },
    { day: '2026-01-02', close: 42.1 },
  ],
});

describe('the watchlist table (issue 46)', { timeout: 20_000 }, () => {
  it('shows each ticker’s key figures, links it to its page and takes it off the list', async () => {
    const onRemove = vi.fn();
    const i18n = await testI18n(['en']);
    const router = createRouter(
      [
        {
          path: '/*',
          Component: () => (
            <WatchlistTable cards={[card('SOLQ', 'stock'), card('QBTZ', 'crypto')]} onRemove={onRemove} />
          ),
        },
      ],
      memoryHistory(['/watchlist']),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Stocks and coins you follow' });
    expect(within(table).getByRole('link', { name: /SOLQ/ }).getAttribute('href')).toBe('/stocks/SOLQ');
    expect(within(table).getByRole('link', { name: /QBTZ/ }).getAttribute('href')).toBe('/crypto/QBTZ');
    expect(table.textContent).toContain('$42.10');
    expect(table.textContent).toContain('3.40%');
    fireEvent.click(within(table).getByRole('button', { name: 'Remove QBTZ' }));
    expect(onRemove).toHaveBeenCalledWith('QBTZ');
  });
});
