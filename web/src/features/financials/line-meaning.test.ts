import { describe, expect, it } from 'vitest';
import {
  changeTone,
  growthTone,
  isFlow,
  isSignificantChange,
  lineMeaning,
  TONE_THRESHOLD,
  trendTone,
  yearOverYear,
} from './line-meaning.ts';

describe('colour by meaning', () => {
  it('draws rising revenue and cash flow as favourable', () => {
    expect(changeTone('revenue', 0.12)).toBe('good');
    expect(changeTone('freeCashFlow', -0.3)).toBe('bad');
  });

  it('never draws a rising cost or debt as favourable (issue 22)', () => {
    for (const metric of [
      'interestExpense',
      'totalDebt',
      'longTermDebt',
      'costOfRevenue',
      'sellingGeneralAdmin',
    ] as const) {
      expect(changeTone(metric, 0.2), metric).toBe('bad');
      expect(changeTone(metric, -0.2), metric).toBe('good');
    }
  });

  it('counts more shares as dilution, and leaves capital expenditure and acquisitions neutral', () => {
    expect(changeTone('sharesDiluted', 0.05)).toBe('bad');
    expect(changeTone('capitalExpenditure', 0.5)).toBe('neutral');
    expect(changeTone('acquisitions', -0.5)).toBe('neutral');
  });

  it('reads a debt repayment as no cost, and no change or no value as neutral', () => {
    expect(lineMeaning('debtRepaid')).toBe('neutral');
    expect(lineMeaning('netDebtRepaidOfOperatingCashFlow')).toBe('neutral');
    expect(lineMeaning('prepaidExpenses')).toBe('neutral');
    expect(changeTone('revenue', 0)).toBe('neutral');
    expect(changeTone('revenue', null)).toBe('neutral');
  });
});

describe('flows and growth', () => {
  it('gives growth to flows only: not to balance-sheet stocks or ratios', () => {
    expect(isFlow('revenue')).toBe(true);
    expect(isFlow('netIncome')).toBe(true);
    expect(isFlow('epsDiluted')).toBe(true);
    expect(isFlow('totalDebt')).toBe(false);
    expect(isFlow('sharesOutstanding')).toBe(false);
    expect(isFlow('bookValuePerShare')).toBe(false);
    expect(isFlow('grossMargin')).toBe(false);
  });

  it('is the change on the year before, and none after a zero or a loss', () => {
    expect(yearOverYear(110, 100)).toBeCloseTo(0.1, 10);
    expect(yearOverYear(-50, 100)).toBeCloseTo(-1.5, 10);
    expect(yearOverYear(100, -50)).toBeNull();
    expect(yearOverYear(100, 0)).toBeNull();
    expect(yearOverYear(null, 100)).toBeNull();
    expect(yearOverYear(100, undefined)).toBeNull();
  });
});

describe('the colour threshold (issue 33)', () => {
  it('colours a change only beyond 1 % of the larger value', () => {
    expect(TONE_THRESHOLD).toBe(0.01);
    // Rounding noise: a flat 21.0 % tax rate, 42.74 -> 42.73.
    expect(isSignificantChange(0.2104, 0.21)).toBe(false);
    expect(isSignificantChange(42.74, 42.73)).toBe(false);
    expect(isSignificantChange(100, 101)).toBe(false);
    expect(isSignificantChange(100, 101.5)).toBe(true);
    expect(isSignificantChange(0, 0)).toBe(false);
    expect(isSignificantChange(-5, 5)).toBe(true);
  });

  it('reads a trend oldest to newest, neutral within the threshold', () => {
    expect(trendTone('effectiveTaxRate', [0.2104, 0.2102, 0.21])).toBe('neutral');
    expect(trendTone('epsDiluted', [42.74, null, 42.73])).toBe('neutral');
    expect(trendTone('revenue', [100, 120, 150])).toBe('good');
    expect(trendTone('revenue', [150, 120, 100])).toBe('bad');
    expect(trendTone('interestExpense', [10, 12, 15])).toBe('bad');
    expect(trendTone('revenue', [100])).toBe('neutral');
  });

  it('colours a growth rate only beyond the threshold', () => {
    expect(growthTone('revenue', 0.009)).toBe('neutral');
    expect(growthTone('revenue', -0.0002)).toBe('neutral');
    expect(growthTone('revenue', 0.05)).toBe('good');
    expect(growthTone('interestExpense', 0.05)).toBe('bad');
    expect(growthTone('revenue', null)).toBe('neutral');
  });
});
