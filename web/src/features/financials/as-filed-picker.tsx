import { isCalendarDay } from '@app/contract/days';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../ui/units.ts';

/*
 * Statements as filed on a day (issue 32): a date field above the table (the API's asOf), kept in the
 * URL by the tab's view, and while an earlier day is shown a notice saying so with the way back.
 */

/** Today in UTC, the API's day: a later day is today's statements, the latest. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The day a date field's value asks for: null (the latest) when it is cleared or not before today.
 * A year still being typed (0002, 0020, 0202) asks nothing: the field gives a full date per keystroke.
 */
export function asFiledChoice(value: string, today = todayUtc()): string | null | undefined {
  if (value === '') return null;
  if (!isCalendarDay(value) || value < '1900-01-01') return undefined;
  return value >= today ? null : value;
}

export function AsFiledPicker({ value, onChange }: { value: string | null; onChange: (asOf: string | null) => void }) {
  const { t } = useTranslation('financials');
  const id = useId();
  return (
    <div className="financials__as-filed">
      <label htmlFor={id}>{t('asFiled.label')}</label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        max={todayUtc()}
        onChange={(event) => {
          const choice = asFiledChoice(event.target.value);
          if (choice !== undefined && choice !== value) onChange(choice);
        }}
      />
    </div>
  );
}

/** While an earlier day is shown: what the table is, and the way back to the latest statements. */
export function AsFiledNotice({ day, onLatest }: { day: string; onLatest: () => void }) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  return (
    <div className="financials__as-filed-notice" role="status">
      <p>{t('asFiled.notice', { date: units.date(day) })}</p>
      <button type="button" className="button button--ghost" onClick={onLatest}>
        {t('asFiled.latest')}
      </button>
    </div>
  );
}
