import type { CompanyProfile, HomeCards, SecurityStatistics } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../router/memory-router.tsx';
import { figures } from '../../test/figures.ts';
import { testI18n } from '../../test/i18n.ts';
import { KeyStats } from './key-stats.tsx';

/*
 * The crypto page's key statistics as a person reads them (issue 22): the panel fetches the coin's
 * statistics and card from the API (answers in the API's own shapes) and shows its market cap, fully
 * diluted valuation and supply in the page's language.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROFILE: CompanyProfile = {
  ticker: 'QBTZ',
  name: 'Quibitz',
  kind: 'crypto',
  exchange: 'Demo Crypto',
  sector: null,
  industry: null,
  country: null,
  currency: 'USD',
  description: 'The first invented coin of the demo.',
  website: null,
  cik: null,
  fiscalYearEnd: null,
  price: 100,
  changePct: 1.5,
  marketCap: 1_958_546_800,
  demo: true,
  pricesAsOf: '2026-01-02',
  filingsAsOf: null,
};

const STATISTICS: SecurityStatistics = {
  ticker: 'QBTZ',
  kind: 'crypto',
  currency: 'USD',
  asOf: '2026-01-02',
  volume: { lastDay: 2_400_000, average30d: 2_100_000, average3m: 2_000_000 },
  yearRange: { low: 61.2, high: 118.4 },
  allTimeHigh: { close: 131.5, day: '2025-03-03' },
  fromAllTimeHighPct: -23.95,
  beta: null,
  lastDividend: null,
  nextDividend: null,
  supply: {
    asOf: '2026-01-02',
    marketCap: 1_958_546_800,
    circulating: 19_585_468,
    total: 19_585_468,
    max: 21_000_000,
    fullyDilutedValuation: 2_100_000_000,
  },
  figures: figures({ marketCap: 1_958_546_800, drawdownPct: -23.95, maxDrawdownPct: -80.1 }),
};

const CARDS: HomeCards = {
  cards: [
    {
      ticker: 'QBTZ',
      name: 'Quibitz',
      kind: 'crypto',
      currency: 'USD',
      price: 100,
      changePct: 1.5,
      change1yPct: 12.5,
      day: '2026-01-02',
      dividendYieldPct: null,
      marketCap: 1_958_546_800,
      sparkline: [],
    },
  ],
};

async function renderCoinStats(language: 'en' | 'fr', statistics: SecurityStatistics = STATISTICS) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = String(input);
      asked.push(url);
      const body = url.includes('/company/statistics') ? statistics : CARDS;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const i18n = await testI18n([language]);
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[language === 'en' ? '/crypto/QBTZ' : `/${language}/crypto/QBTZ`]}>
          <KeyStats profile={PROFILE} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { asked };
}

/** The value shown beside a label of the key statistics. */
async function statValue(label: string): Promise<HTMLElement> {
  const term = await screen.findByText(label, { selector: 'dt' });
  const row = term.parentElement as HTMLElement;
  return within(row).getByRole('definition');
}

describe('a coin’s key statistics', () => {
  it('shows market cap, fully diluted valuation and circulating, total and max supply from the API', async () => {
    const { asked } = await renderCoinStats('en');
    expect((await statValue('Market cap')).textContent).toBe('$1.96B');
    expect((await statValue('Fully diluted valuation')).textContent).toBe('$2.10B');
    const circulating = await statValue('Circulating supply');
    expect(circulating.textContent).toBe('19.59M QBTZ');
    // The whole count on hover.
    expect(circulating.parentElement?.getAttribute('title')).toBe('19,585,468 QBTZ');
    expect((await statValue('Max supply')).textContent).toBe('21.00M QBTZ');
    expect((await statValue('Total supply')).textContent).toBe('19.59M QBTZ');
    // A coin has no statements: the TTM call is never made.
    expect(asked.some((url) => url.includes('/api/data/company/statistics?ticker=QBTZ'))).toBe(true);
    expect(asked.some((url) => url.includes('ttm-financial'))).toBe(false);
  });

  it('in French, with its own labels and number format; no max supply row for a coin without a cap', async () => {
    const uncapped = {
      ...STATISTICS,
      supply: { ...(STATISTICS.supply as NonNullable<SecurityStatistics['supply']>), max: null },
    };
    await renderCoinStats('fr', uncapped);
    const circulating = await statValue('Offre en circulation');
    expect(circulating.textContent?.replace(/\s/g, ' ')).toBe('19,59 M QBTZ');
    expect(screen.queryByText('Offre maximale')).toBeNull();
    expect(await statValue('Capitalisation')).toBeTruthy();
  });
});
