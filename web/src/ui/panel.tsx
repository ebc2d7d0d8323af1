import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from './skeleton.tsx';
import { useUnits } from './units.ts';
import './ui.css';

export type PanelState = 'loading' | 'error' | 'empty' | 'ready';

/** What a data query reports (TanStack Query's flags), enough to pick its panel's state. */
export interface QueryStatus {
  isPending: boolean;
  isError: boolean;
}

/**
 * The panel state for a block fed by a query: loading before the first answer, the error (with its
 * retry) when the query failed, empty when the answer has nothing to show (no points in the shown range,
 * no rows), else ready.
 */
export function queryPanelState(query: QueryStatus, hasData: boolean): PanelState {
  if (query.isPending) return 'loading';
  if (query.isError) return 'error';
  return hasData ? 'ready' : 'empty';
}

export interface PanelProps {
  title: string;
  /** h2 for a page's main blocks, h3 inside a tab. */
  headingLevel?: 2 | 3;
  /** Buttons or controls shown beside the title (range buttons, CSV download). */
  actions?: ReactNode;
  /** The day the data is as of ('YYYY-MM-DD'); design.md: a "data as of" line under every panel. */
  asOf?: string | null;
  /** A source or note shown on the as-of line ("SEC filings", "demo data"). */
  source?: string;
  state?: PanelState;
  onRetry?: () => void;
  emptyText?: string;
  errorText?: string;
  /** What the loading state looks like; a few text lines by default. */
  skeleton?: ReactNode;
  className?: string;
  /** An anchor to the panel (the main navigation links to the home's watchlist, issue 33). */
  id?: string;
  children?: ReactNode;
}

/** A titled block of a page with its loading, empty and error states (issue 8: every panel has them). */
export function Panel({
  title,
  headingLevel = 2,
  actions,
  asOf,
  source,
  state = 'ready',
  onRetry,
  emptyText,
  errorText,
  skeleton,
  className,
  id,
  children,
}: PanelProps) {
  const { t } = useTranslation('ui');
  const units = useUnits();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      id={id}
      // An anchor takes the focus when it is scrolled to (web/src/app/scroll-to-hash.ts).
      tabIndex={id ? -1 : undefined}
      className={`panel${className ? ` ${className}` : ''}`}
      aria-labelledby={headingId}
      aria-busy={state === 'loading'}
    >
      <header className="panel__header">
        <Heading id={headingId} className="panel__title">
          {title}
        </Heading>
        {actions && <div className="panel__actions">{actions}</div>}
      </header>
      <div className="panel__body">
        {state === 'loading' && (
          <div role="status" aria-label={t('panel.loading')}>
            {skeleton ?? <Skeleton lines={4} />}
          </div>
        )}
        {state === 'error' && (
          <div className="panel__message" role="alert">
            <p className="panel__message-title">{errorText ?? t('panel.error')}</p>
            <p>{t('panel.errorHint')}</p>
            {onRetry && (
              <button type="button" className="button button--ghost" onClick={onRetry}>
                {t('panel.retry')}
              </button>
            )}
          </div>
        )}
        {state === 'empty' && (
          <div className="panel__message">
            <p>{emptyText ?? t('panel.empty')}</p>
          </div>
        )}
        {state === 'ready' && children}
      </div>
      {(asOf || source) && state === 'ready' && (
        <p className="panel__as-of">
          {asOf ? t('panel.asOf', { date: units.date(asOf) }) : null}
          {asOf && source ? ' · ' : null}
          {source}
        </p>
      )}
    </section>
  );
}
