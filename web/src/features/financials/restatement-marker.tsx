import type { FinancialMetric, FinancialValues } from '@app/contract';
import { type CSSProperties, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../ui/units.ts';
import { useDismiss } from '../../ui/use-dismiss.ts';
import { filingUrl, metricFigure } from './metric-format.ts';

export type FirstFiled = NonNullable<FinancialValues['firstFiled']>[FinancialMetric] & {};

/** The panel's width, its room from the window's edges and from the marker, and about its height (px). */
const PANEL_WIDTH = 320;
const EDGE = 8;
const GAP = 4;
const PANEL_HEIGHT = 200;

export interface RestatementMarkerProps {
  metric: FinancialMetric;
  /** The column head ("FY 2023"), said in the marker's name. */
  period: string;
  first: FirstFiled;
  latest: number;
  /** The latest value's filing (the cell's accession); null for demo data. */
  latestAccession: string | null;
  currency: string;
  /** With a CIK, each filing links to its index page on sec.gov; demo data (no accession) has no link. */
  cik: string | null;
}

/**
 * The restatement ledger in the statement table (issue 32): a marker beside a value a later filing
 * changed. It is a button (Tab reaches it, Enter, Space or a tap opens it, Esc or a press outside closes
 * it and gives the focus back), whose name says what it is; the panel it opens shows both values, both
 * filings with their days, and the change.
 */
export function RestatementMarker({
  metric,
  period,
  first,
  latest,
  latestAccession,
  currency,
  cik,
}: RestatementMarkerProps) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  // Where the panel opens: fixed to the window, below the marker (above it near the bottom), so the
  // table's scroll box does not cut it off; a scroll or a resize closes it rather than leave it behind.
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const open = place !== null;
  const close = useCallback(() => setPlace(null), []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useDismiss(open, close, root, button);
  useEffect(() => {
    if (!open) return;
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open, close]);
  const toggle = () => {
    if (open || !button.current) return close();
    const rect = button.current.getBoundingClientRect();
    const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * EDGE);
    const left = Math.max(EDGE, Math.min(rect.right - width, window.innerWidth - width - EDGE));
    const below = rect.bottom + PANEL_HEIGHT < window.innerHeight;
    setPlace(
      below ? { top: rect.bottom + GAP, left, width } : { bottom: window.innerHeight - rect.top + GAP, left, width },
    );
  };

  const item = t(`metrics.${metric}`);
  /** Both values in the table's units, a zero included (the table reads "—" for one; here it is a figure). */
  const show = (value: number) => metricFigure(units, metric, value, currency);
  const change = latest - first.value;
  const filing = (accession: string | null, day: string | null) => {
    const text = t('restated.filed', { date: units.date(day) });
    if (!accession || !cik) return accession ? <span title={accession}>{text}</span> : text;
    return (
      <a
        href={filingUrl(cik, accession)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('restated.filingLink', { date: units.date(day), accession })}
      >
        {text}
      </a>
    );
  };

  return (
    <div className="restated" ref={root}>
      <button
        ref={button}
        type="button"
        className="restated__marker"
        aria-expanded={open}
        aria-controls={id}
        title={t('restated.title')}
        onClick={toggle}
      >
        <span aria-hidden="true">↻</span>
        <span className="visually-hidden">{t('restated.marker', { item, period })}</span>
      </button>
      <div id={id} className="restated__panel" hidden={!open} style={place ?? undefined}>
        <p className="restated__heading">{t('restated.panel', { item, period })}</p>
        <dl className="restated__list">
          <div>
            <dt>{t('restated.first')}</dt>
            <dd className="restated__value">{show(first.value)}</dd>
            <dd>{filing(first.accession, first.filed)}</dd>
          </div>
          <div>
            <dt>{t('restated.latest')}</dt>
            <dd className="restated__value">{show(latest)}</dd>
            <dd>{filing(latestAccession, first.latestFiled)}</dd>
          </div>
          <div>
            <dt>{t('restated.change')}</dt>
            <dd className="restated__value">
              {change > 0 ? '+' : ''}
              {show(change)}
            </dd>
            {/* The restatements table's rule for a change (issue 42: "-1.96 %" here, "-2.0 %" there). */}
            <dd>{first.value === 0 ? '' : units.fraction(change / Math.abs(first.value), { signed: true })}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
