import { describe, expect, it } from 'vitest';
import { frequencyAsOf, gapFrequency, paymentFrequencies } from './dividend-frequency.ts';

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

describe('frequencyAsOf (the one frequency every surface shows)', () => {
  // A quarterly payer with a special dividend in its year: five ex-days in five months (3, 6, 7, 9, 12).
  // The rules before issue 31's review said "quarterly" (count of ex-days) on the home list and "irregular"
  // (the paying months) on the dividend calendar; the history called four of the five quarterly.
  const withSpecial = ['2023-12-08', '2024-03-08', '2024-06-07', '2024-07-15', '2024-09-06', '2024-12-06'];

  it('takes the cadence most payments of the year have, a special payment aside', () => {
    expect(frequencyAsOf(withSpecial, '2024-12-31')).toBe('quarterly');
    const perPayment = paymentFrequencies(withSpecial);
    expect(perPayment.filter((f) => f === 'quarterly').length).toBeGreaterThan(perPayment.length / 2);
  });

  it('counts the gap before the year’s first payment, and a declared one after the day', () => {
    // One payment in the year, a year after the one before it: annual, not a lone (irregular) payment.
    expect(frequencyAsOf(['2023-05-03', '2024-04-30'], '2024-12-31')).toBe('annual');
    // A first payment, the next one declared a year later: annual, as the payment history says.
    expect(frequencyAsOf(['2024-03-04', '2025-03-03'], '2024-12-31')).toBe('annual');
    expect(frequencyAsOf(['2024-03-04'], '2024-12-31')).toBe('irregular');
  });

  it('follows a change of schedule, the latest payment deciding a tie', () => {
    // In the year to 2024-01-31: one annual payment (June) and one quarterly (September): a tie, the
    // later one wins; by December there are two quarterly ones.
    const days = ['2022-06-01', '2023-06-01', '2023-09-01', '2023-12-01'];
    expect(frequencyAsOf(days.slice(0, 3), '2024-01-31')).toBe('quarterly');
    expect(frequencyAsOf(days, '2023-12-31')).toBe('quarterly');
  });

  it('gives none when nothing was paid in the year', () => {
    expect(frequencyAsOf(['2022-06-01', '2023-06-01'], '2024-06-02')).toBeNull();
    expect(frequencyAsOf([], '2024-06-02')).toBeNull();
  });
});
