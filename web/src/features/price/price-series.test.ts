import { describe, expect, it } from 'vitest';
import { candlesOf, chartWindow, movingAverage, priceMarkers, shownLines, volumesOf } from './price-series.ts';

const point = (day: string, close: number, extra = {}) => ({
  day,
  open: null,
  high: null,
  low: null,
  close,
  volume: null,
  adjClose: close,
  ...extra,
});

describe('price markers', () => {
  it('marks ex-dates with the dividend text and splits with their ratio', () => {
    const markers = priceMarkers(
      [
        point('2024-01-02', 10),
        point('2024-02-01', 11, { dividend: 0.2 }),
        point('2024-03-01', 3, { split: { numerator: 4, denominator: 1 } }),
      ],
      'D',
    );
    expect(markers).toEqual([
      { day: '2024-02-01', kind: 'dividend', text: 'D' },
      { day: '2024-03-01', kind: 'split', text: '4:1' },
    ]);
  });
});

describe('shown lines', () => {
  const main = [
    { day: '2023-01-02', value: 50 },
    { day: '2024-06-03', value: 100 },
    { day: '2024-12-02', value: 110 },
  ];
  const other = [
    { day: '2024-09-02', value: 20 },
    { day: '2024-12-02', value: 30 },
  ];

  it('cuts every line to the range of the first', () => {
    expect(shownLines([main, other], chartWindow('6M', { from: null, to: null }, '2024-12-02'), false)).toEqual([
      main.slice(1),
      other,
    ]);
  });

  it('compares from the first day every line has, as % change', () => {
    const [a, b] = shownLines([main, other], { start: null, end: null }, true);
    expect(a).toEqual([{ day: '2024-12-02', value: 0 }]);
    expect(b).toEqual([
      { day: '2024-09-02', value: 0 },
      { day: '2024-12-02', value: 50 },
    ]);
  });

  it('gives empty lines when the first line has no data', () => {
    expect(shownLines([[], other], { start: null, end: null }, true)).toEqual([[], []]);
  });
});

describe('custom window', () => {
  it('a from-to window overrides the range and cuts both ends', () => {
    const window = chartWindow('1Y', { from: '2024-01-01', to: '2024-10-01' }, '2024-12-02');
    expect(window).toEqual({ start: '2024-01-01', end: '2024-10-01' });
    const [line] = shownLines(
      [
        [
          { day: '2023-12-29', value: 1 },
          { day: '2024-06-03', value: 2 },
          { day: '2024-12-02', value: 3 },
        ],
      ],
      window,
      false,
    );
    expect(line).toEqual([{ day: '2024-06-03', value: 2 }]);
  });

  it('an open end keeps everything on that side', () => {
    expect(chartWindow('1Y', { from: '2024-01-01', to: null }, '2024-12-02')).toEqual({
      start: '2024-01-01',
      end: null,
    });
  });
});

describe('moving average', () => {
  it('averages the last n values and starts once there are n', () => {
    const points = [1, 2, 3, 4, 5].map((value, i) => ({ day: `2024-01-0${i + 1}`, value }));
    expect(movingAverage(points, 3)).toEqual([
      { day: '2024-01-03', value: 2 },
      { day: '2024-01-04', value: 3 },
      { day: '2024-01-05', value: 4 },
    ]);
    expect(movingAverage(points.slice(0, 2), 3)).toEqual([]);
  });

  it('a weekly bar counts for five trading days (long histories are weekly before their last two years)', () => {
    const weekly = [10, 20, 30].map((value, i) => ({ day: `2024-01-${String(1 + i * 7).padStart(2, '0')}`, value }));
    // Ten trading days: the last two weeks.
    expect(movingAverage(weekly, 10)).toEqual([
      { day: '2024-01-08', value: 15 },
      { day: '2024-01-15', value: 25 },
    ]);
  });

  it('moves smoothly where weekly bars meet days (a custom window of days after weeks, issue 33)', () => {
    const weeks = Array.from({ length: 12 }, (_, i) => ({
      day: new Date(Date.UTC(2020, 0, 3 + i * 7)).toISOString().slice(0, 10),
      value: 10,
    }));
    const days = Array.from({ length: 20 }, (_, i) => ({
      day: new Date(Date.UTC(2020, 2, 30 + i)).toISOString().slice(0, 10),
      value: 20,
    }));
    const average = movingAverage([...weeks, ...days], 50).filter((p) => p.day >= '2020-03-30');
    // Each new day of 20 replaces one day of 10 in the last fifty: +0.2 a day, never a jump of a week.
    const steps = average.slice(1).map((p, i) => Number((p.value - (average[i]?.value ?? 0)).toFixed(9)));
    expect(steps).toEqual(steps.map(() => 0.2));
  });
});

describe('candles and volume', () => {
  it('days without open, high or low have no candle; days without volume no bar', () => {
    const points = [point('2024-01-02', 10), point('2024-01-03', 11, { open: 10, high: 12, low: 9.5, volume: 500 })];
    expect(candlesOf(points)).toEqual([{ day: '2024-01-03', open: 10, high: 12, low: 9.5, close: 11 }]);
    expect(volumesOf(points)).toEqual([{ day: '2024-01-03', value: 500 }]);
  });
});
