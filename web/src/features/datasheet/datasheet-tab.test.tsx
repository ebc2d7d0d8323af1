import type { SheetData, SheetList } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { testI18n } from '../../test/i18n.ts';
import { DatasheetTab } from './datasheet-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// An IFRS filer's income statement in EUR (the API's own shape): no buybacks, research never filed.
const LIST: SheetList = { ticker: 'EURO', sheets: [{ id: 'income-statement', annualPeriods: 2, quarterlyPeriods: 0 }] };
const row = (
  lineItem: SheetData['rows'][number]['lineItem'],
  unit: SheetData['rows'][number]['unit'],
  values: (number | null)[],
) => ({
  lineItem,
  unit,
  description: lineItem,
  values,
  accessions: values.map(() => []),
});
const DATA: SheetData = {
  ticker: 'EURO',
  sheet: 'income-statement',
  period: 'annual',
  template: 'general',
  currency: 'EUR',
  splitBasis: null,
  columns: [
    { fiscalYear: 2023, fiscalPeriod: 'FY', periodEnd: '2023-12-31' },
    { fiscalYear: 2024, fiscalPeriod: 'FY', periodEnd: '2024-12-31' },
  ],
  rows: [
    row('revenue', 'currency', [80e9, 86.153e9]),
    row('researchDevelopment', 'currency', [null, null]),
    row('interestExpense', 'currency', [0, 1.5e9]),
    row('epsBasic', 'currency/share', [2.1, 2.31]),
  ],
};

async function renderSheet() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const body = String(input).includes('/sheet/data/') ? DATA : LIST;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const i18n = await testI18n(['en']);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DatasheetTab ticker="EURO" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.findByRole('table');
}

describe('data sheet preview', () => {
  it('shows amounts in the sheet currency, newest first, "—" for none, and leaves out lines never filed', async () => {
    const table = await renderSheet();
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Line item', 'FY 2024', 'FY 2023']);
    expect(cells('Revenue')).toEqual(['€86.15B', '€80.00B']);
    expect(cells('EPS, basic')).toEqual(['€2.31', '€2.10']);
    expect(cells('Interest expense')).toEqual(['€1.50B', '—']);
    expect(within(table).queryByRole('row', { name: /Research and development/ })).toBeNull();
    expect(table.textContent).not.toContain('$');
  });
});
