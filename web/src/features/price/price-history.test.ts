import type { PriceChartV2 } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { recentStart, spanResolution } from '../../ui/chart-range.ts';
import { dailyWindow, historyForWindow, joinHistory, type StockHistory } from './price-api.ts';
import { withDaily } from './price-series.ts';

type Point = PriceChartV2['series'][number]['points'][number];
const NO_CHANGES = { '1M': null, '6M': null, YTD: null, '1Y': null, '5Y': null, '10Y': null, MAX: null };
const bar = (day: string, close: number): Point => ({
  day,
  open: close,
  high: close,
  low: close,
  close,
  volume: 10,
  adjClose: close,
});
const chart = (resolution: 'daily' | 'weekly', points: Point[]): PriceChartV2 => ({
  series: [{ ticker: 'ACME', name: 'Acme', currency: 'USD', resolution, rangeChangesPct: NO_CHANGES, points }],
});

describe('the price history: weekly bars, then the last two years daily (issue 20)', () => {
  it('starts the daily part on the Monday two years back', () => {
    expect(recentStart(new Date('2026-11-25T15:00:00Z'))).toBe('2024-11-25'); // a Monday already
    expect(recentStart(new Date('2026-11-29T08:00:00Z'))).toBe('2024-11-25'); // Friday 29 Nov 2024 -> Monday
  });

  it('keeps the weekly bars before the first daily day and every daily point from it on', () => {
    const whole = chart('weekly', [
      bar('2024-11-15', 1),
      bar('2024-11-22', 2),
      bar('2024-11-29', 3),
      bar('2024-12-06', 4),
    ]);
    const recent = chart('daily', [bar('2024-11-25', 10), bar('2024-11-26', 11), bar('2024-12-02', 12)]);
    const joined = joinHistory(whole, recent).series[0];
    expect(joined?.points.map((p) => [p.day, p.close])).toEqual([
      ['2024-11-15', 1],
      ['2024-11-22', 2],
      ['2024-11-25', 10],
      ['2024-11-26', 11],
      ['2024-12-02', 12],
    ]);
    expect(joined?.ticker).toBe('ACME');
  });

  it('takes a short history as it came, and the weekly one when the last two years are empty', () => {
    const short = chart('daily', [bar('2026-01-05', 1)]);
    expect(joinHistory(short, chart('daily', [bar('2026-01-05', 1)]))).toBe(short);
    const old = chart('weekly', [bar('2010-01-08', 1)]);
    expect(joinHistory(old, chart('daily', []))).toBe(old);
  });

  it('draws one resolution per window: daily inside the daily part, the weekly bars throughout beyond it', () => {
    const whole = chart('weekly', [bar('2020-01-10', 1), bar('2024-11-29', 2), bar('2026-11-20', 3)]);
    const recent = chart('daily', [bar('2024-11-25', 10), bar('2026-11-20', 11)]);
    const history: StockHistory = { whole, joined: joinHistory(whole, recent), dailyFrom: '2024-11-25' };
    // 1Y and 2Y windows start inside the daily part: daily points, weekly before (for the averages only).
    expect(historyForWindow(history, '2025-11-20')).toBe(history.joined);
    expect(historyForWindow(history, '2024-11-25')).toBe(history.joined);
    // 5Y and the whole history: weekly to the last bar, never weekly years followed by daily ones.
    expect(historyForWindow(history, '2021-11-20')).toBe(whole);
    expect(historyForWindow(history, null)).toBe(whole);
    // A history of two years or less came daily: it is all there is.
    const short = chart('daily', [bar('2026-01-05', 1)]);
    expect(historyForWindow({ whole: short, joined: short, dailyFrom: null }, null)).toBe(short);
  });
});

describe('a window is drawn at the resolution of its span, not its age (issue 33)', () => {
  it('daily up to two years and a day of span, weekly beyond', () => {
    expect(spanResolution('2020-01-01', '2020-06-30')).toBe('daily');
    expect(spanResolution('2022-01-03', '2024-01-03')).toBe('daily');
    expect(spanResolution('2022-01-03', '2024-01-05')).toBe('weekly');
  });

  const history: StockHistory = (() => {
    const whole = chart('weekly', [
      bar('2019-01-04', 1),
      bar('2020-01-03', 2),
      bar('2020-07-03', 3),
      bar('2025-01-03', 4),
    ]);
    const joined = chart('weekly', [...(whole.series[0]?.points ?? []), bar('2025-01-06', 5), bar('2026-11-20', 6)]);
    return { whole, joined, dailyFrom: '2025-01-06' };
  })();

  it('asks for the days of an older window of up to two years apart, and of no other', () => {
    expect(dailyWindow(history, { start: '2020-01-01', end: '2020-06-30' })).toEqual({
      from: '2020-01-01',
      to: '2020-06-30',
    });
    // Open start: from the first day there is; open end: to the last.
    expect(dailyWindow(history, { start: null, end: '2020-06-30' })).toEqual({ from: '2019-01-04', to: '2020-06-30' });
    expect(dailyWindow(history, { start: '2025-06-01', end: null })).toBeNull(); // inside the daily part
    expect(dailyWindow(history, { start: '2019-01-01', end: '2022-01-01' })).toBeNull(); // three years: weekly
    expect(dailyWindow({ ...history, dailyFrom: null }, { start: '2020-01-01', end: '2020-06-30' })).toBeNull();
    expect(dailyWindow(undefined, { start: '2020-01-01', end: '2020-06-30' })).toBeNull();
  });

  it('puts the window’s days in place of its weeks, so the averages read them', () => {
    const days = [bar('2020-01-02', 10), bar('2020-01-03', 11)];
    expect(withDaily(history.joined.series[0]?.points ?? [], days).map((p) => p.day)).toEqual([
      '2019-01-04',
      '2020-01-02',
      '2020-01-03',
      '2020-07-03',
      '2025-01-03',
      '2025-01-06',
      '2026-11-20',
    ]);
    expect(withDaily([bar('2020-01-03', 2)], [])).toEqual([bar('2020-01-03', 2)]);
  });
});
