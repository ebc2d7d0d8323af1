import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * Sector and industry names come from the data in English ("Health Care", SEC's "ELECTRIC SERVICES").
 * Each has a code, its name in lower case with every run of other characters made one hyphen
 * ("health-care", "electric-services"), and the sectors namespace holds a label per code in every
 * language. A name without a label (an SEC industry the demo never uses) is shown as the data has it.
 */
export function labelCode(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface SectorLabels {
  /** The sector's name in the page's language; '' for none. */
  sector: (name: string | null | undefined) => string;
  /** The industry's name in the page's language; '' for none. */
  industry: (name: string | null | undefined) => string;
}

/** Sector and industry labels in the page's language (loads the sectors namespace). */
export function useSectorLabels(): SectorLabels {
  const { t, i18n } = useTranslation('sectors');
  return useMemo(() => {
    const label = (kind: 'sector' | 'industry') => (name: string | null | undefined) => {
      if (!name) return '';
      const key = `${kind}.${labelCode(name)}`;
      return i18n.exists(key, { ns: 'sectors' }) ? t(key) : name;
    };
    return { sector: label('sector'), industry: label('industry') };
    // t changes with the language; i18n is one object.
  }, [t, i18n]);
}
