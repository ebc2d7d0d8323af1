import { describe, expect, it } from 'vitest';
import { recordDateOf } from './generator.ts';

describe('recordDateOf (demo dividends)', () => {
  it('is the next business day under T+2 settlement, over a weekend too', () => {
    expect(recordDateOf('2023-03-09')).toBe('2023-03-10');
    expect(recordDateOf('2023-03-10')).toBe('2023-03-13');
  });

  it('is the ex-day itself since T+1 settlement (28 May 2024)', () => {
    expect(recordDateOf('2024-05-28')).toBe('2024-05-28');
    expect(recordDateOf('2025-02-10')).toBe('2025-02-10');
  });
});
