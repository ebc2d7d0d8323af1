import { describe, expect, it } from 'vitest';
import { keyRatios } from './key-ratios.ts';

describe('key ratios', () => {
  it('P/E and payout from TTM earnings and dividends', () => {
    const ratios = keyRatios(50, { epsBasic: 2.5, netIncome: 1000, dividendsPaid: 400, netMargin: 0.1 });
    expect(ratios).toEqual({ pe: 20, payout: 0.4, netMargin: 0.1 });
  });

  it('a loss year has no P/E and no payout ratio', () => {
    const ratios = keyRatios(50, { epsBasic: -1, netIncome: -10, dividendsPaid: 5 });
    expect(ratios).toEqual({ pe: null, payout: null, netMargin: null });
  });

  it('no price or no figures: nothing to compute', () => {
    expect(keyRatios(null, {})).toEqual({ pe: null, payout: null, netMargin: null });
  });
});
