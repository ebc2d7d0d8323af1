import { dividendYieldChart, drawdownChart, priceChartV2, valuationRatiosChart } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { fact, loadSecurities, weekdayBars } from '../../../test/market-factory.ts';
import { dayNumber } from '../../finance/types.ts';
import { chooseResolution, lastOfWeek, lowestOfWeek, weekOf, weekRuns, weekRunsOf } from './resolution.ts';

/*
 * Issue 20: a daily series longer than two years goes out one point per week unless resolution=daily asks
 * for every day. LONG: three years of weekdays, a wave of prices (so weeks have highs, lows and troughs
 * inside them), a dividend, a 2:1 split mid-week, and quarterly fundamentals for its valuation ratios.
 */
const wave = (_day: string, i: number) => 50 + 20 * Math.sin(i / 9) + (i % 7);

describe('weeks', () => {
  it('numbers weeks from Monday to Sunday', () => {
    expect(weekOf('2024-01-01')).toBe(weekOf('2024-01-07')); // Monday .. Sunday
    expect(weekOf('2024-01-08')).toBe(weekOf('2024-01-07') + 1);
    expect(weekOf('2023-12-31')).toBe(weekOf('2024-01-01') - 1);
  });

  it('finds each week’s run of days, with gaps and single days', () => {
    expect(weekRuns(['2024-01-02', '2024-01-05', '2024-01-08', '2024-01-22', '2024-01-26'])).toEqual([
      [0, 1],
      [2, 2],
      [3, 4],
    ]);
    expect(weekRuns([])).toEqual([]);
    // From day numbers (what a series read as numbers has): the same runs, Sunday ending its week.
    const days = ['2023-12-31', '2024-01-01', '2024-01-07', '2024-01-08', '2024-02-29', '2024-03-03', '2024-03-04'];
    expect(weekRunsOf(Int32Array.from(days, dayNumber))).toEqual([
      [0, 0],
      [1, 2],
      [3, 3],
      [4, 5],
      [6, 6],
    ]);
    expect(weekRunsOf(Int32Array.from(days, dayNumber))).toEqual(weekRuns(days));
  });

  it('keeps the last point of a week, or its lowest (the latest of equals)', () => {
    const points = [
      { day: '2024-01-01', v: -1 },
      { day: '2024-01-03', v: -5 },
      { day: '2024-01-05', v: -2 },
      { day: '2024-01-08', v: -3 },
      { day: '2024-01-09', v: -3 },
    ];
    expect(lastOfWeek(points).map((p) => p.day)).toEqual(['2024-01-05', '2024-01-09']);
    expect(lowestOfWeek(points, (p) => p.v).map((p) => p.day)).toEqual(['2024-01-03', '2024-01-09']);
  });

  it('chooses daily up to two years of range and weekly beyond, unless asked', () => {
    expect(chooseResolution(undefined, {}, '2022-01-03', '2024-01-03')).toBe('daily');
    expect(chooseResolution('auto', {}, '2022-01-03', '2024-01-05')).toBe('weekly');
    expect(chooseResolution(undefined, { from: '2023-06-01' }, '2022-01-03', '2024-12-31')).toBe('daily');
    expect(chooseResolution(undefined, { to: '2023-06-01' }, '2020-01-03', '2024-12-31')).toBe('weekly');
    expect(chooseResolution('daily', {}, '2000-01-03', '2024-12-31')).toBe('daily');
    expect(chooseResolution('weekly', { from: '2024-12-01' }, '2024-12-02', '2024-12-31')).toBe('weekly');
    expect(chooseResolution(undefined, {}, undefined, undefined)).toBe('daily');
  });

  it('follows the span shown, not its age nor the range asked beyond the data (issue 33)', () => {
    // Six months of 2020, years before the last day: every day.
    expect(chooseResolution(undefined, { from: '2020-01-01', to: '2020-06-30' }, '2020-01-02', '2020-06-30')).toBe(
      'daily',
    );
    // Two years asked exactly, long ago: every day.
    expect(chooseResolution('auto', { from: '2010-03-01', to: '2012-03-01' }, '2010-03-01', '2012-03-01')).toBe(
      'daily',
    );
    // Asked from 2015, but the data begins in 2023: a year and a half shown, every day.
    expect(chooseResolution(undefined, { from: '2015-01-01' }, '2023-06-01', '2024-12-31')).toBe('daily');
    // Asked up to 2030, the data ending in 2024: what is shown decides.
    expect(chooseResolution(undefined, { from: '2023-06-01', to: '2030-12-31' }, '2023-06-01', '2024-12-31')).toBe(
      'daily',
    );
    expect(chooseResolution(undefined, { from: '2015-01-01' }, '2020-06-01', '2024-12-31')).toBe('weekly');
  });
});

describe.each(testDatabases())('resolution of the daily-series calls on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const quarters = (year: number, item: string, value: number) =>
      (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => fact(item, year, q, value));
    await loadSecurities(t.database.db, [
      {
        ticker: 'LONG',
        prices: weekdayBars('2022-01-03', '2024-12-31', (day, i) => wave(day, i) / (day < '2023-05-10' ? 1 : 2)),
        splits: [{ day: '2023-05-10', numerator: 2, denominator: 1 }],
        dividends: ['2022-06-15', '2023-06-14', '2024-06-12'].map((exDate) => ({ exDate, amount: 0.4 })),
        facts: [
          ...[2021, 2022, 2023, 2024].flatMap((year) => [
            ...quarters(year, 'revenue', 100 + year - 2021),
            ...quarters(year, 'eps_basic', 0.5),
          ]),
          fact('equity', 2021, 'FY', 1000, { instant: true }),
          fact('shares_outstanding', 2021, 'FY', 100, { instant: true }),
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

  it('sends a long OHLCV history one bar per week, each week folded into one bar', async () => {
    const daily = priceChartV2.parse(await get('/api/data/v2/chart/price', { tickers: 'LONG', resolution: 'daily' }))
      .series[0];
    const weekly = priceChartV2.parse(await get('/api/data/v2/chart/price', { tickers: 'LONG' })).series[0];
    if (!daily || !weekly) throw new Error('no series');
    expect(daily.resolution).toBe('daily');
    expect(weekly.resolution).toBe('weekly');
    expect(daily.points).toHaveLength(782);
    expect(weekly.points).toHaveLength(157);
    // The week of the split (Monday 8 to Friday 12 May 2023), as one bar on its Friday.
    const week = daily.points.filter((p) => p.day >= '2023-05-08' && p.day <= '2023-05-12');
    const bar = weekly.points.find((p) => p.day === '2023-05-12');
    expect(bar).toEqual({
      day: '2023-05-12',
      open: week[0]?.open,
      high: Math.max(...week.map((p) => p.high ?? 0)),
      low: Math.min(...week.map((p) => p.low ?? Number.POSITIVE_INFINITY)),
      close: week.at(-1)?.close,
      volume: week.reduce((sum, p) => sum + (p.volume ?? 0), 0),
      adjClose: week.at(-1)?.adjClose,
      split: { numerator: 2, denominator: 1 },
    });
    expect(weekly.points.find((p) => p.day === '2023-06-16')?.dividend).toBe(0.4);
  });

  it('keeps a short range daily, and a long one weekly even when it ends early', async () => {
    const short = priceChartV2.parse(await get('/api/data/v2/chart/price', { tickers: 'LONG', from: '2023-06-01' }));
    expect(short.series[0]?.resolution).toBe('daily');
    const long = drawdownChart.parse(
      await get('/api/data/chart/downside-potential', { tickers: 'LONG', to: '2024-06-30' }),
    );
    expect(long.series[0]?.resolution).toBe('weekly');
  });

  it('keeps each week’s deepest drawdown, and the summary of every day', async () => {
    const daily = drawdownChart.parse(
      await get('/api/data/chart/downside-potential', { tickers: 'LONG', resolution: 'daily' }),
    ).series[0];
    const weekly = drawdownChart.parse(await get('/api/data/chart/downside-potential', { tickers: 'LONG' })).series[0];
    if (!daily || !weekly) throw new Error('no series');
    expect(weekly.resolution).toBe('weekly');
    expect({ ...weekly, points: [], resolution: 'daily' }).toEqual({ ...daily, points: [] });
    expect(weekly.points.find((p) => p.day === weekly.maxDay)?.drawdownPct).toBe(weekly.maxPct);
    const week = daily.points.filter((p) => p.day >= '2024-03-04' && p.day <= '2024-03-08');
    const deepest = Math.min(...week.map((p) => p.drawdownPct));
    expect(weekly.points.filter((p) => p.day >= '2024-03-04' && p.day <= '2024-03-08')).toEqual([
      week.findLast((p) => p.drawdownPct === deepest),
    ]);
  });

  it('gives the yield and the valuation ratios of each week’s last day, equal to the daily ones', async () => {
    for (const [url, schema] of [
      ['/api/data/chart/dividend-yield-by-time', dividendYieldChart],
      ['/api/data/chart/valuation-ratios', valuationRatiosChart],
    ] as const) {
      const daily = schema.parse(await get(url, { tickers: 'LONG', resolution: 'daily' })).series[0];
      const weekly = schema.parse(await get(url, { tickers: 'LONG' })).series[0];
      if (!daily || !weekly) throw new Error(`no series from ${url}`);
      expect(weekly.resolution).toBe('weekly');
      // The yield starts once the dividends cover a year (issue 42): fewer days than the valuation's 3 years.
      expect(daily.points.length).toBeGreaterThan(url.includes('yield') ? 400 : 700);
      expect(weekly.points.length).toBe(new Set(daily.points.map((p) => mondayOf(p.day))).size);
      if (!url.includes('yield')) expect(weekly.points.length).toBe(157);
      const byDay = new Map<string, unknown>(daily.points.map((p) => [p.day, p]));
      for (const point of weekly.points) expect(point).toEqual(byDay.get(point.day));
      expect(weekly.points.at(-1)).toEqual(daily.points.at(-1));
    }
  });

  it('refuses an unknown resolution, naming the parameter', async () => {
    const response = await t.app.inject({
      url: '/api/data/chart/valuation-ratios',
      query: { tickers: 'LONG', resolution: 'hourly' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('resolution');
  });
});

/** The Monday of a day's week (weeks run Monday to Sunday). */
function mondayOf(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
