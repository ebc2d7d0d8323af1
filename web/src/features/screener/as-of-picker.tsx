import { useTranslation } from 'react-i18next';
import { backtestPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { useUnits } from '../../ui/units.ts';
import { screenerFilter } from './screener-query.ts';
import type { ScreenerState } from './screener-state.ts';

/** The first day the picker offers: the demo's and most loads' histories start later. */
const EARLIEST = '2000-01-01';

export interface AsOfPickerProps {
  state: ScreenerState;
  onChange: (change: Partial<ScreenerState>) => void;
}

/**
 * The screen as known on a day (issue 43): a date beside the filters, kept in the URL (asOf), and a
 * line saying which day every figure is of; and the link that backtests the screen as it stands.
 */
export function AsOfPicker({ state, onChange }: AsOfPickerProps) {
  const { t } = useTranslation('backtest');
  const units = useUnits();
  const language = useLanguage();
  const today = new Date().toISOString().slice(0, 10);
  // A screen as of a day is backtested from that day: which stocks passed it then, and how they did since.
  const screen = new URLSearchParams({
    filter: screenerFilter(state),
    orderBy: state.sort === 'ticker' ? `ticker ${state.direction}` : `${state.sort} ${state.direction}`,
    ...(state.asOf ? { from: state.asOf } : {}),
  });
  return (
    <div className="as-of-picker">
      <label className="as-of-picker__field">
        <span>{t('asOf.label')}</span>
        <input
          type="date"
          min={EARLIEST}
          max={today}
          value={state.asOf ?? ''}
          onChange={(event) => {
            const day = event.target.value;
            // A half-typed date is empty in the input's value: only whole days reach the URL.
            onChange(day ? { asOf: day } : { asOf: undefined });
          }}
        />
      </label>
      {state.asOf ? (
        <>
          <p className="as-of-picker__note" role="status">
            {t('asOf.note', { day: units.date(state.asOf) })}
          </p>
          <button type="button" className="as-of-picker__clear" onClick={() => onChange({ asOf: undefined })}>
            {t('asOf.today')}
          </button>
        </>
      ) : null}
      <Link className="as-of-picker__backtest" to={`${backtestPath(language)}?${screen.toString()}`}>
        {t('link')}
      </Link>
    </div>
  );
}
