import type { MapStock } from '@app/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, memoryHistory, RouterProvider } from '../../router/index.ts';
import { testI18n } from '../../test/i18n.ts';
import { MarketMap } from './market-map.tsx';

const stock = (ticker: string, sector: string, marketCap: number, changePct: number): MapStock => ({
  ticker,
  name: `${ticker} Corp`,
  sector,
  currency: 'USD',
  price: 12.5,
  marketCap,
  changePct,
});
const stocks = [
  stock('BQQ', 'Technology', 4e11, 2.5),
  stock('EQQ', 'Energy', 3e11, -1.2),
  stock('CQQ', 'Utilities', 2e11, 0),
  stock('DQQ', 'Technology', 1e11, 4),
];

let width = 1000;
beforeEach(() => {
  // jsdom lays nothing out: the map's box gets a size, and ResizeObserver a stand-in that never fires.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 560);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  width = 1000;
});

async function renderMap() {
  const i18n = await testI18n(['en']);
  const router = createRouter(
    [{ path: '/*', Component: () => <MarketMap stocks={stocks} range="1M" rangeName="1 month" /> }],
    memoryHistory(['/markets']),
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('the market map (issue 46)', () => {
  it('draws every stock as a link to it, the largest first, coloured by its change; one Tab stop', async () => {
    await renderMap();
    const map = await screen.findByRole('region', { name: /4 stocks by sector/ });
    const tiles = [...map.querySelectorAll('a')];
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/stocks/BQQ',
      '/stocks/DQQ',
      '/stocks/EQQ',
      '/stocks/CQQ',
    ]);
    expect(tiles.map((tile) => tile.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(tiles[0]?.getAttribute('style')).toContain('var(--map-gain) 25%');
    expect(tiles[2]?.getAttribute('style')).toContain('var(--map-loss) 12%');
    expect(tiles[0]?.textContent).toBe('BQQ+2.5%');
  });

  it('shows a stock’s figures on focus, and the arrow keys move along the tiles', async () => {
    await renderMap();
    const first = await screen.findByRole('link', { name: /BQQ/ });
    act(() => first.focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toContain('BQQ Corp (BQQ)');
    expect(tooltip.textContent).toContain('Change, 1 month+2.50%');
    expect(first.getAttribute('aria-describedby')).toBe(tooltip.id);
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('href')).toBe('/stocks/DQQ');
    expect(screen.getByRole('tooltip').textContent).toContain('DQQ Corp');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement?.getAttribute('href')).toBe('/stocks/CQQ');
  });

  it('opens a sector alone by its name, and Escape goes back to all', async () => {
    await renderMap();
    fireEvent.click(await screen.findByRole('button', { name: 'Technology' }));
    const map = screen.getByRole('region', { name: /stocks by sector/ });
    expect([...map.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/stocks/BQQ', '/stocks/DQQ']);
    fireEvent.keyDown(map.querySelector('a') as Element, { key: 'Escape' });
    expect(map.querySelectorAll('a')).toHaveLength(4);
  });

  it('on a phone, a tap on a tile opens its sector instead of the stock', async () => {
    width = 390;
    const router = await renderMap();
    fireEvent.click(await screen.findByRole('link', { name: /EQQ/ }));
    expect(router.state.location.pathname).toBe('/markets');
    expect(screen.getByRole('button', { name: 'Back to all sectors' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /EQQ/ }));
    expect(router.state.location.pathname).toBe('/stocks/EQQ');
  });
});
