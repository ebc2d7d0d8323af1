import { useTranslation } from 'react-i18next';
import { parseTypedNumber, type RangeText } from './filter-draft.ts';
import { RANGE_SPECS, type RangeKey } from './screener-fields.ts';

export interface RangeFilterProps {
  name: RangeKey;
  text: RangeText;
  onType: (end: keyof RangeText, text: string) => void;
  onDone: () => void;
}

/**
 * One numeric column's bounds: two text boxes (not type=number, which drops "2," half-way to "2,5" in
 * a comma language and reads back "" for it). What is not a number is marked and not applied.
 */
export function RangeFilter({ name, text, onType, onDone }: RangeFilterProps) {
  const { t } = useTranslation('screener');
  const label = t(`columns.${name}`);
  const unit = t(`units.${RANGE_SPECS[name].unit}`);
  const invalid = (['min', 'max'] as const).filter((end) => parseTypedNumber(text[end]) === null);
  const errorId = `range-${name}-error`;
  return (
    <fieldset className="range-filter">
      <legend>
        {label} <span className="range-filter__unit">{unit}</span>
      </legend>
      <div className="range-filter__inputs">
        {(['min', 'max'] as const).map((end) => (
          <input
            key={end}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            aria-label={t(end === 'min' ? 'filters.minLabel' : 'filters.maxLabel', { name: label })}
            aria-invalid={invalid.includes(end) || undefined}
            aria-describedby={invalid.includes(end) ? errorId : undefined}
            placeholder={t(end === 'min' ? 'filters.min' : 'filters.max')}
            value={text[end]}
            onChange={(event) => onType(end, event.target.value)}
            onBlur={onDone}
          />
        ))}
      </div>
      {invalid.length > 0 && (
        <p id={errorId} className="range-filter__error">
          {t('filters.notANumber')}
        </p>
      )}
    </fieldset>
  );
}
