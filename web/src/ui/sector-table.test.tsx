import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../test/i18n.ts';
import { SectorTable } from './sector-table.tsx';

afterEach(cleanup);

type Row = { sector: string; dayPct: number | null };

describe('the sector table (home and markets pages)', () => {
  it('names each sector in the page language as its row header, numbers right-aligned with their classes', async () => {
    const i18n = await testI18n(['de']);
    await i18n.changeLanguage('de');
    const rows: Row[] = [
      { sector: 'Technology', dayPct: 1.5 },
      { sector: 'Energy', dayPct: null },
    ];
    render(
      <I18nextProvider i18n={i18n}>
        <SectorTable
          className="market-table"
          caption="Sektoren"
          sectorHeader="Sektor"
          rows={rows}
          columns={[
            {
              key: 'day',
              header: 'Tag',
              cell: (row) => String(row.dayPct),
              className: (row) => (row.dayPct === null ? 'none' : 'gain'),
            },
          ]}
        />
      </I18nextProvider>,
    );
    const table = screen.getByRole('table', { name: 'Sektoren' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Sektor', 'Tag']);
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders).toHaveLength(2);
    expect(rowHeaders[0]?.textContent).not.toBe('');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((td) => [td.className, td.textContent])).toEqual([
      ['num gain', '1.5'],
      ['num none', 'null'],
    ]);
  });
});
