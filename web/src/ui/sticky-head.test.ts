import { describe, expect, it } from 'vitest';
import { headShift } from './sticky-head.ts';

describe('a table header kept under the app header (issue 46)', () => {
  const head = 40;
  const line = 64; // the app header's bottom

  it('stays put while the table’s top is below the app header', () => {
    expect(headShift({ top: 300, height: 2000 }, head, line)).toBe(0);
    expect(headShift({ top: 64, height: 2000 }, head, line)).toBe(0);
  });

  it('moves down by as much as the table’s top has gone under the app header', () => {
    expect(headShift({ top: -500, height: 2000 }, head, line)).toBe(564);
  });

  it('stops at the table’s last row, never below the table', () => {
    expect(headShift({ top: -5000, height: 2000 }, head, line)).toBe(1960);
    expect(headShift({ top: -5000, height: 30 }, head, line)).toBe(0);
  });
});
