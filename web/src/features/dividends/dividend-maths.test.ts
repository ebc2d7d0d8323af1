import { describe, expect, it } from 'vitest';
import { bandPosition, hasNonZeroPoint, paysDividends } from './dividend-maths.ts';

describe('yield gauge position', () => {
  const band = { p10: 2, p90: 4 };
  it('places p10 at the left, p90 at the right and the middle between', () => {
    expect(bandPosition(2, band)).toBe(0);
    expect(bandPosition(3, band)).toBe(50);
    expect(bandPosition(4, band)).toBe(100);
  });
  it('clamps a yield outside the band to the ends', () => {
    expect(bandPosition(1, band)).toBe(0);
    expect(bandPosition(9, band)).toBe(100);
  });
  it('puts a flat band in the middle', () => {
    expect(bandPosition(3, { p10: 3, p90: 3 })).toBe(50);
  });
});

describe('a company without dividends (issue 33)', () => {
  it('pays when any year of its history has a dividend, and counts as paying while unknown', () => {
    expect(paysDividends([{ dps: 0 }, { dps: 0 }])).toBe(false);
    expect(paysDividends([])).toBe(false);
    expect(paysDividends([{ dps: 0 }, { dps: 0.12 }])).toBe(true);
    expect(paysDividends(undefined)).toBe(true);
  });

  it('has nothing to chart when every point is zero', () => {
    expect(hasNonZeroPoint([{ points: [{ value: 0 }, { value: 0 }] }, { points: [] }])).toBe(false);
    expect(hasNonZeroPoint([{ points: [{ value: 0 }] }, { points: [{ value: 35 }] }])).toBe(true);
  });
});
