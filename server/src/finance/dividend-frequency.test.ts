import { describe, expect, it } from 'vitest';
import { gapFrequency, paymentFrequencies } from './dividend-frequency.ts';

describe('paymentFrequencies', () => {
  it('reads a quarterly payer, ex-dates moving by a few days', () => {
    expect(paymentFrequencies(['2024-02-09', '2024-05-10', '2024-08-09', '2024-11-08', '2025-02-07'])).toEqual([
      'quarterly',
      'quarterly',
      'quarterly',
      'quarterly',
      'quarterly',
    ]);
  });

  it('reads monthly, semi-annual and annual payers', () => {
    expect(paymentFrequencies(['2024-01-15', '2024-02-14', '2024-03-15'])).toEqual(['monthly', 'monthly', 'monthly']);
    expect(paymentFrequencies(['2023-04-20', '2023-10-19', '2024-04-18'])).toEqual([
      'semiannual',
      'semiannual',
      'semiannual',
    ]);
    expect(paymentFrequencies(['2022-05-02', '2023-05-03', '2024-04-30'])).toEqual(['annual', 'annual', 'annual']);
  });

  it('marks a special payment between two quarterly ones irregular, and not its neighbours', () => {
    expect(paymentFrequencies(['2023-12-08', '2024-03-08', '2024-03-25', '2024-06-07', '2024-09-06'])).toEqual([
      'quarterly',
      'quarterly',
      'irregular',
      'quarterly',
      'quarterly',
    ]);
  });

  it('follows a change of schedule from annual to quarterly', () => {
    expect(paymentFrequencies(['2022-06-01', '2023-06-01', '2023-09-01', '2023-12-01'])).toEqual([
      'annual',
      'annual',
      'quarterly',
      'quarterly',
    ]);
  });

  it('calls a lone payment irregular and gives nothing for no payments', () => {
    expect(paymentFrequencies(['2024-06-01'])).toEqual(['irregular']);
    expect(paymentFrequencies([])).toEqual([]);
  });

  it('puts gaps between the cadences into irregular', () => {
    expect(gapFrequency(55)).toBe('irregular');
    expect(gapFrequency(91)).toBe('quarterly');
    expect(gapFrequency(500)).toBe('irregular');
  });
});
