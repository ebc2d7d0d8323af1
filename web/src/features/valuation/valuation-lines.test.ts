import { describe, expect, it } from 'vitest';
import { ratioLines } from './valuation-lines.ts';

const p = (day: string, pe: number | null) => ({ day, pe, ps: 1, pb: 2, evEbitda: null });

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

  it('a ratio never defined has no line and no median', () => {
    const lines = ratioLines([p('2024-01-02', 10)], 'evEbitda');
    expect(lines).toEqual({ values: [], median: null, current: null, medianLine: [] });
  });
});
