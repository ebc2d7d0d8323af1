import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../ui/units.ts';
import { FLAG_NAMES, type GreenFlag, type Range, type ScreenerState } from './screener-state.ts';

type RangeName = 'yieldPct' | 'pe' | 'marketCapB';
const RANGES: { name: RangeName; label: string; step: string }[] = [
  { name: 'yieldPct', label: 'filters.yield', step: '0.1' },
  { name: 'pe', label: 'filters.pe', step: '0.1' },
  { name: 'marketCapB', label: 'filters.marketCap', step: '0.1' },
];

type Drafts = Record<RangeName, { min: string; max: string }>;
const draftsOf = (state: ScreenerState): Drafts => {
  const draft = (range: Range) => ({ min: range.min?.toString() ?? '', max: range.max?.toString() ?? '' });
  return { yieldPct: draft(state.yieldPct), pe: draft(state.pe), marketCapB: draft(state.marketCapB) };
};
const rangeOf = (draft: { min: string; max: string }): Range => {
  const value = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));
  const min = value(draft.min);
  const max = value(draft.max);
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
};

export interface ScreenerFiltersProps {
  state: ScreenerState;
  sectors: readonly string[];
  countries: readonly string[];
  onChange: (change: Partial<ScreenerState>) => void;
  onReset: () => void;
}

/**
 * The filter column (design.md): the four green flags as switches and the selects apply at once;
 * the number ranges apply on Enter, on leaving the field or with the Apply button, so typing "12"
 * does not run a query for "1" first.
 */
export function ScreenerFilters({ state, sectors, countries, onChange, onReset }: ScreenerFiltersProps) {
  const { t } = useTranslation('screener');
  const units = useUnits();
  const id = useId();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(state));
  // The URL is the truth: back/forward or a reset brings new values into the fields.
  useEffect(() => setDrafts(draftsOf(state)), [state]);

  const applyRanges = () => {
    const next = { yieldPct: rangeOf(drafts.yieldPct), pe: rangeOf(drafts.pe), marketCapB: rangeOf(drafts.marketCapB) };
    const same = (a: Range, b: Range) => a.min === b.min && a.max === b.max;
    if (!same(next.yieldPct, state.yieldPct) || !same(next.pe, state.pe) || !same(next.marketCapB, state.marketCapB))
      onChange(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyRanges();
  };
  const toggleFlag = (flag: GreenFlag) => {
    const flags = state.flags.includes(flag) ? state.flags.filter((f) => f !== flag) : [...state.flags, flag];
    onChange({ flags: FLAG_NAMES.filter((f) => flags.includes(f)) });
  };

  return (
    <form className="screener-filters" onSubmit={onSubmit} aria-label={t('filters.title')}>
      <fieldset className="screener-filters__group">
        <legend>{t('filters.flags')}</legend>
        {FLAG_NAMES.map((flag) => (
          <label key={flag} className="switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={state.flags.includes(flag)}
              checked={state.flags.includes(flag)}
              onChange={() => toggleFlag(flag)}
            />
            <span className="switch__track" aria-hidden="true" />
            <span>{t(`flags.${flag}`)}</span>
          </label>
        ))}
        <p className="screener-filters__hint">{t('filters.flagsHint')}</p>
      </fieldset>

      {RANGES.map(({ name, label, step }) => (
        <fieldset key={name} className="screener-filters__group">
          <legend>{t(label)}</legend>
          <div className="screener-filters__range">
            {(['min', 'max'] as const).map((end) => (
              <input
                key={end}
                type="number"
                inputMode="decimal"
                step={step}
                aria-label={t(end === 'min' ? 'filters.minLabel' : 'filters.maxLabel', { name: t(label) })}
                placeholder={t(end === 'min' ? 'filters.min' : 'filters.max')}
                value={drafts[name][end]}
                onChange={(event) =>
                  setDrafts((current) => ({ ...current, [name]: { ...current[name], [end]: event.target.value } }))
                }
                onBlur={applyRanges}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <div className="screener-filters__group">
        <label htmlFor={`${id}-sector`}>{t('filters.sector')}</label>
        <select
          id={`${id}-sector`}
          value={state.sector ?? ''}
          onChange={(event) => onChange({ sector: event.target.value || undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {sectors.map((sector) => (
            <option key={sector} value={sector}>
              {sector}
            </option>
          ))}
        </select>
      </div>
      <div className="screener-filters__group">
        <label htmlFor={`${id}-country`}>{t('filters.country')}</label>
        <select
          id={`${id}-country`}
          value={state.country ?? ''}
          onChange={(event) => onChange({ country: event.target.value || undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {countries.map((country) => (
            <option key={country} value={country}>
              {units.country(country)}
            </option>
          ))}
        </select>
      </div>

      <div className="screener-filters__actions">
        <button type="submit" className="button">
          {t('filters.apply')}
        </button>
        <button type="button" className="button button--ghost" onClick={onReset}>
          {t('filters.reset')}
        </button>
      </div>
    </form>
  );
}
