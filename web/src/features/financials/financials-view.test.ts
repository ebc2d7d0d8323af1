import { describe, expect, it } from 'vitest';
import { readFinancialsView, withoutFinancialsParams, writeFinancialsView } from './financials-view.ts';

describe('financials view in the URL', () => {
  it('reads the defaults from a plain address and leaves them out when written', () => {
    const view = readFinancialsView(new URLSearchParams(''));
    expect(view).toEqual({ statement: 'income-statement', period: 'annual', growth: true, filing: null, asOf: null });
    expect(writeFinancialsView(new URLSearchParams(''), view).toString()).toBe('');
  });

  it('writes a view next to the parameters of others, and reads it back', () => {
    const written = writeFinancialsView(new URLSearchParams('compare=QNTM'), {
      statement: 'cash-flow',
      period: 'quarterly',
      growth: false,
      filing: { column: '2024-Q4', metric: 'revenue' },
      asOf: '2024-06-30',
    });
    expect(written.toString()).toBe(
      'compare=QNTM&statement=cash-flow&period=quarterly&growth=off&filing=2024-Q4&line=revenue&asOf=2024-06-30',
    );
    expect(readFinancialsView(written).filing).toEqual({ column: '2024-Q4', metric: 'revenue' });
    expect(readFinancialsView(written).asOf).toBe('2024-06-30');
  });

  it('ignores what it does not know rather than failing', () => {
    const view = readFinancialsView(
      new URLSearchParams('statement=payout&period=weekly&filing=2024-Q5&asOf=2024-02-30'),
    );
    expect(view).toEqual({ statement: 'income-statement', period: 'annual', growth: true, filing: null, asOf: null });
    expect(readFinancialsView(new URLSearchParams('asOf=yesterday')).asOf).toBeNull();
  });

  it('is left behind when the reader moves to another tab', () => {
    expect(withoutFinancialsParams('?statement=margins&period=ttm&growth=off&asOf=2024-06-30&compare=QNTM')).toBe(
      '?compare=QNTM',
    );
    expect(withoutFinancialsParams('?statement=margins')).toBe('');
  });
});
