import type { Language } from '@app/contract';
import { intlLocale } from './index.ts';
import { useLanguage } from './use-language.ts';

export type Formatters = ReturnType<typeof makeFormatters>;

const made = new Map<Language, Formatters>();
/**
 * Numbers and dates formatted for the page's language (Intl). One set per language for the page's
 * life: building an Intl formatter costs about a millisecond, and every component that formats asks
 * for the set (a home page's first render built about a hundred of them: 120 ms of a phone's script).
 */
export function formatters(language: Language): Formatters {
  let set = made.get(language);
  if (!set) {
    set = makeFormatters(language);
    made.set(language, set);
  }
  return set;
}

function makeFormatters(language: Language) {
  const locale = intlLocale(language);
  const currencies = new Map<string, Intl.NumberFormat>();
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
    currency: (value: number, currency: string) => {
      let format = currencies.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 });
        currencies.set(currency, format);
      }
      return format.format(value);
    },
    /** day is 'YYYY-MM-DD'; shown as a calendar day, never shifted by the reader's time zone. */
    date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
  };
}

export function useFormat() {
  const language = useLanguage();
  return formatters(language);
}
