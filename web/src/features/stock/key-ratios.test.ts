import { describe, expect, it } from 'vitest';
import { keyRatios } from './key-ratios.ts';

describe('key ratios', () => {
  it('P/E and payout from TTM earnings and dividends', () => {
    const ratios = keyRatios(50, { epsBasic: 2.5, netIncome: 1000, dividendsPaid: 400, netMargin: 0.1 });
    expect(ratios).toMatchObject({ eps: 2.5, pe: 20, payout: 0.4, netMargin: 0.1 });
  });

  it('a loss year has no P/E and no payout ratio', () => {
    const ratios = keyRatios(50, { epsBasic: -1, netIncome: -10, dividendsPaid: 5 });
    expect(ratios).toMatchObject({ eps: -1, pe: null, payout: null, netMargin: null });
  });

  it('enterprise value is market cap plus debt minus cash', () => {
    const ratios = keyRatios(50, { totalDebt: 300, cash: 100, sharesOutstanding: 20 }, 1000);
    expect(ratios.enterpriseValue).toBe(1200);
    expect(ratios.shares).toBe(20);
  });

  it('a company that files cash but no debt: market cap minus cash', () => {
    expect(keyRatios(50, { cash: 100 }, 1000).enterpriseValue).toBe(900);
  });

  it('no price or no figures: nothing to compute', () => {
    expect(keyRatios(null, {})).toEqual({
      eps: null,
      pe: null,
      payout: null,
      netMargin: null,
      shares: null,
      enterpriseValue: null,
    });
  });
});
