import { describe, expect, it } from 'vitest';
import { meanAndDeviation, ratioLines, ratioSummary } from './valuation-lines.ts';

const p = (day: string, pe: number | null) => ({ day, pe, ps: 1, pb: 2, evEbitda: null, pfcf: null, evSales: 3 });

describe('valuation ratio lines', () => {
  it('draws the median of the defined days as a flat line', () => {
    const lines = ratioLines([p('2024-01-02', 10), p('2024-01-03', 30), p('2024-01-04', 20)], 'pe');
    expect(lines.median).toBe(20);
    expect(lines.current).toBe(20);
    expect(lines.medianLine.map((point) => point.value)).toEqual([20, 20, 20]);
  });

  it('leaves loss days (null P/E) out of the line and the median', () => {
    const lines = ratioLines([p('2024-01-02', 10), p('2024-01-03', null), p('2024-01-04', 14)], 'pe');
    expect(lines.values.map((point) => point.day)).toEqual(['2024-01-02', '2024-01-04']);
    expect(lines.median).toBe(12);
  });

  it('a ratio never defined has no line, no median and no band', () => {
    const lines = ratioLines([p('2024-01-02', 10)], 'evEbitda');
    expect(lines).toEqual({ values: [], median: null, current: null, medianLine: [], band: null });
  });

  it('the band is the mean plus and minus one standard deviation', () => {
    expect(meanAndDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, deviation: 2 });
    const lines = ratioLines([p('2024-01-02', 8), p('2024-01-03', 12)], 'pe');
    expect(lines.band).toEqual({ low: 8, high: 12 });
  });
});

describe('valuation table', () => {
  // One point a quarter for twelve years: P/E 10 for the first seven, 20 for the last five.
  const quarterly = Array.from({ length: 48 }, (_, i) => {
    const year = 2014 + Math.floor(i / 4);
    const day = `${year}-${String((i % 4) * 3 + 1).padStart(2, '0')}-02`;
    return p(day, year >= 2021 ? 20 : 10);
  });

  it('gives the current value and the 5- and 10-year medians up to the last day', () => {
    const summary = ratioSummary(quarterly, 'pe');
    expect(summary.current).toBe(20);
    expect(summary.median5y).toBe(20);
    // The last ten years: 2016-01..2025-10, 24 quarters at 10 and 20 at 20 -> median of the middle two, 10.
    expect(summary.median10y).toBe(10);
  });

  it('a history shorter than half the window has no median for it', () => {
    const summary = ratioSummary(quarterly.slice(-8), 'pe');
    expect(summary.median5y).toBeNull();
    expect(summary.median10y).toBeNull();
  });

  it('a ratio undefined on the last day has no current value', () => {
    expect(ratioSummary([p('2024-01-02', 10), p('2024-01-03', null)], 'pe').current).toBeNull();
  });
});
