import {
  allTemplateLines,
  type FinancialGroup,
  type FinancialMetric,
  type FinancialsResponse,
  financialGroups,
  type RestatementsResponse,
  type StatementKind,
  type TemplateStatement,
  type TtmFinancials,
  templateLines,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter, memoryHistory, RouterProvider } from '../../router/index.ts';
import { testI18n } from '../../test/i18n.ts';
import { asFiledChoice } from './as-filed-picker.tsx';
import { FinancialsTab } from './financials-tab.tsx';

// The chart's canvas code (lightweight-charts) starts loading with the chart module and cannot draw in
// jsdom (no ResizeObserver, no canvas): this test reads the tables, not the chart.
vi.mock('../../ui/time-series-chart-canvas.tsx', () => ({ default: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/*
 * An IFRS filer reporting in EUR, annual reports only (form 20-F), with a 4:1 split: the answers in the
 * API's own shape (contract/src/financials.ts), two fiscal years.
 */
const YEARS: { fiscalYear: number; periodEnd: string; values: Partial<Record<FinancialMetric, number>> }[] = [
  {
    fiscalYear: 2023,
    periodEnd: '2023-12-31',
    values: {
      revenue: 80e9,
      interestExpense: 1e9,
      netIncome: 9e9,
      epsBasic: 2.1,
      grossMargin: 0.41,
      netMargin: 0.1125,
    },
  },
  {
    fiscalYear: 2024,
    periodEnd: '2024-12-31',
    values: {
      revenue: 86.153e9,
      interestExpense: 1.5e9,
      netIncome: 9.9e9,
      epsBasic: 2.31,
      grossMargin: 0.42,
      netMargin: 0.115,
    },
  },
];
const HEAD = {
  ticker: 'EURO',
  currency: 'EUR',
  quartersFiled: false,
  splits: [{ day: '2021-06-01', numerator: 4, denominator: 1 }],
  splitBasis: '2021-06-01',
};
const ACCESSION = '0001234567-25-000010';

/** A statement's answer for a company of a kind; `transition` adds a transition period (TP) between the years. */
function groupAnswer(
  group: FinancialGroup,
  period: 'annual' | 'quarterly',
  kind: StatementKind = 'general',
  transition = false,
): FinancialsResponse {
  const templated = group === 'income-statement' || group === 'balance-sheet' || group === 'cash-flow';
  const metrics = templated ? templateLines(kind, group as TemplateStatement) : financialGroups[group];
  const years = transition
    ? [YEARS[0], { fiscalYear: 2023, periodEnd: '2024-03-31', values: { revenue: 21e9 } }, YEARS[1]]
    : YEARS;
  const periods = (period === 'quarterly' ? [] : years)
    .flatMap((year) => (year ? [year] : []))
    .map((year, i) => ({
      fiscalYear: year.fiscalYear,
      fiscalPeriod: transition && i === 1 ? ('TP' as const) : ('FY' as const),
      periodStart: transition && i === 1 ? '2024-01-01' : `${year.fiscalYear}-01-01`,
      periodEnd: year.periodEnd,
      values: Object.fromEntries(metrics.map((metric) => [metric, year.values[metric] ?? null])),
      accessions: Object.fromEntries(metrics.filter((m) => year.values[m] !== undefined).map((m) => [m, [ACCESSION]])),
      derived: [],
    }));
  return { templates: { [HEAD.ticker]: kind }, period, metrics: [], series: [{ ...HEAD, periods }] };
}

const TTM: TtmFinancials = {
  series: [
    {
      ...HEAD,
      template: 'general',
      basis: 'fy',
      asOf: '2024-12-31',
      period: { fiscalYear: 2024, fiscalPeriod: 'FY', periodStart: '2024-01-01', periodEnd: '2024-12-31' },
      values: YEARS[1]?.values ?? {},
      accessions: {},
      derived: [],
    },
  ],
};

const RESTATEMENTS: RestatementsResponse = {
  ticker: 'EURO',
  currency: 'EUR',
  restatements: [
    {
      period: 'annual',
      fiscalYear: 2023,
      fiscalPeriod: 'FY',
      periodEnd: '2023-12-31',
      lineItem: 'netIncome',
      first: { value: 9.5e9, accession: '0001234567-24-000010', filed: '2024-02-20' },
      latest: { value: 9e9, accession: ACCESSION, filed: '2025-02-20' },
      change: -0.5e9,
      changePct: -0.5 / 9.5,
    },
  ],
};

const NO_RESTATEMENTS: RestatementsResponse = { ticker: 'EURO', currency: 'EUR', restatements: [] };

/** The answer asked with asOf as the API gives it: nothing before the first filing (2024-02-20), saying so. */
function asFiledAnswer(answer: FinancialsResponse, asOf: string | null): FinancialsResponse {
  if (!asOf) return answer;
  const first = '2024-02-20';
  const before = asOf < first;
  return {
    ...answer,
    series: answer.series.map((series) => ({
      ...series,
      periods: series.periods.filter((p) => !before && p.periodEnd < asOf),
      asFiled: { day: asOf, firstFiled: first, note: before ? `No statements filed on or before ${asOf}` : null },
    })),
  };
}

function serveApi(
  ttm: TtmFinancials = TTM,
  kind: StatementKind = 'general',
  transition = false,
  restatements = NO_RESTATEMENTS,
) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    const group = url.pathname.replace('/api/data/financials/', '');
    const body =
      group === 'ttm-financial'
        ? ttm
        : group === 'restatements'
          ? restatements
          : asFiledAnswer(
              groupAnswer(
                group as FinancialGroup,
                url.searchParams.get('period') === 'quarterly' ? 'quarterly' : 'annual',
                kind,
                transition,
              ),
              url.searchParams.get('asOf'),
            );
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderTab({
  path = '/stocks/EURO/financials',
  cik = '1234567' as string | null,
  demo = false,
  table = true,
} = {}) {
  const i18n = await testI18n(['en']);
  const router = createRouter(
    [{ path: '/stocks/:ticker/:tab', Component: () => <FinancialsTab ticker="EURO" cik={cik} demo={demo} /> }],
    memoryHistory([path]),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  if (table) await screen.findByRole('table');
  return router;
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('financials tab', () => {
  it('keeps the statement and the period in the URL, and Back undoes a change', async () => {
    serveApi();
    const router = await renderTab();
    expect(pressed('Income statement')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Balance sheet' }));
    expect(router.state.location.search).toBe('?statement=balance-sheet');
    fireEvent.click(screen.getByRole('button', { name: 'Quarterly' }));
    expect(router.state.location.search).toBe('?statement=balance-sheet&period=quarterly');
    expect(pressed('Quarterly')).toBe('true');
    // Back is a history event: the router's state and the buttons follow it, not in the same tick on a busy
    // machine (two test files run side by side).
    await act(() => router.navigate(-1));
    await waitFor(() => expect(pressed('Annual')).toBe('true'));
    expect(pressed('Balance sheet')).toBe('true');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(pressed('Income statement')).toBe('true'));
  });

  it('switches with the selects phones show, into the same URL', async () => {
    serveApi();
    const router = await renderTab();
    fireEvent.change(screen.getByRole('combobox', { name: 'Statement' }), { target: { value: 'cash-flow' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'ttm' } });
    expect(router.state.location.search).toBe('?statement=cash-flow&period=ttm');
    expect(pressed('Cash flow')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', 'ttm');
  });

  it('opens a shared view from its address, and ignores values it does not know', async () => {
    serveApi();
    await renderTab({ path: '/stocks/EURO/financials?statement=margins&period=weekly' });
    expect(pressed('Margins')).toBe('true');
    expect(pressed('Annual')).toBe('true');
  });

  it('states the units of each table in the API currency, with its splits', async () => {
    serveApi();
    const router = await renderTab();
    const note = screen.getByText(/Amounts in EUR/);
    expect(note.textContent).toContain('€1.25B');
    expect(note.textContent).toContain('Per-share values in EUR.');
    expect(note.textContent).toContain('adjusted for splits: 4:1 on Jun 1, 2021');
    expect(screen.getByRole('table').textContent).toContain('€86.15B');
    expect(document.body.textContent).not.toContain('USD');
    // A table of margins is in %, not in euros.
    await act(() => router.navigate('/stocks/EURO/financials?statement=margins'));
    expect((await screen.findByText(/Ratios and margins in %/)).textContent).not.toContain('EUR');
    expect(screen.getByRole('table').textContent).toContain('42.0%');
  });

  it('turns the growth rows off and on from the URL', async () => {
    serveApi();
    const router = await renderTab();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('row', { name: /Revenue: growth/ }).textContent).toContain('+7.7%');
    const toggle = screen.getByRole('checkbox', { name: 'YoY growth' });
    fireEvent.click(toggle);
    expect(router.state.location.search).toBe('?growth=off');
    expect(within(screen.getByRole('table')).queryByRole('row', { name: /growth/ })).toBeNull();
    await act(() => router.navigate(-1));
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Interest expense: growth/ })).toBeTruthy();
  });

  it('says an annual-only filer has no quarters, and shows the fiscal years for TTM', async () => {
    serveApi();
    const router = await renderTab({ path: '/stocks/EURO/financials?period=ttm' });
    expect(screen.getByText(/files annual reports only/)).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Line item',
      'Trend',
      'FY 2024',
      'FY 2023',
    ]);
    await act(() => router.navigate('/stocks/EURO/financials?period=quarterly'));
    expect(await screen.findByText(/files annual reports only/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('puts a real TTM before the fiscal years, without a fallback note', async () => {
    const [fy] = TTM.series;
    if (!fy) throw new Error('no TTM fixture');
    const trailing = {
      ...fy,
      basis: 'ttm' as const,
      quartersFiled: true,
      asOf: '2025-06-30',
      values: { revenue: 88e9 },
    };
    const period = {
      fiscalYear: 2025,
      fiscalPeriod: 'TTM' as const,
      periodStart: '2024-07-01',
      periodEnd: '2025-06-30',
    };
    const fetchMock = serveApi({ series: [{ ...trailing, period }] });
    await renderTab({ path: '/stocks/EURO/financials?period=ttm' });
    // The TTM of every line of the statement (of every template: one request whatever the kind), not only the key figures.
    const ttmUrl = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('ttm-financial'));
    const fields = new URL(ttmUrl ?? '', 'http://localhost').searchParams.get('fields');
    expect(fields?.split(',')).toEqual(allTemplateLines('income-statement'));
    const heads = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(heads.slice(2)).toEqual(['TTM', 'FY 2024', 'FY 2023']);
    expect(screen.getByRole('table').textContent).toContain('€88.00B');
    expect(screen.queryByText(/TTM not available/)).toBeNull();
  });

  it("shows a bank's template without the figures that mean nothing for it, and labels a transition period", async () => {
    serveApi(TTM, 'bank', true);
    await renderTab();
    // Lines with figures, in the bank's order (interest expense before revenue); no growth rows.
    const rows = within(screen.getByRole('table'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
      .filter((name) => !name?.startsWith('Growth'));
    expect(rows.slice(0, 2)).toEqual(['Interest expense', 'Revenue']);
    expect(rows).not.toContain('Gross margin');
    expect(rows).not.toContain('EBITDA');
    expect(screen.getByText(/^Template: Bank\. Not meaningful .*: Cost of revenue, Gross profit, /)).toBeTruthy();
    const heads = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(heads.slice(2)).toEqual([
      'FY 2024',
      expect.stringMatching(/^Transition period .*2024 – .*2024$/),
      'FY 2023',
    ]);
  });

  it('lists the values a later filing changed: first filed, latest, change and both filings', async () => {
    serveApi(TTM, 'general', false, RESTATEMENTS);
    const i18n = await testI18n(['en']);
    const router = createRouter(
      [{ path: '/stocks/:ticker/:tab', Component: () => <FinancialsTab ticker="EURO" cik="1234567" /> }],
      memoryHistory(['/stocks/EURO/financials']),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const ledger = await screen.findByRole('table', { name: 'Values of EURO changed by a later filing, newest first' });
    const [row] = within(ledger).getAllByRole('row').slice(1);
    expect(row?.textContent).toContain('FY 2023');
    expect(row?.textContent).toContain('Net income');
    expect(row?.textContent).toContain('€9.50B');
    expect(row?.textContent).toContain('€9.00B');
    expect(row?.textContent).toContain('-5.3%');
    const links = within(row as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('title'))).toEqual(['0001234567-24-000010', ACCESSION]);
    expect(links[1]?.getAttribute('href')).toContain('sec.gov');
  });

  it('opens the demo filing view of a demo company from a value, marked as demo, and Back closes it', async () => {
    serveApi();
    const router = await renderTab({ cik: null, demo: true });
    const revenue = within(screen.getByRole('table')).getByRole('row', { name: /^Revenue(?!:)/ });
    fireEvent.click(within(revenue).getAllByRole('link')[0] as HTMLElement);
    expect(router.state.location.search).toBe('?filing=2024-FY&line=revenue');
    const dialog = await screen.findByRole('dialog', { name: 'Demo filing of EURO, FY 2024' });
    expect(within(dialog).getByText('Demo data')).toBeTruthy();
    const line = within(dialog).getByRole('row', { name: /^Revenue/ });
    expect(line.getAttribute('aria-current')).toBe('true');
    expect(line.textContent).toContain('Generated by the demo data generator');
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the statements as filed on a day chosen in the URL, says so, and goes back to the latest', async () => {
    const fetchMock = serveApi();
    const router = await renderTab();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(screen.getByLabelText('As filed on'), { target: { value: '2024-06-30' } });
    expect(router.state.location.search).toBe('?asOf=2024-06-30');
    expect(await screen.findByText(/Statements as filed on .*2024/)).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(
      asked.some((url) => url.pathname.endsWith('/income-statement') && url.searchParams.get('asOf') === '2024-06-30'),
    ).toBe(true);
    // Only the year filed by then: 2024's report came later.
    await screen.findByRole('columnheader', { name: /FY 2023/ });
    expect(screen.queryByRole('columnheader', { name: /FY 2024/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the latest' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(/Statements as filed on/)).toBeNull();
    await screen.findByRole('columnheader', { name: /FY 2024/ });
    // Back returns to the earlier day.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?asOf=2024-06-30');
    expect((screen.getByLabelText('As filed on') as HTMLInputElement).value).toBe('2024-06-30');
  });

  it('says when the first statements were filed for a day before them', async () => {
    serveApi();
    await renderTab({ path: '/stocks/EURO/financials?asOf=2020-01-15', table: false });
    expect(
      await screen.findByText(/Nothing had been filed by .*2020: the first statements were filed on .*2024/),
    ).toBeTruthy();
  });

  it('takes a full day from the date field; a cleared field or a day from today on is the latest', () => {
    expect(asFiledChoice('2024-06-30', '2026-11-28')).toBe('2024-06-30');
    expect(asFiledChoice('', '2026-11-28')).toBeNull();
    expect(asFiledChoice('2026-11-28', '2026-11-28')).toBeNull();
    expect(asFiledChoice('2027-01-01', '2026-11-28')).toBeNull();
    // A year still being typed, and what no date field gives.
    expect(asFiledChoice('0202-06-30', '2026-11-28')).toBeUndefined();
    expect(asFiledChoice('2024-02-30', '2026-11-28')).toBeUndefined();
  });
});
