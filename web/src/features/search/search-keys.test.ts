import { describe, expect, it } from 'vitest';
import { highlightParts, isTypingTarget, moveActive, resultForEnter } from './search-keys.ts';

describe('search keyboard logic', () => {
  it('moves the highlight with the arrows and wraps', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });

  it('opens the highlighted result, else the exact ticker, else the first', () => {
    const results = [{ ticker: 'SOLQ' }, { ticker: 'SOL' }];
    expect(resultForEnter(results, 0, 'sol')?.ticker).toBe('SOLQ');
    expect(resultForEnter(results, -1, ' sol ')?.ticker).toBe('SOL');
    expect(resultForEnter(results, -1, 'so')?.ticker).toBe('SOLQ');
    expect(resultForEnter([], -1, 'x')).toBeUndefined();
  });

  it('lets "/" through while the reader types in a field', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('marks the typed text inside a name', () => {
    expect(highlightParts('Solquarry Power', 'POW')).toEqual([
      { text: 'Solquarry ', match: false, start: 0 },
      { text: 'Pow', match: true, start: 10 },
      { text: 'er', match: false, start: 13 },
    ]);
    expect(highlightParts('ACME', 'zz')).toEqual([{ text: 'ACME', match: false, start: 0 }]);
  });
});
