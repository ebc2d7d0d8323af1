import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvancedFilter } from './advanced-filter.tsx';
import { RangeFilter } from './range-filter.tsx';
import { type ChoiceKey, FILTER_GROUPS, FLAG_NAMES, type GreenFlag } from './screener-fields.ts';
import { panelFilter } from './screener-query.ts';
import type { ScreenerFilters as Filters } from './screener-state.ts';
import type { FilterDraft } from './use-filter-draft.ts';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface ScreenerFiltersProps {
  applied: Filters;
  draft: FilterDraft;
  options: Record<ChoiceKey, ChoiceOption[]>;
  onReset: () => void;
}

/**
 * The filter column (design.md): green activity first, then a section per kind of figure, each
 * opening by itself when one of its filters is set, and the advanced expression last. One apply
 * behaviour (issue 23): everything applies as you go, typed numbers after a short pause.
 */
export function ScreenerFilters({ applied, draft, options, onReset }: ScreenerFiltersProps) {
  const { t } = useTranslation('screener');
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    draft.flush();
  };
  const toggleFlag = (flag: GreenFlag) => {
    const flags = applied.flags.includes(flag) ? applied.flags.filter((f) => f !== flag) : [...applied.flags, flag];
    draft.change({ flags: FLAG_NAMES.filter((f) => flags.includes(f)) });
  };
  const setChoice = (key: ChoiceKey, value: string) => {
    const choices = { ...applied.choices };
    if (value) choices[key] = value;
    else delete choices[key];
    draft.change({ choices });
  };
  const isSet = (group: (typeof FILTER_GROUPS)[number]) =>
    group.choices.some((key) => applied.choices[key]) ||
    group.ranges.some((key) => draft.drafts[key].min !== '' || draft.drafts[key].max !== '');

  return (
    <form className="screener-filters" onSubmit={onSubmit} aria-label={t('filters.title')}>
      <fieldset className="screener-filters__group">
        <legend>{t('filters.flags')}</legend>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={applied.greenOnly}
            checked={applied.greenOnly}
            onChange={() => draft.change({ greenOnly: !applied.greenOnly })}
          />
          <span className="switch__track" aria-hidden="true" />
          <span>{t('filters.greenOnly')}</span>
        </label>
        {FLAG_NAMES.map((flag) => (
          <label key={flag} className="switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={applied.flags.includes(flag)}
              checked={applied.flags.includes(flag)}
              onChange={() => toggleFlag(flag)}
            />
            <span className="switch__track" aria-hidden="true" />
            <span>{t(`flags.${flag}`)}</span>
          </label>
        ))}
        <p className="screener-filters__hint">{t(applied.greenOnly ? 'filters.flagsHint' : 'filters.flagsHintAll')}</p>
      </fieldset>

      {FILTER_GROUPS.map((group) => (
        <Section key={group.id} title={t(`groups.${group.id}`)} set={isSet(group)}>
          {group.choices.map((key) => (
            <div key={key} className="screener-filters__choice">
              <label htmlFor={`${id}-${key}`}>{t(`columns.${key}`)}</label>
              <select
                id={`${id}-${key}`}
                value={applied.choices[key] ?? ''}
                onChange={(event) => setChoice(key, event.target.value)}
              >
                <option value="">{t('filters.any')}</option>
                {options[key].map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {group.ranges.map((key) => (
            <RangeFilter
              key={key}
              name={key}
              text={draft.drafts[key]}
              onType={(end, text) => draft.type(key, end, text)}
              onDone={draft.flush}
            />
          ))}
        </Section>
      ))}

      <Section title={t('groups.advanced')} set={Boolean(applied.advanced)}>
        <AdvancedFilter
          applied={applied.advanced}
          panel={panelFilter(applied)}
          onApply={(advanced) => draft.change({ advanced })}
        />
      </Section>

      {/* Enter in a box applies at once; the button is there for the keyboard, hidden from the eye. */}
      <button type="submit" className="visually-hidden" tabIndex={-1}>
        {t('filters.apply')}
      </button>
      <div className="screener-filters__actions">
        <button type="button" className="button button--ghost" onClick={onReset}>
          {t('filters.reset')}
        </button>
      </div>
    </form>
  );
}

/** A foldable section that opens when one of its filters gets set (a preset, a link) and never closes by itself. */
function Section({ title, set, children }: { title: string; set: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(set);
  useEffect(() => {
    if (set) setOpen(true);
  }, [set]);
  return (
    <details
      className="screener-filters__section"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{title}</summary>
      <div className="screener-filters__section-body">{children}</div>
    </details>
  );
}
