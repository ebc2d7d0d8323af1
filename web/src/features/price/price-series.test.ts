import { describe, expect, it } from 'vitest';
import { priceMarkers, shownLines, yearRange } from './price-series.ts';

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
    expect(shownLines([main, other], '6M', false)).toEqual([main.slice(1), other]);
  });

  it('compares from the first day every line has, as % change', () => {
    const [a, b] = shownLines([main, other], 'MAX', true);
    expect(a).toEqual([{ day: '2024-12-02', value: 0 }]);
    expect(b).toEqual([
      { day: '2024-09-02', value: 0 },
      { day: '2024-12-02', value: 50 },
    ]);
  });

  it('gives empty lines when the first line has no data', () => {
    expect(shownLines([[], other], '1Y', true)).toEqual([[], []]);
  });
});

describe('52-week range', () => {
  it('takes the low and high of the last year only', () => {
    const points = [
      { day: '2023-01-02', value: 1 },
      { day: '2024-03-01', value: 8 },
      { day: '2024-12-02', value: 12 },
    ];
    expect(yearRange(points)).toEqual({ low: 8, high: 12 });
    expect(yearRange([])).toBeNull();
  });
});
