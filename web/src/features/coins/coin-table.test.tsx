import type { CoinRow } from '@app/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter, memoryHistory, RouterProvider } from '../../router/index.ts';
import { testI18n } from '../../test/i18n.ts';
import { CoinTable } from './coin-table.tsx';

afterEach(cleanup);

const coin = (ticker: string, marketCap: number, change7dPct: number, volume: number | null): CoinRow => ({
  ticker,
  name: `${ticker} Coin`,
  currency: 'USD',
  price: 2,
  change1dPct: 1,
  change7dPct,
  change1yPct: 50,
  marketCap,
  volume,
  drawdownPct: -12.5,
  sparkline: [
    { day: '2026-01-02', close: 1 },
    { day: '2026-01-09', close: 2 },
  ],
});

async function renderTable(coins: CoinRow[], language = 'en') {
  const i18n = await testI18n([language]);
  await i18n.changeLanguage(language);
  const prefix = language === 'en' ? '' : `/${language}`;
  const router = createRouter(
    [{ path: '/*', Component: () => <CoinTable coins={coins} /> }],
    memoryHistory([`${prefix}/crypto`]),
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.findByRole('table');
}

const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent);

// A table of every column renders slowly on a loaded machine: its tests get more than the default 5 s.
describe('the coin list (issue 46)', { timeout: 20_000 }, () => {
  it('ranks the coins by market cap, each a link to its page, volume with its unit', async () => {
    const table = await renderTable([coin('BIGZ', 9e9, -3, 1_234_000), coin('SMLZ', 1e6, 8, null)]);
    expect(firstCells(table)).toEqual(['1', '2']);
    expect(within(table).getByRole('link', { name: 'BIGZ BIGZ Coin' }).getAttribute('href')).toBe('/crypto/BIGZ');
    expect(table.textContent).toContain('1.23M BIGZ');
    expect(table.textContent).toContain('-12.5%');
    expect(within(table).getByRole('columnheader', { name: /Rank/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts by a column when its header is pressed, largest first', async () => {
    const table = await renderTable([coin('BIGZ', 9e9, -3, 1), coin('SMLZ', 1e6, 8, 1)]);
    fireEvent.click(within(table).getByRole('button', { name: /7 days/ }));
    expect(firstCells(table)).toEqual(['2', '1']);
    expect(
      within(table)
        .getByRole('columnheader', { name: /7 days/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('speaks the page’s language', async () => {
    const table = await renderTable([coin('BIGZ', 9e9, -3, 1)], 'de');
    expect(within(table).getByRole('columnheader', { name: /Marktkapitalisierung/ })).toBeTruthy();
    expect(within(table).getByRole('link', { name: /BIGZ/ }).getAttribute('href')).toBe('/de/crypto/BIGZ');
  });
});
