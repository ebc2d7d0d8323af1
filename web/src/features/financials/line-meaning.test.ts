import { describe, expect, it } from 'vitest';
import { changeTone, isFlow, lineMeaning, yearOverYear } from './line-meaning.ts';

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
