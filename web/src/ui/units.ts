import type { Language } from '@app/contract';
import { formatters, numberFormat, oncePerLanguage } from '../i18n/format.ts';
import { intlLocale } from '../i18n/index.ts';
import { useLanguage } from '../i18n/use-language.ts';

/*
 * Number and date formatting with the unit always visible (design.md): money carries its currency,
 * percentages their sign, multiples an "×". The API's units (contract/src/indicator.ts): fields ending
 * in Pct are percent (2.5 = 2.5 %), ratios and margins are fractions (0.25 = 25 %).
 */
export const MISSING = '—';

type Maybe = number | null | undefined;

interface PercentOptions {
  signed?: boolean;
  digits?: number;
  /** The axis's values, when the text is an axis label: the decimals are the ones its steps need. */
  ticks?: readonly number[] | undefined;
}
const present = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

/** Decimals that write every value exactly (at most `most`): an axis's labels share them (issue 46). */
export function sharedDecimals(values: readonly number[], most = 6): number {
  let digits = 0;
  for (const value of values) {
    while (digits < most) {
      const scaled = value * 10 ** digits;
      // Relative: 0.3 x 10 is 3.0000000000000004, and 1e-9 is not 0.
      if (Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.abs(scaled)) break;
      digits += 1;
    }
  }
  return digits;
}

/**
 * The decimals a compact axis needs: the most any tick writes before its suffix in the language
 * ("2.5M" -> 1), read from Intl itself, as languages differ in where their suffixes start.
 */
export function compactDecimals(locale: string, ticks: readonly number[]): number {
  const format = numberFormat(locale, { notation: 'compact', maximumFractionDigits: 3 });
  return Math.max(
    0,
    ...ticks.map((tick) =>
      format
        .formatToParts(tick)
        .filter((part) => part.type === 'fraction')
        .reduce((digits, part) => digits + part.value.length, 0),
    ),
  );
}

/**
 * The decimals of a money axis: whole units when its steps are ("$40,000", not "$40,000.00"), else
 * cents at least ("$0.50" beside "$1.00", never "$0.5").
 */
const moneyDecimals = (ticks: readonly number[]) => {
  const digits = sharedDecimals(ticks);
  return digits === 0 ? 0 : Math.max(2, digits);
};

/** The language's unit formatters, made once for the page's life (formatters() says why). */
export const unitFormatters = oncePerLanguage(makeUnitFormatters);

function makeUnitFormatters(language: Language) {
  const locale = intlLocale(language);
  const base = formatters(language);
  // Made on first use: most pages show no monthly axis and no country.
  let monthFormat: Intl.DateTimeFormat | undefined;
  let regionNames: Intl.DisplayNames | undefined;
  const fixed = (digits: number) => ({ minimumFractionDigits: digits, maximumFractionDigits: digits });
  const money = (value: Maybe, currency: string, compact = false, ticks?: readonly number[]) =>
    present(value)
      ? numberFormat(locale, {
          style: 'currency',
          currency,
          // On an axis, every label with the axis's decimals (issue 46). Else: coins trade at fractions of a
          // cent, so below 1, four significant digits instead of two decimals; compact amounts keep two
          // decimals so a table column lines up ("$4.10B" under "$4.79B").
          ...(compact
            ? { notation: 'compact', ...fixed(ticks ? compactDecimals(locale, ticks) : 2) }
            : ticks
              ? fixed(moneyDecimals(ticks))
              : Math.abs(value) < 1 && value !== 0
                ? { maximumSignificantDigits: 4 }
                : {}),
        }).format(value)
      : MISSING;
  const percentOf = (ratio: number, signed: boolean, digits: number) =>
    numberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...(signed ? { signDisplay: 'exceptZero' } : {}),
    }).format(ratio);
  return {
    locale,
    /** A plain number with up to `digits` decimals (counts, shares). */
    number: (value: Maybe, digits = 2) =>
      present(value) ? numberFormat(locale, { maximumFractionDigits: digits }).format(value) : MISSING,
    /**
     * A large count without a currency (shares, volume): 1234567 -> "1.23M"; on an axis (`ticks`, the
     * axis's values) with the decimals its steps need ("500K", "1M", "1.5M" -> "0.5M"... never mixed).
     */
    compact: (value: Maybe, ticks?: readonly number[]) =>
      present(value)
        ? numberFormat(locale, {
            notation: 'compact',
            ...fixed(ticks ? compactDecimals(locale, ticks) : 2),
          }).format(value)
        : MISSING,
    /** A price or amount in its currency: "$1,234.50"; on an axis, its decimals ("$40,000", "$0.10"). */
    money: (value: Maybe, currency: string, ticks?: readonly number[]) => money(value, currency, false, ticks),
    /** Large amounts, still with the currency: "$4.20B", "4,20 Mrd. $". */
    moneyCompact: (value: Maybe, currency: string, ticks?: readonly number[]) => money(value, currency, true, ticks),
    /** A value already in percent (the API's *Pct fields): 2.5 -> "2.50%"; on an axis, its decimals. */
    pct: (value: Maybe, { signed = false, digits = 2, ticks }: PercentOptions = {}) =>
      present(value) ? percentOf(value / 100, signed, ticks ? sharedDecimals(ticks) : digits) : MISSING,
    /** A fraction shown as percent (margins, payout, growth): 0.25 -> "25.0%"; on an axis, its decimals. */
    fraction: (value: Maybe, { signed = false, digits = 1, ticks }: PercentOptions = {}) =>
      present(value)
        ? percentOf(value, signed, ticks ? sharedDecimals(ticks.map((tick) => tick * 100)) : digits)
        : MISSING,
    /** A valuation multiple: 14.23 -> "14.2×"; on an axis, its decimals ("150×", not "150.0×"). */
    multiple: (value: Maybe, ticks?: readonly number[]) =>
      present(value) ? `${numberFormat(locale, fixed(ticks ? sharedDecimals(ticks) : 1)).format(value)}×` : MISSING,
    /** 'YYYY-MM-DD' as a calendar day in the language ("Jan 2, 2026"). */
    date: (day: string | null | undefined) => (day ? base.date(day) : MISSING),
    /** 'YYYY-MM-DD' as month and year ("Jan 2026"), for monthly axes. */
    month: (day: string) => {
      monthFormat ??= new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' });
      return monthFormat.format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`));
    },
    /** An ISO country code as its name in the language ("US" -> "United States", "Vereinigte Staaten"). */
    country: (code: string | null | undefined) => {
      if (!code) return MISSING;
      try {
        regionNames ??= new Intl.DisplayNames([locale], { type: 'region' });
        return regionNames.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    },
  };
}
export type UnitFormatters = ReturnType<typeof makeUnitFormatters>;

export function useUnits(): UnitFormatters {
  return unitFormatters(useLanguage());
}
