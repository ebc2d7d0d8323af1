import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { AsFiledPicker } from './as-filed-picker.tsx';
import { type FinancialsView, PERIODS, type PeriodView, STATEMENTS, type Statement } from './financials-view.ts';

export interface FinancialsControlsProps {
  view: FinancialsView;
  onChange: (change: Partial<FinancialsView>) => void;
}

/** A labelled native select of one of the view's choices: the phone form of a row of buttons. */
function ChoiceSelect<T extends string>({
  label,
  className,
  options,
  value,
  onChange,
}: {
  label: string;
  className: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The statement switch and the period switch. Wide screens show them as rows of buttons; phones as two
 * selects side by side (issue 22: seven buttons wrapped into a ragged grid, and long period names such
 * as "Neljännesvuosittain" pushed a second row), so the first figures stay in view in every language.
 * CSS shows one form; the hidden one (display: none) is out of the tab order and the accessibility tree.
 * Under them, on every screen, the day the statements are as filed on.
 */
export function FinancialsControls({ view, onChange }: FinancialsControlsProps) {
  const { t } = useTranslation('financials');
  const statements = STATEMENTS.map((value) => ({ value, label: t(`statements.${value}`) }));
  const periods = PERIODS.map((value) => ({ value, label: t(`period.${value}`) }));
  const chooseStatement = (statement: Statement) => onChange({ statement, filing: null });
  const choosePeriod = (period: PeriodView) => onChange({ period, filing: null });
  return (
    <div className="financials__controls">
      <div className="financials__buttons">
        <SegmentedControl
          label={t('statement')}
          options={statements}
          value={view.statement}
          onChange={chooseStatement}
        />
        <SegmentedControl label={t('period.label')} options={periods} value={view.period} onChange={choosePeriod} />
      </div>
      <div className="financials__selects">
        <ChoiceSelect
          label={t('statement')}
          className="financials__select financials__select--statement"
          options={statements}
          value={view.statement}
          onChange={chooseStatement}
        />
        <ChoiceSelect
          label={t('period.label')}
          className="financials__select"
          options={periods}
          value={view.period}
          onChange={choosePeriod}
        />
      </div>
      <AsFiledPicker value={view.asOf} onChange={(asOf) => onChange({ asOf, filing: null })} />
    </div>
  );
}

/** The year-over-year growth toggle, beside the table's title (it changes the table only). */
export function GrowthToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('financials');
  const id = useId();
  return (
    <label className="financials__growth-toggle" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {t('growth.toggle')}
    </label>
  );
}
