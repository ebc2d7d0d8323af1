import { type FinancialMetric, financialMetricInfo } from '@app/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../ui/units.ts';
import { isFlow } from './line-meaning.ts';
import { formatMetric, isRatio } from './metric-format.ts';
import type { StatementColumn } from './statement-table.tsx';

/** A metric description that is a formula (contract financialMetricInfo): "Revenue / ...", "... minus ...". */
const FORMULA = / [=+/-] | minus /;

/** Where a demo value comes from, in words a reader can check against the table. */
export type DemoSource = 'generated' | 'fourthQuarter' | 'trailing' | 'computed';

/**
 * A demo company has no filings (no CIK, no accession), so its "filing" is the demo generator itself: a
 * value is a generated figure, or computed here from generated figures (a fourth quarter from the year,
 * a TTM from four quarters, a ratio or per-share value from its parts).
 */
export function demoSource(column: Pick<StatementColumn, 'key' | 'derived'>, metric: FinancialMetric): DemoSource {
  if (!column.derived.includes(metric)) return 'generated';
  // A ratio, or a line defined by a formula (free cash flow, EBITDA, per share), is computed from its
  // parts in every period; a filed line missing from a period was made from other periods.
  const summed = isFlow(metric) && !isRatio(metric) && !FORMULA.test(financialMetricInfo[metric].description);
  if (summed && column.key === 'ttm') return 'trailing';
  if (summed && column.key.endsWith('-Q4')) return 'fourthQuarter';
  return 'computed';
}

export interface DemoFilingProps {
  ticker: string;
  column: StatementColumn;
  metrics: readonly FinancialMetric[];
  currency: string;
  /** The line whose link was followed: marked in the list and scrolled to. */
  highlight: string | null;
  onClose: () => void;
}

/**
 * The demo filing view (issue 22): every value of one period of a demo company with its source, clearly
 * marked as demo data. A modal dialog (focus stays in it, Esc closes it); its address is the tab's
 * ?filing= parameter, so Back closes it too.
 */
export function DemoFiling({ ticker, column, metrics, currency, highlight, onClose }: DemoFilingProps) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const marked = useRef<HTMLTableRowElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // jsdom lacks showModal; the open attribute is the fallback there.
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    marked.current?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      if (!element.open) return;
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    };
  }, []);

  const lines = metrics.filter((metric) => column.values[metric] != null);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Esc is the keyboard way (onCancel)
    <dialog
      ref={dialog}
      className="modal demo-filing"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="modal__body">
        <button type="button" className="modal__close icon-button" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('demo.close')}</span>
        </button>
        <p className="demo-filing__badge">{t('demo.badge')}</p>
        <h2 id={titleId} className="demo-filing__title">
          {t('demo.title', { ticker, period: column.label })}
        </h2>
        <p className="demo-filing__explain">{t('demo.explain')}</p>
        {column.periodEnd && <p className="muted">{t('table.periodEnd', { date: units.date(column.periodEnd) })}</p>}
        {/* A long list scrolls inside the dialog; focusable so a keyboard can scroll it (axe). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className="demo-filing__scroll" aria-labelledby={titleId} tabIndex={0}>
          <table className="demo-filing__table">
            <caption className="visually-hidden">{t('demo.title', { ticker, period: column.label })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('table.item')}</th>
                <th scope="col" className="num">
                  {t('demo.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((metric) => (
                <tr
                  key={metric}
                  ref={metric === highlight ? marked : undefined}
                  className={metric === highlight ? 'demo-filing__marked' : undefined}
                  aria-current={metric === highlight ? 'true' : undefined}
                >
                  {/* The source under the line's name: two columns fit a phone, three did not. */}
                  <th scope="row">
                    {t(`metrics.${metric}`)}
                    <span className="demo-filing__source">
                      <span className="visually-hidden">{t('demo.source')}: </span>
                      {t(`demo.sources.${demoSource(column, metric)}`)}
                    </span>
                  </th>
                  <td className="num">{formatMetric(units, metric, column.values[metric], currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </dialog>
  );
}
