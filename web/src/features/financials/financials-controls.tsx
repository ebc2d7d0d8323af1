import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { type FinancialsView, PERIODS, STATEMENTS } from './financials-view.ts';

export interface FinancialsControlsProps {
  view: FinancialsView;
  onChange: (change: Partial<FinancialsView>) => void;
  /** Whether the statement has flow lines, so the growth toggle means something. */
  hasFlows: boolean;
}

/**
 * The statement switch, the period switch and the growth toggle. On a phone the seven statements stay
 * on one row that scrolls sideways (issue 22: no ragged grid), with the chosen one scrolled into view.
 */
export function FinancialsControls({ view, onChange, hasFlows }: FinancialsControlsProps) {
  const { t } = useTranslation('financials');
  const growthId = useId();
  const statements = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const row = statements.current;
    const chosen = row?.querySelectorAll<HTMLElement>('button')[STATEMENTS.indexOf(view.statement)];
    if (!row || !chosen || row.scrollWidth <= row.clientWidth) return;
    // Scroll the row only (scrollIntoView would scroll the page too).
    const left = chosen.offsetLeft - (row.clientWidth - chosen.offsetWidth) / 2;
    row.scrollTo?.({ left: Math.max(0, left) });
  }, [view.statement]);

  return (
    <div className="financials__controls">
      <div className="financials__statements" ref={statements}>
        <SegmentedControl
          label={t('statement')}
          options={STATEMENTS.map((value) => ({ value, label: t(`statements.${value}`) }))}
          value={view.statement}
          onChange={(statement) => onChange({ statement, filing: null })}
        />
      </div>
      <div className="financials__period">
        <SegmentedControl
          label={t('period.label')}
          options={PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))}
          value={view.period}
          onChange={(period) => onChange({ period, filing: null })}
        />
        {hasFlows && (
          <label className="financials__growth-toggle" htmlFor={growthId}>
            <input
              id={growthId}
              type="checkbox"
              checked={view.growth}
              onChange={(event) => onChange({ growth: event.target.checked })}
            />
            {t('growth.toggle')}
          </label>
        )}
      </div>
    </div>
  );
}
