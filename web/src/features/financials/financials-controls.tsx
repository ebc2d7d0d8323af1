import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { type FinancialsView, PERIODS, STATEMENTS, type Statement } from './financials-view.ts';

export interface FinancialsControlsProps {
  view: FinancialsView;
  onChange: (change: Partial<FinancialsView>) => void;
}

/**
 * The statement switch and the period switch. Wide screens show the seven statements as buttons; phones
 * a select instead (issue 22: the buttons wrapped into a ragged grid), beside the period buttons on one
 * row, so the first figures stay in view. CSS shows one of the two; the hidden one (display: none) is
 * out of the tab order and the accessibility tree.
 */
export function FinancialsControls({ view, onChange }: FinancialsControlsProps) {
  const { t } = useTranslation('financials');
  const selectId = useId();
  const choose = (statement: Statement) => onChange({ statement, filing: null });
  return (
    <div className="financials__controls">
      <div className="financials__statements">
        <SegmentedControl
          label={t('statement')}
          options={STATEMENTS.map((value) => ({ value, label: t(`statements.${value}`) }))}
          value={view.statement}
          onChange={choose}
        />
      </div>
      <div className="financials__statement-select">
        <label className="visually-hidden" htmlFor={selectId}>
          {t('statement')}
        </label>
        <select
          id={selectId}
          value={view.statement}
          onChange={(event) => {
            const statement = STATEMENTS.find((value) => value === event.target.value);
            if (statement) choose(statement);
          }}
        >
          {STATEMENTS.map((value) => (
            <option key={value} value={value}>
              {t(`statements.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <SegmentedControl
        label={t('period.label')}
        options={PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))}
        value={view.period}
        onChange={(period) => onChange({ period, filing: null })}
      />
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
