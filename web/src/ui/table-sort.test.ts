import { describe, expect, it } from 'vitest';
import { ariaSort, compareValues, nextSort, sortRows } from './table-sort.ts';
import { tabIndexAfterKey } from './tabs.tsx';

describe('table sorting', () => {
  const rows = [
    { ticker: 'B', yield: 2 },
    { ticker: 'a', yield: null },
    { ticker: 'C', yield: 5 },
    { ticker: 'D', yield: 2 },
  ];
  const value = (row: (typeof rows)[number], key: string) => (key === 'ticker' ? row.ticker : row.yield);

  it('puts unknown values last in both directions', () => {
    expect(sortRows(rows, { key: 'yield', direction: 'desc' }, value).map((r) => r.ticker)).toEqual([
      'C',
      'B',
      'D',
      'a',
    ]);
    expect(sortRows(rows, { key: 'yield', direction: 'asc' }, value).map((r) => r.ticker)).toEqual([
      'B',
      'D',
      'C',
      'a',
    ]);
  });

  it('keeps equal values in their original order', () => {
    expect(
      sortRows(rows, { key: 'yield', direction: 'asc' }, value)
        .slice(0, 2)
        .map((r) => r.ticker),
    ).toEqual(['B', 'D']);
  });

  it('sorts text case-insensitively and numbers inside text by value', () => {
    expect(sortRows(rows, { key: 'ticker', direction: 'asc' }, value).map((r) => r.ticker)).toEqual([
      'a',
      'B',
      'C',
      'D',
    ]);
    expect(compareValues('A10', 'A9', 'asc')).toBeGreaterThan(0);
  });

  it('returns rows unchanged without a sort', () => {
    expect(sortRows(rows, null, value)).toEqual(rows);
  });

  it('starts a new column in its natural direction and flips the same column', () => {
    expect(nextSort(null, 'yield', 'desc')).toEqual({ key: 'yield', direction: 'desc' });
    expect(nextSort({ key: 'yield', direction: 'desc' }, 'yield', 'desc')).toEqual({ key: 'yield', direction: 'asc' });
    expect(nextSort({ key: 'yield', direction: 'asc' }, 'ticker', 'asc')).toEqual({ key: 'ticker', direction: 'asc' });
  });

  it('gives aria-sort only to the sorted column', () => {
    expect(ariaSort({ key: 'yield', direction: 'desc' }, 'yield')).toBe('descending');
    expect(ariaSort({ key: 'yield', direction: 'asc' }, 'yield')).toBe('ascending');
    expect(ariaSort({ key: 'yield', direction: 'asc' }, 'ticker')).toBe('none');
  });
});

describe('tab keys (roving focus)', () => {
  it('wraps with the arrows and jumps with Home and End', () => {
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Enter', 0, 3)).toBeNull();
  });
});
