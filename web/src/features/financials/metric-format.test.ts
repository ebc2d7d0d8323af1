import { describe, expect, it } from 'vitest';
import { unitFormatters } from '../../ui/units.ts';
import { filingUrl, formatMetric, isRatio } from './metric-format.ts';

describe('filing links', () => {
  it('point at the filing index under the CIK without leading zeros or dashes', () => {
    expect(filingUrl('0000320193', '0000320193-22-000108')).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019322000108/',
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
  it('show a dash for a value that was not filed', () => {
    expect(formatMetric(units, 'revenue', null, 'USD')).toBe('—');
    expect(formatMetric(units, 'sharesBasic', null, 'USD')).toBe('—');
  });
  it('know ratios from amounts', () => {
    expect(isRatio('roe')).toBe(true);
    expect(isRatio('netIncome')).toBe(false);
  });
});
