import {
  dividendYieldChart,
  drawdownChart,
  errorBody,
  priceChart,
  priceChartV2,
  valuationRatiosChart,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { calendarBars, fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

// SPLT: 100 before a 2:1 split on 2024-03-01, 50 after: the same value, not a 50% drop.
// DIVY: flat 40, a 0.5 dividend each quarter. COIN: crypto, every calendar day, no fundamentals.
// GRWN: quarterly revenue and EPS, equity, shares, for valuation ratios; loses money in 2023.
const quarters = (year: number, item: string, value: number) =>
  (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => fact(item, year, q, value));

describe.each(testDatabases())('chart calls on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      {
        ticker: 'SPLT',
        prices: weekdayBars('2024-01-01', '2024-06-28', (day) => (day < '2024-03-01' ? 100 : 50)),
        splits: [{ day: '2024-03-01', numerator: 2, denominator: 1 }],
      },
      {
        ticker: 'DIVY',
        prices: weekdayBars('2023-01-02', '2024-12-31', () => 40),
        dividends: ['2023-03-15', '2023-06-15', '2023-09-15', '2023-12-15', '2024-03-15'].map((exDate) => ({
          exDate,
          amount: 0.5,
        })),
      },
      {
        ticker: 'COIN',
        kind: 'crypto',
        prices: calendarBars('2024-01-01', '2024-01-10', (_day, i) => [10, 12, 9, 6, 8, 12, 13, 11, 10, 13][i] ?? 1),
      },
      {
        ticker: 'GRWN',
        prices: weekdayBars('2022-01-03', '2024-12-31', () => 20),
        facts: [
          ...quarters(2022, 'revenue', 100),
          ...quarters(2022, 'eps_basic', 0.5),
          ...quarters(2023, 'revenue', 100),
          ...quarters(2023, 'eps_basic', -0.25),
          fact('equity', 2022, 'FY', 1000, { instant: true }),
          fact('shares_outstanding', 2022, 'FY', 100, { instant: true }),
          ...quarters(2022, 'operating_cash_flow', 60),
          // Filed as a negative outflow, as many filers do: free cash flow still subtracts it.
          ...quarters(2022, 'capital_expenditure', -10),
          fact('total_debt', 2022, 'FY', 800, { instant: true }),
          fact('cash', 2022, 'FY', 400, { instant: true }),
        ],
      },
      {
        // Trades in USD, files in EUR (an IFRS 20-F filer): the same figures as GRWN, in another currency.
        ticker: 'EURO',
        prices: weekdayBars('2023-01-02', '2023-03-31', () => 20),
        facts: [
          ...quarters(2022, 'revenue', 100).map((f) => ({ ...f, unit: 'EUR' })),
          ...quarters(2022, 'eps_basic', 0.5).map((f) => ({ ...f, unit: 'EUR/shares' })),
          fact('equity', 2022, 'FY', 1000, { instant: true, unit: 'EUR' }),
          fact('shares_outstanding', 2022, 'FY', 100, { instant: true }),
        ],
      },
      {
        // Files deposits, loans and net interest income: a bank, whose EV and free cash flow mean nothing.
        ticker: 'BANK',
        prices: weekdayBars('2023-01-02', '2023-03-31', () => 20),
        facts: [
          ...quarters(2022, 'revenue', 100),
          ...quarters(2022, 'eps_basic', 0.5),
          ...quarters(2022, 'net_interest_income', 80),
          ...quarters(2022, 'operating_cash_flow', 60),
          fact('deposits', 2022, 'FY', 5000, { instant: true }),
          fact('loans', 2022, 'FY', 4000, { instant: true }),
          fact('equity', 2022, 'FY', 1000, { instant: true }),
          fact('shares_outstanding', 2022, 'FY', 100, { instant: true }),
          fact('total_debt', 2022, 'FY', 800, { instant: true }),
          fact('cash', 2022, 'FY', 400, { instant: true }),
        ],
      },
      {
        // An insurer (its SIC code, borne out by premiums earned): no EBITDA, so no EV/EBITDA (issue 42: ZINS).
        ticker: 'INSR',
        profile: { sicCode: '6331' },
        prices: weekdayBars('2023-01-02', '2023-03-31', () => 20),
        facts: [
          ...quarters(2022, 'revenue', 100),
          ...quarters(2022, 'premiums_earned', 90),
          ...quarters(2022, 'eps_basic', 0.5),
          ...quarters(2022, 'operating_income', 30),
          ...quarters(2022, 'depreciation_amortization', 5),
          ...quarters(2022, 'operating_cash_flow', 60),
          fact('equity', 2022, 'FY', 1000, { instant: true }),
          fact('shares_outstanding', 2022, 'FY', 100, { instant: true }),
          fact('total_debt', 2022, 'FY', 800, { instant: true }),
          fact('cash', 2022, 'FY', 400, { instant: true }),
        ],
      },
      {
        // Files diluted EPS beside basic: its P/E is on the diluted one.
        ticker: 'DILU',
        prices: weekdayBars('2023-01-02', '2023-03-31', () => 20),
        facts: [
          ...quarters(2022, 'revenue', 100),
          ...quarters(2022, 'eps_basic', 0.5),
          ...quarters(2022, 'eps_diluted', 0.4),
          fact('shares_outstanding', 2022, 'FY', 100, { instant: true }),
        ],
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  async function get(url: string, query: Record<string, string>) {
    const response = await t.app.inject({ url, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('gives one split-adjusted price series per ticker, in the order asked, within from..to', async () => {
    const body = priceChart.parse(
      await get('/api/data/chart/price', { tickers: 'divy,SPLT', from: '2024-02-27', to: '2024-03-04' }),
    );
    expect(body.series.map((s) => s.ticker)).toEqual(['DIVY', 'SPLT']);
    const split = body.series[1];
    expect(split?.points).toEqual([
      { day: '2024-02-27', close: 50 },
      { day: '2024-02-28', close: 50 },
      { day: '2024-02-29', close: 50 },
      { day: '2024-03-01', close: 50 },
      { day: '2024-03-04', close: 50 },
    ]);
  });

  it('marks the split and the dividends in the v2 OHLCV series, with volume in split-adjusted shares', async () => {
    const body = priceChartV2.parse(
      await get('/api/data/v2/chart/price', { tickers: 'SPLT,DIVY', from: '2024-02-29', to: '2024-03-15' }),
    );
    const [split, divy] = body.series;
    expect(split?.points[0]).toMatchObject({ day: '2024-02-29', close: 50, open: 49.5, volume: 2000 });
    expect(split?.points[1]).toMatchObject({
      day: '2024-03-01',
      close: 50,
      volume: 1000,
      split: { numerator: 2, denominator: 1 },
    });
    expect(split?.points.filter((p) => p.split)).toHaveLength(1);
    const exDay = divy?.points.find((p) => p.day === '2024-03-15');
    expect(exDay?.dividend).toBe(0.5);
    expect(divy?.points.filter((p) => p.dividend !== undefined)).toHaveLength(1);
    // Total return: the day before an ex-date is discounted by 1 - 0.5 / 40.
    const before = divy?.points.find((p) => p.day === '2024-03-14');
    expect(before?.adjClose).toBeCloseTo(40 * (1 - 0.5 / 40), 10);
  });

  it('gives a coin its OHLCV on UTC days, and refuses a stock there', async () => {
    const body = priceChartV2.parse(await get('/api/data/v2/chart/crypto/price', { tickers: 'COIN' }));
    expect(body.series[0]?.points).toHaveLength(10);
    expect(body.series[0]?.points[3]).toMatchObject({ day: '2024-01-04', close: 6, volume: 10 });
    const stock = await t.app.inject({ url: '/api/data/v2/chart/crypto/price', query: { tickers: 'SPLT' } });
    expect(stock.statusCode).toBe(404);
  });

  it('has the POST variants with the same answer as GET', async () => {
    const query = { tickers: 'SPLT', from: '2024-03-01', to: '2024-03-08' };
    const viaGet = await get('/api/data/v2/chart/price', query);
    const viaPost = await t.app.inject({
      method: 'POST',
      url: '/api/data/v2/chart/price',
      payload: { tickers: ['SPLT'], from: '2024-03-01', to: '2024-03-08' },
    });
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json()).toEqual(viaGet);
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/api/data/chart/crypto/price',
      payload: { tickers: ['coin'] },
    });
    expect(priceChart.parse(crypto.json()).series[0]?.points).toHaveLength(10);
  });

  it('measures the drawdown from the running high of the range, and a split is not a drop', async () => {
    const split = drawdownChart.parse(await get('/api/data/chart/downside-potential', { tickers: 'SPLT' }));
    expect(split.series[0]).toMatchObject({ currentPct: 0, maxPct: 0 });
    const coin = drawdownChart.parse(await get('/api/data/chart/crypto/downside-potential', { tickers: 'COIN' }));
    // Closes 10 12 9 6 8 12 13 11 10 13: deepest 6 / 12 - 1 = -50% on the 4th, last back at a new high.
    expect(coin.series[0]).toMatchObject({ currentPct: 0, maxPct: -50, maxDay: '2024-01-04' });
    expect(coin.series[0]?.points.map((p) => Math.round(p.drawdownPct))).toEqual([
      0, 0, -25, -50, -33, 0, 0, -15, -23, 0,
    ]);
    const fromLater = drawdownChart.parse(
      await get('/api/data/chart/crypto/downside-potential', { tickers: 'COIN', from: '2024-01-04' }),
    );
    expect(fromLater.series[0]?.points[0]).toEqual({ day: '2024-01-04', drawdownPct: 0 });
  });

  it('gives each range button’s change from daily closes, whatever the points’ resolution', async () => {
    const body = priceChartV2.parse(await get('/api/data/v2/chart/price', { tickers: 'SPLT', resolution: 'weekly' }));
    const splt = body.series[0];
    expect(splt?.resolution).toBe('weekly');
    // Split-adjusted, SPLT is 50 throughout (the 2:1 split is no drop): 0 % over every range its closes
    // (2024-01-01 to 2024-06-28) reach back to; none from six months on, whose start is 2023-12-28.
    expect(splt?.rangeChangesPct).toEqual({ '1M': 0, '6M': null, YTD: 0, '1Y': null, '5Y': null, '10Y': null, MAX: 0 });
  });

  it('gives the TTM dividend yield per day only where the dividend history covers the year before', async () => {
    const body = dividendYieldChart.parse(
      await get('/api/data/chart/dividend-yield-by-time', {
        tickers: 'DIVY,SPLT',
        from: '2023-06-01',
        to: '2024-12-31',
      }),
    );
    const [divy, none] = body.series;
    // The history is known from the first close, 2023-01-02: no yield from a partial year, none before
    // 2024-01-02 (365 days on), when the four ex-dates of 2023 count (the first ex-date's year is not waited for).
    expect(divy?.points[0]?.day).toBe('2024-01-02');
    expect(divy?.points[0]?.yieldPct).toBeCloseTo(5, 10);
    // 2024-03-15: four dividends in the last 365 days (2023-06-15 .. 2024-03-15) = 2 / 40 = 5%.
    expect(divy?.points.find((p) => p.day === '2024-03-15')?.yieldPct).toBeCloseTo(5, 10);
    expect(divy?.points.find((p) => p.day === '2024-12-31')?.yieldPct).toBeCloseTo((0.5 / 40) * 100, 10);
    // No dividends and closes from 2024-01-01 only: its 0 % is not known over a whole year yet.
    expect(none?.points).toEqual([]);
    const later = dividendYieldChart.parse(
      await get('/api/data/chart/dividend-yield-by-time', { tickers: 'GRWN', from: '2024-01-01', to: '2024-01-31' }),
    );
    // No dividends over the closes since 2022: 0 % on every day, from the range's first trading day (the
    // factory's weekdays: 1 January included).
    expect(later.series[0]?.points[0]?.day).toBe('2024-01-01');
    expect(later.series[0]?.points.every((p) => p.yieldPct === 0)).toBe(true);
  });

  it('computes valuation ratios from the fundamentals filed by each day; P/E is null in a loss year', async () => {
    const body = valuationRatiosChart.parse(
      await get('/api/data/chart/valuation-ratios', { tickers: 'GRWN', from: '2023-01-02', to: '2024-12-31' }),
    );
    const at = (day: string) => body.series[0]?.points.find((p) => p.day === day);
    // 2022's Q4 (ended 2022-12-31) is filed 2023-02-09: before that, only three quarters are known and the
    // fiscal year 2022 is not filed yet either.
    expect(at('2023-02-08')?.pe).toBeNull();
    // From then: TTM EPS 2.0, P/E 20 / 2 = 10; market cap 20 x 100 = 2000, P/S 2000 / 400, P/B 2000 / 1000;
    // FCF 240 - 40 = 200, P/FCF 2000 / 200; EV 2000 + 800 - 400 = 2400, EV/Sales 2400 / 400.
    expect(at('2023-02-09')).toEqual({
      day: '2023-02-09',
      pe: 10,
      ps: 5,
      pb: 2,
      evEbitda: null,
      pfcf: 10,
      evSales: 6,
    });
    // After the four loss quarters of 2023 are filed, TTM EPS is -1: no P/E.
    expect(at('2024-03-01')?.pe).toBeNull();
    expect(at('2024-03-01')?.ps).toBe(5);
  });

  it('computes P/E on diluted EPS where filed and says which, basic where none is', async () => {
    const body = valuationRatiosChart.parse(
      await get('/api/data/chart/valuation-ratios', { tickers: 'DILU,GRWN', from: '2023-03-01', to: '2023-03-01' }),
    );
    const [dilu, grwn] = body.series;
    // TTM diluted EPS 1.6: P/E 20 / 1.6 = 12.5 (on basic, 2.0, it would be 10).
    expect(dilu).toMatchObject({ peEps: 'diluted', template: 'general', notMeaningful: [] });
    expect(dilu?.points[0]?.pe).toBeCloseTo(12.5, 10);
    expect(grwn).toMatchObject({ peEps: 'basic' });
    expect(grwn?.points[0]?.pe).toBe(10);
  });

  it('gives a bank no EV/EBITDA, EV/Sales or P/FCF series, and says they mean nothing for its kind', async () => {
    const body = valuationRatiosChart.parse(
      await get('/api/data/chart/valuation-ratios', { tickers: 'BANK', from: '2023-03-01', to: '2023-03-03' }),
    );
    const bank = body.series[0];
    expect(bank?.template).toBe('bank');
    expect(bank?.notMeaningful).toEqual(['evEbitda', 'pfcf', 'evSales']);
    for (const point of bank?.points ?? []) {
      expect(point).toMatchObject({ pe: 10, ps: 5, pb: 2, evEbitda: null, pfcf: null, evSales: null });
    }
  });

  it('gives an insurer no EV/EBITDA series, as its key statistics and screener row give none', async () => {
    const body = valuationRatiosChart.parse(
      await get('/api/data/chart/valuation-ratios', { tickers: 'INSR', from: '2023-03-01', to: '2023-03-03' }),
    );
    const insurer = body.series[0];
    expect(insurer?.template).toBe('insurer');
    expect(insurer?.notMeaningful).toEqual(['evEbitda']);
    // EV 2000 + 800 - 400 = 2400 over revenue 400: EV/Sales 6 means something for an insurer.
    for (const point of insurer?.points ?? []) expect(point).toMatchObject({ evEbitda: null, evSales: 6, pb: 2 });
  });

  it('gives no valuation ratio when the statements are in another currency than the price', async () => {
    const body = valuationRatiosChart.parse(
      await get('/api/data/chart/valuation-ratios', { tickers: 'GRWN,EURO', from: '2023-03-01', to: '2023-03-03' }),
    );
    const [dollars, euros] = body.series;
    expect(dollars?.points[0]).toMatchObject({ pe: 10, pb: 2 });
    expect(euros?.points.map((p) => p.day)).toEqual(['2023-03-01', '2023-03-02', '2023-03-03']);
    for (const point of euros?.points ?? []) {
      expect(point).toEqual({
        day: point.day,
        pe: null,
        ps: null,
        pb: null,
        evEbitda: null,
        pfcf: null,
        evSales: null,
      });
    }
  });

  it('says ticker_not_found for an unknown ticker, and for a stock on a crypto path and back', async () => {
    for (const [url, tickers] of [
      ['/api/data/chart/price', 'SPLT,NOPE'],
      ['/api/data/chart/crypto/price', 'SPLT'],
      ['/api/data/chart/valuation-ratios', 'COIN'],
    ] as const) {
      const response = await t.app.inject({ url, query: { tickers } });
      expect(response.statusCode).toBe(404);
      const body = errorBody.parse(response.json());
      expect(body.error.code).toBe('ticker_not_found');
      expect(body.error.details).toEqual({ ticker: tickers.split(',').at(-1) });
    }
  });

  it.each([
    [{ tickers: 'SPLT', from: '2024-13-01' }, 'from'],
    [{ tickers: 'SPLT', to: '2024-02-30' }, 'to'],
    [{ tickers: 'SPLT', from: '2024-05-01', to: '2024-04-01' }, 'from'],
    [{ tickers: 'SP LT' }, 'tickers'],
    [{}, 'tickers'],
  ])('rejects %j with a 400 naming %s', async (query, field) => {
    const response = await t.app.inject({ url: '/api/data/chart/price', query });
    expect(response.statusCode).toBe(400);
    const body = errorBody.parse(response.json());
    expect((body.error.details as { field: string }).field.split('.')[0]).toBe(field);
  });

  it('answers a repeat from the cache and a matching If-None-Match with a 304', async () => {
    const url = '/api/data/chart/price?tickers=SPLT&from=2024-06-01';
    const first = await t.app.inject({ url });
    await t.app.inject({ url }); // stored from the second request on
    const second = await t.app.inject({ url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });
});
