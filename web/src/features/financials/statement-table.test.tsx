import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../../test/i18n.ts';
import { type StatementColumn, StatementTable } from './statement-table.tsx';

afterEach(cleanup);

const FY2024: StatementColumn = {
  key: '2024-FY',
  label: 'FY 2024',
  periodEnd: '2024-12-31',
  values: { revenue: 1_500_000_000, grossMargin: 0.4, researchDevelopment: null },
  accessions: { revenue: ['0000320193-25-000008'], grossMargin: ['0000320193-25-000008', '0000320193-24-000123'] },
  derived: ['grossMargin'],
};
const FY2023: StatementColumn = {
  key: '2023-FY',
  label: 'FY 2023',
  periodEnd: '2023-12-31',
  // Demo data: no filings, and a fourth quarter computed from the fiscal year.
  values: { revenue: 1_200_000_000, grossMargin: 0.35 },
  accessions: {},
  derived: ['grossMargin'],
};

async function renderTable(cik: string | null) {
  const i18n = await testI18n(['en']);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <StatementTable
          caption="Income statement"
          metrics={['revenue', 'grossMargin', 'researchDevelopment']}
          columns={[FY2024, FY2023]}
          currency="USD"
          cik={cik}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByRole('table');
}

describe('statement table', () => {
  it('links each filed value to its filing, listing every filing of a computed one', async () => {
    const table = await renderTable('0000320193');
    const revenue = within(table).getByRole('row', { name: /Revenue/ });
    const [filed] = within(revenue).getAllByRole('link');
    expect(filed?.getAttribute('href')).toBe('https://www.sec.gov/Archives/edgar/data/320193/000032019325000008/');
    expect(filed?.getAttribute('title')).toBe('Open filing 0000320193-25-000008');
    const margin = within(table).getByRole('row', { name: /Gross margin/ });
    expect(within(margin).getAllByRole('link')[0]?.getAttribute('title')).toBe(
      'Open filing 0000320193-25-000008, 0000320193-24-000123',
    );
  });

  it('marks a computed value without a filing, and leaves a plain value plain', async () => {
    const table = await renderTable('0000320193');
    const margin = within(table).getByRole('row', { name: /Gross margin/ });
    // FY 2023 has no filings: the margin is marked computed, not linked.
    expect(within(margin).getAllByRole('link')).toHaveLength(1);
    expect(within(margin).getByTitle('Computed from filed figures')).toBeTruthy();
    const revenue = within(table).getByRole('row', { name: /Revenue/ });
    expect(within(revenue).getAllByRole('link')).toHaveLength(1);
    expect(within(revenue).queryByTitle('Computed from filed figures')).toBeNull();
  });

  it('links nothing without a CIK, and leaves out a line with no value in any period', async () => {
    const table = await renderTable(null);
    expect(within(table).queryAllByRole('link')).toHaveLength(0);
    expect(within(table).queryByRole('row', { name: /Research and development/ })).toBeNull();
    expect(within(table).getAllByTitle('Computed from filed figures')).toHaveLength(2);
  });
});
