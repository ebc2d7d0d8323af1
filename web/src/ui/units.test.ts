import { describe, expect, it } from 'vitest';
import { formatters } from '../i18n/format.ts';
import { changeDirection } from './change-badge.tsx';
import { MISSING, unitFormatters } from './units.ts';

// Intl output uses narrow/no-break spaces in many locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('unit formatters', () => {
  const en = unitFormatters('en');
  const de = unitFormatters('de');

  it('is made once per language: every component asks for it, and Intl formatters are slow to build', () => {
    expect(unitFormatters('de')).toBe(de);
    expect(unitFormatters('en')).not.toBe(de);
    expect(formatters('de')).toBe(formatters('de'));
    expect(plain(formatters('de').currency(1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(formatters('en').currency(1234.5, 'USD')).toBe('$1,234.50');
    expect(de.month('2026-03-14')).toBe('März 2026');
    expect(de.country('US')).toBe('Vereinigte Staaten');
  });

  it('never writes a negative zero (issue 33: a payout axis read "0 %, 0 %, -0 %")', () => {
    expect(en.pct(-0, { digits: 0 })).toBe('0%');
    expect(en.pct(-0.2, { digits: 0 })).toBe('0%');
    expect(en.fraction(-0.00001)).toBe('0.0%');
    expect(en.number(-0.001, 2)).toBe('0');
    expect(en.money(-0, 'USD')).toBe('$0.00');
    expect(en.pct(-1.5, { digits: 1 })).toBe('-1.5%');
    // Signed figures keep their own rule: no sign at zero, both signs otherwise.
    expect(en.fraction(-0.00001, { signed: true })).toBe('0.0%');
    expect(en.fraction(0.05, { signed: true })).toBe('+5.0%');
  });

  it('shows money with its currency, in the language style', () => {
    expect(en.money(1234.5, 'USD')).toBe('$1,234.50');
    expect(en.money(0.0012345, 'USD')).toBe('$0.001235');
    expect(plain(de.money(1234.5, 'EUR'))).toBe('1.234,50 €');
  });

  it('keeps the currency on compact amounts', () => {
    expect(en.moneyCompact(4_200_000_000, 'USD')).toBe('$4.20B');
    expect(plain(de.moneyCompact(4_200_000_000, 'USD'))).toBe('4,20 Mrd. $');
  });

  it('reads *Pct fields as percent and fractions as ratios', () => {
    expect(en.pct(2.5)).toBe('2.50%');
    expect(en.pct(-1.234, { signed: true })).toBe('-1.23%');
    expect(en.pct(1.2, { signed: true })).toBe('+1.20%');
    expect(en.fraction(0.25)).toBe('25.0%');
    expect(plain(de.fraction(0.25))).toBe('25,0 %');
  });

  it('marks multiples with ×', () => {
    expect(en.multiple(14.23)).toBe('14.2×');
    expect(de.multiple(14.23)).toBe('14,2×');
  });

  it('shows a dash for unknown values, never 0 or NaN', () => {
    expect(en.money(null, 'USD')).toBe(MISSING);
    expect(en.pct(undefined)).toBe(MISSING);
    expect(en.fraction(Number.NaN)).toBe(MISSING);
    expect(en.multiple(null)).toBe(MISSING);
    expect(en.date(null)).toBe(MISSING);
  });

  it('formats calendar days without a time-zone shift', () => {
    expect(en.date('2026-01-02')).toBe('Jan 2, 2026');
    expect(en.month('2026-03-31')).toBe('Mar 2026');
  });

  it('names countries in the page language', () => {
    expect(en.country('US')).toBe('United States');
    expect(de.country('US')).toBe('Vereinigte Staaten');
    expect(en.country(null)).toBe(MISSING);
  });
});

describe('change direction (colour plus sign for colour-blind readers)', () => {
  it('is gain, loss, flat or none', () => {
    expect(changeDirection(1.2)).toBe('gain');
    expect(changeDirection(-0.4)).toBe('loss');
    expect(changeDirection(0.001)).toBe('flat');
    expect(changeDirection(null)).toBe('none');
  });
});
