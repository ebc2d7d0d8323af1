import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from '../../router/index.ts';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { testI18n } from '../../test/i18n.ts';
import { type FilingSource, type StatementColumn, StatementTable } from './statement-table.tsx';

afterEach(cleanup);

const FY2024: StatementColumn = {
  key: '2024-FY',
  label: 'FY 2024',
  periodEnd: '2024-12-31',
  yearBefore: '2023-FY',
  values: {
    revenue: 1_500_000_000,
    grossMargin: 0.4,
    researchDevelopment: null,
    interestExpense: 90_000_000,
    buybacks: 0,
  },
  accessions: { revenue: ['0000320193-25-000008'], grossMargin: ['0000320193-25-000008', '0000320193-24-000123'] },
  derived: ['grossMargin'],
};
const FY2023: StatementColumn = {
  key: '2023-FY',
  label: 'FY 2023',
  periodEnd: '2023-12-31',
  yearBefore: '2022-FY',
  // No filings for this year, and a margin computed from its parts.
  values: { revenue: 1_200_000_000, grossMargin: 0.35, interestExpense: 60_000_000, buybacks: 25_000_000 },
  accessions: {},
  derived: ['grossMargin'],
};
const METRICS = ['revenue', 'grossMargin', 'researchDevelopment', 'interestExpense', 'buybacks'] as const;

async function renderTable({
  filings = { kind: 'sec', cik: '0000320193' } as FilingSource,
  growth = true,
  columns = [FY2024, FY2023],
} = {}) {
  const i18n = await testI18n(['en']);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/stocks/ACME/financials?period=annual']}>
        <StatementTable
          caption="Income statement"
          metrics={METRICS}
          columns={columns}
          currency="USD"
          filings={filings}
          growth={growth}
        />
        <Place />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByRole('table');
}

/** The router's place: its search and state. */
function Place() {
  const { search, state } = useLocation();
  return <output data-testid="place">{`${search}|${String(state ?? '')}`}</output>;
}

/** The row of a line, not its growth row ("Revenue: growth on..."). */
const row = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}(?!:)`) });
/** The period cells of a row (the trend cell left out), newest first. */
const cells = (element: HTMLElement) => [...element.querySelectorAll('td.num')].map((cell) => cell.textContent);

describe('statement table', () => {
  it('links each filed value to its filing index on sec.gov, listing every filing of a computed one', async () => {
    const table = await renderTable();
    const [filed] = within(row(table, 'Revenue')).getAllByRole('link');
    expect(filed?.getAttribute('href')).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019325000008/0000320193-25-000008-index.htm',
    );
    expect(filed?.getAttribute('title')).toBe('Open filing 0000320193-25-000008');
    expect(within(row(table, 'Gross margin')).getAllByRole('link')[0]?.getAttribute('title')).toBe(
      'Open filing 0000320193-25-000008, 0000320193-24-000123',
    );
    // FY 2023 has no filings: its computed margin is marked, not linked.
    expect(within(row(table, 'Gross margin')).getByTitle('Computed from filed figures')).toBeTruthy();
  });

  it('links every value of a demo company to the demo filing view of its period', async () => {
    const table = await renderTable({ filings: { kind: 'demo' } });
    const links = within(row(table, 'Revenue')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/stocks/ACME/financials?filing=2024-FY&line=revenue',
      '/stocks/ACME/financials?filing=2023-FY&line=revenue',
    ]);
    expect(links[0]?.getAttribute('title')).toBe('Demo source of Revenue, FY 2024');
  });

  it('opens the demo filing view on a click, from the page (Back returns), and leaves a modified click to the browser', async () => {
    const table = await renderTable({ filings: { kind: 'demo' } });
    const link = within(row(table, 'Revenue')).getAllByRole('link')[1] as HTMLElement;
    const place = () => screen.getByTestId('place').textContent;
    const before = place();
    fireEvent.click(link, { ctrlKey: true });
    expect(place()).toBe(before);
    fireEvent.click(link);
    await waitFor(() => expect(place()).toBe('?filing=2023-FY&line=revenue|financials-filing'));
  });

  it('links nothing without a CIK or demo data, and leaves out a line never filed', async () => {
    const table = await renderTable({ filings: { kind: 'none' } });
    expect(within(table).queryAllByRole('link')).toHaveLength(0);
    expect(within(table).queryByRole('row', { name: /Research and development/ })).toBeNull();
  });

  it('reads "—" where none was made (buybacks of zero), not "$0.00"', async () => {
    const table = await renderTable({ filings: { kind: 'none' } });
    expect(cells(row(table, 'Share buybacks'))).toEqual(['—', '$25.00M']);
    expect(table.textContent).not.toContain('$0.00');
    // None now and no year before the other: no growth to show, so no growth row (not "-100 %").
    expect(within(table).queryByRole('row', { name: /Share buybacks: growth/ })).toBeNull();
  });

  it('puts year-over-year growth under each flow, coloured by what a rise means', async () => {
    const table = await renderTable({ filings: { kind: 'none' } });
    const revenue = within(table).getByRole('row', { name: /Revenue: growth on the same period a year before/ });
    // FY 2024 on FY 2023; FY 2023 has no year before in the table.
    expect(cells(revenue)).toEqual(['▲ +25.0% (favourable)', '—']);
    expect(revenue.querySelector('.financials__growth--good')).not.toBeNull();
    const interest = within(table).getByRole('row', { name: /Interest expense: growth/ });
    expect(cells(interest)).toEqual(['▲ +50.0% (unfavourable)', '—']);
    expect(interest.querySelector('.financials__growth--bad')).not.toBeNull();
    // A ratio has no growth row.
    expect(within(table).queryByRole('row', { name: /Gross margin: growth/ })).toBeNull();
  });

  it('draws the trend bars oldest to newest, left to right, rising interest expense as unfavourable', async () => {
    const table = await renderTable({ filings: { kind: 'none' } });
    const bars = within(row(table, 'Interest expense')).getByRole('img');
    expect(bars.getAttribute('class')).toContain('trend-bars--bad');
    // Time runs left to right, as in the charts (issue 33): the first bar is FY 2023's 60M, the shorter.
    // One path of rectangles ("M x y h width v height ..."), a bar each.
    const rects = [
      ...(bars.querySelector('path')?.getAttribute('d') ?? '').matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)/g),
    ];
    expect(rects).toHaveLength(2);
    const [oldest, newest] = rects.map((rect) => Number(rect[4]));
    expect(Number(rects[0]?.[1])).toBeLessThan(Number(rects[1]?.[1]));
    expect(newest).toBeGreaterThan(oldest ?? Number.POSITIVE_INFINITY);
    expect(screen.getByText(/^Colours mark changes of more than 1 %/)).toBeTruthy();
    expect(within(row(table, 'Revenue')).getByRole('img').getAttribute('class')).toContain('trend-bars--good');
  });

  it('leaves the growth rows out when growth is off', async () => {
    const table = await renderTable({ filings: { kind: 'none' }, growth: false });
    expect(within(table).queryByRole('row', { name: /growth/ })).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  /** FY 2023 with its revenue restated by the FY 2024 10-K: 1.25 B as first filed, 1.2 B now. */
  const RESTATED: StatementColumn = {
    ...FY2023,
    accessions: { revenue: ['0000320193-25-000008'] },
    firstFiled: {
      revenue: {
        value: 1_250_000_000,
        accession: '0000320193-24-000011',
        filed: '2024-02-20',
        latestFiled: '2025-02-20',
      },
    },
  };

  it('marks a value a later filing changed; its button opens both values, both filings with their days and the change', async () => {
    const table = await renderTable({ columns: [FY2024, RESTATED] });
    // Only the restated value has a marker: a button named for what it is, closed.
    const markers = within(table).getAllByRole('button', { name: /restated by a later filing/ });
    expect(markers).toHaveLength(1);
    const marker = markers[0] as HTMLElement;
    expect(marker.textContent).toContain('Revenue, FY 2023: restated by a later filing');
    expect(within(row(table, 'Revenue')).getAllByRole('button')).toHaveLength(1);
    expect(marker.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(marker.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel.hidden).toBe(true);
    // A click (a tap on a phone; Enter or Space on a focused button) opens it.
    fireEvent.click(marker);
    expect(marker.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain('Revenue, FY 2023: as first filed and as restated');
    const terms = [...panel.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['As first filed', 'Latest', 'Change']);
    const values = [...panel.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(values).toEqual(['$1.25B', 'filed Feb 20, 2024', '$1.20B', 'filed Feb 20, 2025', '-$50.00M', '-4.0%']);
    // Both filings link to their index pages on sec.gov, named with their accession and day.
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      [
        'Filing 0000320193-24-000011, filed Feb 20, 2024, on sec.gov',
        'https://www.sec.gov/Archives/edgar/data/320193/000032019324000011/0000320193-24-000011-index.htm',
      ],
      [
        'Filing 0000320193-25-000008, filed Feb 20, 2025, on sec.gov',
        'https://www.sec.gov/Archives/edgar/data/320193/000032019325000008/0000320193-25-000008-index.htm',
      ],
    ]);
    // Esc closes it and gives the focus back to the marker.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(marker.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(marker);
    // A press outside closes it too.
    fireEvent.click(marker);
    fireEvent.pointerDown(document.body);
    expect(panel.hidden).toBe(true);
  });

  it('shows a demo restatement (no accession) with its days and no link', async () => {
    const demo: StatementColumn = {
      ...RESTATED,
      accessions: {},
      firstFiled: {
        revenue: { value: 1_250_000_000, accession: null, filed: '2024-02-20', latestFiled: '2024-03-11' },
      },
    };
    const table = await renderTable({ filings: { kind: 'demo' }, columns: [FY2024, demo] });
    const marker = within(table).getByRole('button', { name: /restated by a later filing/ });
    fireEvent.click(marker);
    const panel = document.getElementById(marker.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).queryAllByRole('link')).toEqual([]);
    expect([...panel.querySelectorAll('dd')].map((dd) => dd.textContent)).toContain('filed Mar 11, 2024');
  });
});
