import type { CompanyProfile, SecurityStatistics } from '@app/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { figures } from '../../test/figures.ts';
import { testI18n } from '../../test/i18n.ts';
import { unitFormatters } from '../../ui/units.ts';
import { statRows } from './key-stats.tsx';

const profile: CompanyProfile = {
  ticker: 'SOLQ',
  name: 'Solquarry Power',
  kind: 'stock',
  exchange: null,
  sector: null,
  industry: null,
  country: null,
  currency: 'USD',
  description: null,
  website: null,
  cik: null,
  fiscalYearEnd: null,
  price: 50,
  changePct: 0,
  marketCap: 1_000_000,
  demo: true,
  pricesAsOf: '2026-01-02',
  filingsAsOf: null,
};

const statistics: SecurityStatistics = {
  ticker: 'SOLQ',
  kind: 'stock',
  currency: 'USD',
  asOf: '2026-01-02',
  volume: { lastDay: 1200, average30d: 1100, average3m: 1_250_000 },
  yearRange: { low: 40, high: 55 },
  allTimeHigh: { close: 60, day: '2025-03-03' },
  fromAllTimeHighPct: -16.7,
  beta: { value: 0.8456, weeks: 260, benchmark: 'universe_equal_weight' },
  lastDividend: { exDate: '2025-11-13', amount: 0.42 },
  nextDividend: { exDate: '2026-02-12', amount: 0.42, estimated: true },
  supply: null,
  figures: figures({
    marketCap: 1_000_000,
    enterpriseValue: 1_200_000,
    epsTtm: 2.5,
    pe: 20,
    sharesOutstanding: 20_000,
    dividendYieldPct: 3.4,
    change1yPct: -0.08,
    drawdownPct: -10,
    maxDrawdownPct: -40,
  }),
};

async function rows(input: Partial<Parameters<typeof statRows>[0]>, language: 'en' | 'de' = 'en') {
  const i18n = await testI18n([language]);
  const t = i18n.getFixedT(language, 'stock') as TFunction<'stock'>;
  return statRows(
    {
      profile,
      statistics,
      ...input,
    },
    t,
    unitFormatters(language),
  );
}

describe('key statistics rows', () => {
  it("a stock shows Yahoo's summary: EV, EPS, P/E, shares, volume, beta, ex-dividend days", async () => {
    const byKey = Object.fromEntries((await rows({})).map((row) => [row.key, row]));
    expect(byKey.enterpriseValue?.value).toBe('$1.20M');
    expect(byKey.epsTtm?.value).toBe('$2.50');
    expect(byKey.pe?.value).toBe('20.0×');
    expect(byKey.sharesOutstanding?.value).toBe('20.00K');
    expect(byKey.volume3m?.value).toBe('1.25M');
    expect(byKey.beta?.value).toBe('0.85');
    expect(byKey.lastEx?.value).toBe('Nov 13, 2025 · $0.42');
    expect(byKey.nextEx).toMatchObject({ label: 'Next ex-dividend date (estimated)', value: 'Feb 12, 2026 · $0.42' });
    expect(byKey.range?.value).toBe('$40.00 – $55.00');
    // The catalogue's one-year change, signed: the figure the home card and the screener show too.
    expect(byKey.change1yPct).toMatchObject({ label: '1-year change', value: '-0.1%' });
  });

  it('says how many values filings of the last 3 years restated and the largest change; a dash without statements', async () => {
    const restated = await rows({
      statistics: { ...statistics, figures: { ...statistics.figures, restatements3y: 2, largestRestatementPct: 4 } },
    });
    expect(restated.find((row) => row.key === 'restatements3y')).toMatchObject({
      label: 'Restatements (3 years)',
      value: '2 · largest 4.0%',
    });
    const none = await rows({
      statistics: { ...statistics, figures: { ...statistics.figures, restatements3y: 0, largestRestatementPct: null } },
    });
    expect(none.find((row) => row.key === 'restatements3y')?.value).toBe('0');
    const unknown = await rows({});
    expect(unknown.find((row) => row.key === 'restatements3y')?.value).toBe('—');
  });

  it('shows a figure the layout does not name among the ratios, as the catalogue declares it (issue 42)', async () => {
    const tests = {
      netIncomePositive: true,
      operatingCashFlowPositive: true,
      roaUp: false,
      cashAboveIncome: true,
      leverageDown: true,
      currentRatioUp: false,
      noNewShares: true,
      grossMarginUp: true,
      assetTurnoverUp: true,
    };
    const scored = await rows({
      statistics: {
        ...statistics,
        figures: {
          ...statistics.figures,
          template: 'general',
          piotroskiScore: 7,
          shareholderYieldPct: 4.25,
          parts: { piotroskiScore: tests },
        },
      },
    });
    const keys = scored.map((row) => row.key);
    expect(keys.slice(keys.indexOf('netMargin'), keys.indexOf('nextReport'))).toEqual([
      'netMargin',
      'piotroskiScore',
      'shareholderYieldPct',
    ]);
    const byKey = Object.fromEntries(scored.map((row) => [row.key, row]));
    expect(byKey.piotroskiScore).toMatchObject({ label: 'Piotroski F-score', value: '7/9' });
    expect(byKey.piotroskiScore?.title?.split('\n')).toEqual([
      'Nine tests of the last fiscal year against the one before, one point each:',
      '✓ Net income above zero',
      '✓ Operating cash flow above zero',
      '✗ Return on assets up',
      '✓ Operating cash flow above net income',
      '✓ Long-term debt / total assets down',
      '✗ Current ratio up',
      '✓ No new shares (diluted shares not up)',
      '✓ Gross margin up',
      '✓ Asset turnover up',
    ]);
    expect(byKey.shareholderYieldPct).toMatchObject({ label: 'Shareholder yield (TTM)', value: '4.25%' });
  });

  it('a score with an unknown test reads as a dash and says which test is unknown', async () => {
    const unknown = await rows({
      statistics: {
        ...statistics,
        figures: {
          ...statistics.figures,
          template: 'general',
          piotroskiScore: null,
          parts: { piotroskiScore: { netIncomePositive: true, leverageDown: null } },
        },
      },
    });
    const row = unknown.find((r) => r.key === 'piotroskiScore');
    expect(row?.value).toBe('—');
    expect(row?.title).toContain('— Long-term debt / total assets down');
  });

  it('a bank reads n/m for the enterprise value and the F-score, each saying why', async () => {
    const bank = await rows({ statistics: { ...statistics, figures: { ...statistics.figures, template: 'bank' } } });
    const byKey = Object.fromEntries(bank.map((row) => [row.key, row]));
    expect(byKey.enterpriseValue).toMatchObject({ value: 'n/m', title: expect.stringContaining('enterprise value') });
    expect(byKey.piotroskiScore).toMatchObject({ value: 'n/m', title: expect.stringContaining('gross margin') });
    expect(byKey.shareholderYieldPct?.value).toBe('—');
  });

  it('a declared next ex-date is not called estimated; no dividends read as a dash', async () => {
    const declared = await rows({
      statistics: { ...statistics, nextDividend: { exDate: '2026-02-12', amount: 0.5, estimated: false } },
    });
    expect(declared.find((row) => row.key === 'nextEx')?.label).toBe('Next ex-dividend date');
    const none = await rows({ statistics: { ...statistics, lastDividend: null, nextDividend: null } });
    expect(none.find((row) => row.key === 'lastEx')?.value).toBe('—');
  });

  it('the next report is marked as an estimate and says what it was read from; a dash without one', async () => {
    const expected = {
      date: '2026-02-09',
      periodEnd: '2025-12-31',
      fiscalPeriod: 'FY' as const,
      lagDays: 40,
      basedOn: 3,
    };
    const report = { ticker: 'SOLQ', asOf: '2026-01-02', cadence: 'quarterly' as const, estimated: true as const };
    const estimated = await rows({ nextReport: { ...report, expected, lastFiled: null } });
    expect(estimated.find((row) => row.key === 'nextReport')).toEqual({
      key: 'nextReport',
      label: 'Next report (estimate)',
      value: 'Feb 9, 2026',
      title:
        'Estimated from the filing calendar: the annual report for the period ending Dec 31, 2025, about 40 days after it, as the company usually files',
    });
    const german = await rows(
      { nextReport: { ...report, expected: { ...expected, fiscalPeriod: 'Q1' }, lastFiled: null } },
      'de',
    );
    expect(german.find((row) => row.key === 'nextReport')?.title).toContain('Q1-Bericht');
    const none = await rows({ nextReport: { ...report, cadence: 'irregular', expected: null, lastFiled: null } });
    expect(none.find((row) => row.key === 'nextReport')?.value).toBe('—');
  });

  it('a coin shows its volumes and all-time high, and leaves out what its source does not give', async () => {
    const coin = await rows({ profile: { ...profile, kind: 'crypto', marketCap: null } });
    expect(coin.map((row) => row.key)).toEqual([
      'volume',
      'volume30',
      'ath',
      'fromAth',
      'range',
      'change1yPct',
      'maxDrawdownPct',
    ]);
    expect(coin.find((row) => row.key === 'ath')?.value).toBe('$60.00 · Mar 3, 2025');
    expect(coin.find((row) => row.key === 'fromAth')?.value).toBe('-16.7%');
  });

  const coinProfile: CompanyProfile = { ...profile, ticker: 'QBTZ', kind: 'crypto', marketCap: 1_960_000_000 };
  const coinSupply: NonNullable<SecurityStatistics['supply']> = {
    asOf: '2026-01-02',
    marketCap: 1_958_546_800,
    circulating: 19_585_468,
    total: 19_585_468,
    max: 21_000_000,
    fullyDilutedValuation: 2_100_000_000,
  };

  it('a coin with supply: market cap and fully diluted valuation, then volumes, then its supply in coins', async () => {
    const coin = await rows({
      profile: coinProfile,
      statistics: { ...statistics, kind: 'crypto', supply: coinSupply },
    });
    expect(coin.map((row) => row.key)).toEqual([
      'cap',
      'fdv',
      'volume',
      'volume30',
      'circulating',
      'totalSupply',
      'maxSupply',
      'ath',
      'fromAth',
      'range',
      'change1yPct',
      'maxDrawdownPct',
    ]);
    const byKey = Object.fromEntries(coin.map((row) => [row.key, row]));
    // The statistics' market cap (last close x circulating supply), not the profile's older one.
    expect(byKey.cap).toMatchObject({ label: 'Market cap', value: '$1.96B', title: 'Price × circulating supply' });
    expect(byKey.fdv).toMatchObject({ label: 'Fully diluted valuation', value: '$2.10B' });
    expect(byKey.circulating).toMatchObject({
      label: 'Circulating supply',
      value: '19.59M QBTZ',
      title: '19,585,468 QBTZ',
    });
    expect(byKey.maxSupply?.value).toBe('21.00M QBTZ');
  });

  it('a coin without a cap shows no max supply; its figures follow the language', async () => {
    const uncapped = { ...coinSupply, max: null, total: 20_000_000 };
    const coin = await rows(
      { profile: coinProfile, statistics: { ...statistics, kind: 'crypto', supply: uncapped } },
      'de',
    );
    const byKey = Object.fromEntries(coin.map((row) => [row.key, row]));
    expect(byKey.maxSupply).toBeUndefined();
    expect(byKey.circulating).toMatchObject({ label: 'Umlaufmenge', title: '19.585.468 QBTZ' });
    expect(byKey.circulating?.value).toMatch(/^19,59\sMio\.\sQBTZ$/);
    expect(byKey.totalSupply?.label).toBe('Gesamtmenge');
    expect(byKey.fdv?.label).toBe('Voll verwässerte Bewertung');
  });
});
