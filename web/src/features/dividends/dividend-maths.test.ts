import { describe, expect, it } from 'vitest';
import { bandPosition } from './dividend-maths.ts';

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
