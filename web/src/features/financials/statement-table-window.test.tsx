import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { testI18n } from '../../test/i18n.ts';
import { ESTIMATED_COLUMN_PX, OVERSCAN } from '../../ui/column-window.ts';
import { type StatementColumn, StatementTable, WINDOWED_OVER } from './statement-table.tsx';

/*
 * The quarterly table's "show all" (issue 33): 85 quarters, only those in view drawn. jsdom lays nothing
 * out, so the scroll box says its width and scroll position here; every column is as wide as the first
 * guess (nothing is measured) and the row labels take no room.
 */

const VIEW_PX = 400;
let scrolled = 0;

const screenWidth = window.innerWidth;

beforeEach(() => {
  scrolled = 0;
  // The first guess (before the box is measured) is a box of the screen's width.
  window.innerWidth = VIEW_PX;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('data-table__scroll') ? VIEW_PX : 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('data-table__scroll') ? scrolled : 0;
  });
});

afterEach(() => {
  window.innerWidth = screenWidth;
  cleanup();
  vi.restoreAllMocks();
});

/** 85 quarters, newest first: Q1 2005 to Q1 2026. */
const QUARTERS: StatementColumn[] = Array.from({ length: 85 }, (_, i) => {
  const year = 2026 - Math.floor((i + 3) / 4);
  const quarter = 4 - ((i + 3) % 4);
  const end = `${year}-${String(quarter * 3).padStart(2, '0')}-28`;
  return {
    key: `${year}-Q${quarter}`,
    label: `Q${quarter} ${year}`,
    periodEnd: end,
    yearBefore: `${year - 1}-Q${quarter}`,
    values: { revenue: 1_000_000 * (85 - i), netIncome: 100_000 * (85 - i) },
    accessions: {},
    derived: [],
  };
});
/** The item and trend columns come before the quarters. */
const LEAD = 2;

async function renderTable(columns = QUARTERS) {
  const i18n = await testI18n(['en']);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/stocks/ACME/financials?period=quarterly']}>
        <StatementTable
          caption="Income statement"
          metrics={['revenue', 'netIncome']}
          columns={columns}
          currency="USD"
          filings={{ kind: 'demo' }}
          growth={false}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByRole('table');
}

const box = () => document.querySelector('.data-table__scroll') as HTMLElement;
const scrollTo = (left: number) =>
  act(() => {
    scrolled = left;
    fireEvent.scroll(box());
  });
/** The quarters drawn, by their header. */
const drawn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .slice(LEAD)
    .map((th) => th.textContent);
const colIndexes = (row: Element) =>
  [...row.querySelectorAll('th, td')]
    .filter((cell) => !cell.hasAttribute('aria-hidden'))
    .map((cell) => Number(cell.getAttribute('aria-colindex')));
/** The quarters in view at a scroll position, with the overscan on each side. */
const expected = (left: number) => {
  const first = Math.max(0, Math.floor(left / ESTIMATED_COLUMN_PX) - OVERSCAN);
  const end = Math.min(85, Math.ceil((left + VIEW_PX) / ESTIMATED_COLUMN_PX) + OVERSCAN);
  return QUARTERS.slice(first, end).map((q) => q.label);
};

describe('the table of every quarter, drawn as a window of the quarters in view', () => {
  it('draws the quarters in view and a few more, and tells assistive technology the whole table', async () => {
    const table = await renderTable();
    expect(drawn(table)).toEqual(expected(0));
    expect(drawn(table).length).toBeLessThan(15);
    expect(table.getAttribute('aria-colcount')).toBe(String(LEAD + 85));
    // Every row's cells carry the same columns as the header: labels and values stay aligned.
    const rows = within(table).getAllByRole('row');
    const header = colIndexes(rows[0] as Element);
    expect(header).toEqual(Array.from({ length: LEAD + expected(0).length }, (_, i) => i + 1));
    for (const row of rows.slice(1)) expect(colIndexes(row)).toEqual(header);
    // The quarters out of view are one empty cell a row, as wide as they are, hidden from screen readers.
    const gaps = [...(rows[1] as Element).querySelectorAll('td[aria-hidden="true"]')] as HTMLElement[];
    expect(gaps).toHaveLength(1);
    expect(gaps[0]?.style.width).toBe(`${(85 - expected(0).length) * ESTIMATED_COLUMN_PX}px`);
    expect(gaps[0]?.textContent).toBe('');
  });

  it('follows the scroll: the middle, then the oldest quarter at the end', async () => {
    const table = await renderTable();
    await scrollTo(4800);
    expect(drawn(table)).toEqual(expected(4800));
    const first = within(table).getAllByRole('columnheader')[LEAD];
    expect(first?.getAttribute('aria-colindex')).toBe(String(LEAD + 47 + 1));
    const revenue = within(table).getByRole('row', { name: /^Revenue/ });
    expect(within(revenue).getAllByRole('link')[0]?.textContent).toBe(`$${(85 - 47).toFixed(2)}M`);

    const end = 85 * ESTIMATED_COLUMN_PX - VIEW_PX;
    await scrollTo(end);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.at(-1)?.textContent).toBe('Q1 2005');
    expect(headers.at(-1)?.getAttribute('aria-colindex')).toBe(String(LEAD + 85));
  });

  it('reaches every quarter by scrolling, a view at a time', async () => {
    const table = await renderTable();
    const seen = new Set<string | null>();
    for (let left = 0; left <= 85 * ESTIMATED_COLUMN_PX; left += VIEW_PX) {
      await scrollTo(left);
      for (const label of drawn(table)) seen.add(label);
    }
    expect([...seen].sort()).toEqual(QUARTERS.map((q) => q.label).sort());
  });

  it('keeps the column holding the keyboard focus drawn when it is scrolled away', async () => {
    const table = await renderTable();
    const link = within(within(table).getByRole('row', { name: /^Revenue/ })).getAllByRole('link')[1] as HTMLElement;
    act(() => link.focus());
    await scrollTo(4800);
    expect(document.activeElement).toBe(link);
    expect(drawn(table)).toEqual([QUARTERS[1]?.label, ...expected(4800)]);
  });

  it('draws a table of up to WINDOWED_OVER periods whole, without column indexes', async () => {
    const table = await renderTable(QUARTERS.slice(0, WINDOWED_OVER));
    expect(drawn(table)).toEqual(QUARTERS.slice(0, WINDOWED_OVER).map((q) => q.label));
    expect(table.hasAttribute('aria-colcount')).toBe(false);
    expect(table.querySelector('[aria-colindex]')).toBeNull();
  });
});
