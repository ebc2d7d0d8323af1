import { describe, expect, it } from 'vitest';
import { balancedColumns } from './balanced-grid.ts';

describe('balanced card grid (issue 23: no card alone on the last row)', () => {
  it('fills whole rows when it can', () => {
    expect(balancedColumns(8, 7)).toBe(4);
    expect(balancedColumns(8, 2)).toBe(2);
    expect(balancedColumns(6, 7)).toBe(6);
    expect(balancedColumns(12, 5)).toBe(4);
  });

  it('never leaves one card alone, and uses no more columns than cards', () => {
    for (let count = 2; count <= 30; count++) {
      for (let fit = 1; fit <= 8; fit++) {
        const columns = balancedColumns(count, fit);
        expect(columns).toBeLessThanOrEqual(Math.max(1, Math.min(fit, count)));
        if (columns > 1) expect(count % columns, `${count} cards, room for ${fit}`).not.toBe(1);
      }
    }
    expect(balancedColumns(1, 7)).toBe(1);
    expect(balancedColumns(5, 7)).toBe(5);
  });
});
