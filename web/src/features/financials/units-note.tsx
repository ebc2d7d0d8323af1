import type { FinancialMetric, FinancialSeriesHead } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { MISSING, useUnits } from '../../ui/units.ts';
import { unitExamples, unitKindsOf } from './metric-format.ts';

export interface UnitsNoteProps {
  metrics: readonly FinancialMetric[];
  /** The company's reporting currency, from the API (an IFRS filer reports in EUR, BRL...). */
  currency: string;
  /** The splits the API restated per-share values and share counts for (none: nothing to say). */
  splits: FinancialSeriesHead['splits'];
}

/**
 * The units of one table, said above it (issue 22): only the units its lines use (a table of margins is
 * in %, not in dollars), the currency the API gives, the splits values are adjusted for, and what "—"
 * means.
 */
export function UnitsNote({ metrics, currency, splits }: UnitsNoteProps) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const kinds = unitKindsOf(metrics);
  const examples = unitExamples(units, currency);
  const sentences = [
    ...kinds.map((kind) => t(`units.${kind}`, { currency, example: examples[kind] })),
    splits.length > 0 && (kinds.includes('perShare') || kinds.includes('shares'))
      ? t('units.splits', {
          splits: new Intl.ListFormat(units.locale, { type: 'unit' }).format(
            splits.map((split) =>
              t('units.split', {
                ratio: `${units.number(split.numerator)}:${units.number(split.denominator)}`,
                date: units.date(split.day),
              }),
            ),
          ),
        })
      : null,
    t('units.none', { dash: MISSING }),
  ].filter((sentence): sentence is string => sentence !== null);
  return <p className="panel-note financials__units">{sentences.join(' ')}</p>;
}
