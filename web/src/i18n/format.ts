import type { Language } from '@app/contract';
import { useMemo } from 'react';
import { intlLocale } from './index.ts';
import { useLanguage } from './use-language.ts';

/** Numbers and dates formatted for the page's language (Intl), with cached formatters. */
export function formatters(language: Language) {
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
      new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value),
    /** day is 'YYYY-MM-DD'; shown as a calendar day, never shifted by the reader's time zone. */
    date: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
  };
}

export function useFormat() {
  const language = useLanguage();
  return useMemo(() => formatters(language), [language]);
}
