import { dividendsByMonth, dividendsPerShare, dividendYieldPercentile, errorBody } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { loadSecurities, weekdayBars } from '../../../test/market-factory.ts';

const quarterly = (from: number, to: number, amount: (year: number) => number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((year) =>
    ['02-15', '05-15', '08-15', '11-15'].map((md) => ({
      exDate: `${year}-${md}`,
      amount: amount(year),
      payDate: `${year}-${md.slice(0, 2)}-28`,
    })),
  );

describe.each(testDatabases())('dividend calls on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      {
        // Growing quarterly dividends at a flat price: the yield today is the highest of its history.
        ticker: 'GROW',
        prices: weekdayBars('2014-01-01', '2024-12-31', () => 100),
        dividends: quarterly(2014, 2024, (year) => 0.5 + (year - 2014) * 0.05),
      },
      {
        // A 2:1 split in 2020: the 1.0 paid before is 0.5 per today's share.
        ticker: 'SPLT',
        prices: weekdayBars('2018-01-01', '2024-12-31', (day) => (day < '2020-06-01' ? 80 : 40)),
        splits: [{ day: '2020-06-01', numerator: 2, denominator: 1 }],
        dividends: [
          { exDate: '2019-03-01', amount: 1 },
          { exDate: '2021-03-01', amount: 0.6 },
        ],
      },
      { ticker: 'NODV', prices: weekdayBars('2020-01-01', '2024-12-31', () => 10) },
      {
        // Loaded from 26 June 2012: 2012 holds two of its four growing dividends (QBYT in the oracle).
        ticker: 'MIDY',
        prices: weekdayBars('2012-06-26', '2024-12-31', () => 100),
        dividends: quarterly(2012, 2024, (year) => 0.5 + (year - 2012) * 0.05).filter((d) => d.exDate >= '2012-06-26'),
      },
      {
        ticker: 'YUNG',
        prices: weekdayBars('2024-06-03', '2024-12-31', () => 10),
        dividends: [{ exDate: '2024-09-02', amount: 0.1 }],
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, query: Record<string, string>) => {
    const response = await t.app.inject({ url, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('gives DPS per year with growth, split-adjusted, the 5-year CAGR and the growth streak', async () => {
    const body = dividendsPerShare.parse(
      await get('/api/data/dividends/dps', { tickers: 'GROW,SPLT,NODV', from: '2019-01-01' }),
    );
    const [grow, split, none] = body.series;
    expect(grow?.years[0]).toEqual({
      year: 2019,
      dps: expect.closeTo(4 * 0.75, 10),
      growth: expect.closeTo(0.75 / 0.7 - 1, 10),
      payments: 4,
    });
    expect(grow?.years.at(-1)?.year).toBe(2024);
    // Last full year before 2024-12-31 is 2023: (0.95 / 0.7)^(1/5) - 1, growing every year since 2015.
    expect(grow?.cagr5y).toBeCloseTo((0.95 / 0.7) ** 0.2 - 1, 10);
    expect(grow?.growthYears).toBe(9);
    expect(split?.years).toEqual([
      { year: 2019, dps: 0.5, growth: null, payments: 1 },
      { year: 2020, dps: 0, growth: 0 - 1, payments: 0 },
      { year: 2021, dps: 0.6, growth: null, payments: 1 },
    ]);
    expect(none).toMatchObject({ years: [], cagr5y: null, growthYears: 0 });
  });

  it('counts no growth over a first year the history covers only in part', async () => {
    const body = dividendsPerShare.parse(await get('/api/data/dividends/dps', { tickers: 'MIDY' }));
    const [midy] = body.series;
    expect(midy?.years.slice(0, 3).map((y) => [y.year, y.growth])).toEqual([
      [2012, null],
      [2013, null],
      [2014, expect.closeTo(0.6 / 0.55 - 1, 10)],
    ]);
    // 2014 to 2023 grew over a full year: 10; 2013 over the half year 2012 is not counted.
    expect(midy?.growthYears).toBe(10);
    // 2023 over 2018, both full: (1.05 / 0.8)^(1/5) - 1.
    expect(midy?.cagr5y).toBeCloseTo((1.05 / 0.8) ** 0.2 - 1, 10);
  });

  it('lays dividends out per calendar month by ex-date, with the payment pattern', async () => {
    const body = dividendsByMonth.parse(
      await get('/api/data/dividends/by-month', { tickers: 'GROW,NODV', from: '2024-01-01', to: '2024-12-31' }),
    );
    const [grow, none] = body.series;
    expect(grow).toMatchObject({ pattern: 'quarterly', payingMonths: [2, 5, 8, 11] });
    expect(grow?.months).toHaveLength(12);
    expect(grow?.months[1]).toEqual({
      month: 2,
      amount: expect.closeTo(1, 10),
      payments: [{ exDate: '2024-02-15', payDate: '2024-02-28', amount: expect.closeTo(1, 10) }],
    });
    expect(none).toMatchObject({ pattern: 'none', payingMonths: [] });
  });

  it("places today's yield in its own 10-year history, with the band", async () => {
    const body = dividendYieldPercentile.parse(await get('/api/data/indicator/div-perc', { ticker: 'GROW' }));
    expect(body.day).toBe('2024-12-31');
    expect(body.yieldPct).toBeCloseTo(4, 10);
    expect(body.percentile).toBe(100);
    expect(body.band?.p10).toBeLessThan(body.band?.p50 ?? 0);
    expect(body.windowStart && body.windowStart > '2014-12-31').toBe(true);
    expect(body.days).toBeGreaterThan(2500);
  });

  it('has no percentile without dividends, and no yield with less than a year of dividend history', async () => {
    const none = dividendYieldPercentile.parse(await get('/api/data/indicator/div-perc', { ticker: 'NODV' }));
    expect(none).toMatchObject({ yieldPct: 0, percentile: null, band: null });
    const young = dividendYieldPercentile.parse(await get('/api/data/indicator/div-perc', { ticker: 'YUNG' }));
    // A first dividend four months ago: no yield, percentile or band from a partial year (issue 42).
    expect(young).toMatchObject({ day: null, yieldPct: null, percentile: null, band: null, days: 0 });
  });

  it('answers 404 for an unknown ticker and 400 for a bad range', async () => {
    const unknown = await t.app.inject({ url: '/api/data/indicator/div-perc?ticker=NOPE' });
    expect(errorBody.parse(unknown.json()).error).toMatchObject({
      code: 'ticker_not_found',
      details: { ticker: 'NOPE' },
    });
    const bad = await t.app.inject({ url: '/api/data/dividends/by-month?tickers=GROW&from=2024-12-01&to=2024-01-01' });
    expect(bad.statusCode).toBe(400);
    expect((errorBody.parse(bad.json()).error.details as { field: string }).field).toBe('from');
  });
});
