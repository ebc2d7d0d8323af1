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
const present = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

/** The language's unit formatters, made once for the page's life (formatters() says why). */
export const unitFormatters = oncePerLanguage(makeUnitFormatters);

function makeUnitFormatters(language: Language) {
  const locale = intlLocale(language);
  const base = formatters(language);
  // Made on first use: most pages show no monthly axis and no country.
  let monthFormat: Intl.DateTimeFormat | undefined;
  let regionNames: Intl.DisplayNames | undefined;
  const money = (value: Maybe, currency: string, compact = false) =>
    present(value)
      ? numberFormat(locale, {
          style: 'currency',
          currency,
          // Coins trade at fractions of a cent: below 1, keep four significant digits instead of two decimals.
          // Compact amounts keep two decimals so a table column lines up ("$4.10B" under "$4.79B").
          ...(compact
            ? { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 }
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
    /** A large count without a currency (shares, volume): 1234567 -> "1.23M". */
    compact: (value: Maybe) =>
      present(value)
        ? numberFormat(locale, { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
            value,
          )
        : MISSING,
    /** A price or amount in its currency: "$1,234.50". */
    money: (value: Maybe, currency: string) => money(value, currency),
    /** Large amounts, still with the currency: "$4.20B", "4,20 Mrd. $". */
    moneyCompact: (value: Maybe, currency: string) => money(value, currency, true),
    /** A value already in percent (the API's *Pct fields): 2.5 -> "2.50%". */
    pct: (value: Maybe, { signed = false, digits = 2 } = {}) =>
      present(value) ? percentOf(value / 100, signed, digits) : MISSING,
    /** A fraction shown as percent (margins, payout, growth): 0.25 -> "25.0%". */
    fraction: (value: Maybe, { signed = false, digits = 1 } = {}) =>
      present(value) ? percentOf(value, signed, digits) : MISSING,
    /** A valuation multiple: 14.23 -> "14.2×". */
    multiple: (value: Maybe) =>
      present(value)
        ? `${numberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value)}×`
        : MISSING,
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
