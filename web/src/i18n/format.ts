import type { Language } from '@app/contract';
import { intlLocale } from './index.ts';
import { useLanguage } from './use-language.ts';

export type Formatters = ReturnType<typeof makeFormatters>;

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number format that never writes a negative zero (issue 33: "-0 %" for a value that rounds to zero):
 * the sign only for a negative number that stays negative once rounded, unless the options say otherwise.
 * Browsers without signDisplay "negative" (before 2022) throw on it: they format as asked.
 */
function makeNumberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  if (options.signDisplay !== undefined) return new Intl.NumberFormat(locale, options);
  try {
    return new Intl.NumberFormat(locale, { ...options, signDisplay: 'negative' });
  } catch {
    return new Intl.NumberFormat(locale, options);
  }
}

/** Intl.NumberFormat is slow to build and tables format thousands of cells: one per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = makeNumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** `make` run once per language, its result kept for the page's life. */
export function oncePerLanguage<T>(make: (language: Language) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) {
      value = make(language);
      made.set(language, value);
    }
    return value;
  };
}

/**
 * Numbers and dates formatted for the page's language (Intl). One set per language for the page's
 * life: every component that formats asks for it, and each set is four Intl objects (the page's first
 * one also loads the locale's data, a long task: docs/performance.md).
 */
export const formatters = oncePerLanguage(makeFormatters);

function makeFormatters(language: Language) {
  const locale = intlLocale(language);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return {
    number: (value: number) => number.format(value),
    /** value is a ratio: 0.123 -> "+12.3 %" in the language's style. */
    percent: (value: number) => percent.format(value),
    compact: (value: number) => compact.format(value),
    currency: (value: number, currency: string) =>
      numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value),
    /** day is 'YYYY-MM-DD'; shown as a calendar day, never shifted by the reader's time zone. */
    date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
  };
}

export function useFormat() {
  const language = useLanguage();
  return formatters(language);
}
