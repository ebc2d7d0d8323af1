import { describe, expect, it } from 'vitest';
import { formatters } from '../i18n/format.ts';
import { changeDirection } from './change-badge.tsx';
import { compactDecimals, MISSING, sharedDecimals, unitFormatters } from './units.ts';

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

describe('one format per axis (issue 46): the labels of an axis share their decimals', () => {
  const en = unitFormatters('en');
  const de = unitFormatters('de');
  const axis = (format: (value: number, ticks: readonly number[]) => string, ticks: readonly number[]) =>
    ticks.map((tick) => format(tick, ticks));

  it('counts the decimals that write every value exactly', () => {
    expect(sharedDecimals([0, 5, 10])).toBe(0);
    expect(sharedDecimals([0.1, 0.12, 0.14])).toBe(2);
    expect(sharedDecimals([0.3, 0.6, 0.9])).toBe(1);
    expect(sharedDecimals([1e-9], 6)).toBe(6);
    expect(compactDecimals('en', [2_000_000, 2_500_000])).toBe(1);
    expect(compactDecimals('en', [0, 500_000, 1_000_000])).toBe(0);
  });

  it('per-share money: cents for fractions ("$0.10" beside "$0.12", never "$0.1"), none for whole steps', () => {
    expect(axis((v, t) => en.money(v, 'USD', t), [0.1, 0.12, 0.14])).toEqual(['$0.10', '$0.12', '$0.14']);
    expect(axis((v, t) => en.money(v, 'USD', t), [0.5, 1, 1.5])).toEqual(['$0.50', '$1.00', '$1.50']);
    expect(axis((v, t) => en.money(v, 'USD', t), [20_000, 40_000])).toEqual(['$20,000', '$40,000']);
    // Alone (a tooltip, a table), the unit's own rule.
    expect(en.money(40_000, 'USD')).toBe('$40,000.00');
  });

  it('large money and counts: one number of decimals before the suffix', () => {
    expect(axis((v, t) => en.moneyCompact(v, 'USD', t), [2e9, 2.5e9, 3e9])).toEqual(['$2.0B', '$2.5B', '$3.0B']);
    expect(axis((v, t) => en.compact(v, t), [0, 1e6, 2e6, 3e6])).toEqual(['0', '1M', '2M', '3M']);
    expect(axis((v, t) => en.compact(v, t), [0, 5e5, 1e6, 1.5e6])).toEqual(['0.0', '500.0K', '1.0M', '1.5M']);
    expect(axis((v, t) => plain(de.compact(v, t)), [1e6, 1.5e6, 2e6])).toEqual(['1,0 Mio.', '1,5 Mio.', '2,0 Mio.']);
  });

  it('percent and multiples: the decimals the step needs ("5.5%" beside "6.0%", "150×" not "150.0×")', () => {
    expect(axis((v, t) => en.pct(v, { digits: 0, ticks: t }), [5.5, 6, 6.5])).toEqual(['5.5%', '6.0%', '6.5%']);
    expect(axis((v, t) => en.fraction(v, { ticks: t }), [0.25, 0.5, 0.75])).toEqual(['25%', '50%', '75%']);
    expect(axis((v, t) => en.multiple(v, t), [50, 100, 150])).toEqual(['50×', '100×', '150×']);
    expect(axis((v, t) => en.multiple(v, t), [12.5, 15, 17.5])).toEqual(['12.5×', '15.0×', '17.5×']);
  });

  it('a restatement’s change reads the same in its popover and in the table (issue 42)', () => {
    // Both call fraction(change, { signed: true }): one rule for a percent change.
    expect(en.fraction(-0.0196, { signed: true })).toBe('-2.0%');
  });
});
