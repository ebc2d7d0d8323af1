import { describe, expect, it } from 'vitest';
import { unitFormatters } from '../../ui/units.ts';
import { filingUrl, formatMetric, isRatio, unitKindsOf } from './metric-format.ts';

describe('filing links', () => {
  it('point at the filing index page under the CIK without leading zeros', () => {
    expect(filingUrl('0000320193', '0000320193-22-000108')).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019322000108/0000320193-22-000108-index.htm',
    );
  });
});

describe('statement values', () => {
  const units = unitFormatters('en');
  it('show amounts compact with the currency, per-share exact and ratios as percent', () => {
    expect(formatMetric(units, 'revenue', 394_328_000_000, 'USD')).toBe('$394.33B');
    expect(formatMetric(units, 'epsBasic', 6.11, 'USD')).toBe('$6.11');
    expect(formatMetric(units, 'grossMargin', 0.433, 'USD')).toBe('43.3%');
    expect(formatMetric(units, 'sharesBasic', 16_325_819_000, 'USD')).toBe('16.33B');
  });

  it('show an IFRS filer in its own currency, never in dollars', () => {
    expect(formatMetric(units, 'revenue', 86_153_000_000, 'EUR')).toBe('€86.15B');
    expect(formatMetric(units, 'epsBasic', 1.23, 'BRL')).toBe('R$1.23');
    expect(unitFormatters('de').moneyCompact(86_153_000_000, 'EUR')).toMatch(/86,15\sMrd\.\s€/);
  });

  it('show a dash for a value that was not filed, and for none at all (no buybacks, not "$0.00")', () => {
    expect(formatMetric(units, 'revenue', null, 'USD')).toBe('—');
    expect(formatMetric(units, 'sharesBasic', undefined, 'USD')).toBe('—');
    expect(formatMetric(units, 'buybacks', 0, 'USD')).toBe('—');
    expect(formatMetric(units, 'buybacksOfOperatingCashFlow', 0, 'USD')).toBe('—');
  });

  it('know ratios from amounts, and which units a table uses', () => {
    expect(isRatio('roe')).toBe(true);
    expect(isRatio('netIncome')).toBe(false);
    expect(unitKindsOf(['grossMargin', 'netMargin'])).toEqual(['ratio']);
    expect(unitKindsOf(['sharesBasic', 'revenue', 'epsBasic', 'grossMargin'])).toEqual([
      'amount',
      'perShare',
      'shares',
      'ratio',
    ]);
  });
});
