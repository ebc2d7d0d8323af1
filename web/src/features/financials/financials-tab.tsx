import {
  allTemplateLines,
  type FinancialMetric,
  financialGroups,
  meaningfulFor,
  type TemplateStatement,
  templateLines,
} from '@app/contract';
import { startTransition, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterPaint } from '../../ui/after-paint.ts';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { AsFiledNotice } from './as-filed-picker.tsx';
import { DemoFiling } from './demo-filing.tsx';
import { useFinancialGroup, useTtmFinancials } from './financials-api.ts';
import { FinancialsControls, GrowthToggle } from './financials-controls.tsx';
import { useFinancialsView } from './financials-view.ts';
import { isFlow } from './line-meaning.ts';
import { RestatementsPanel } from './restatements-panel.tsx';
import {
  CHART_LINES,
  chartSeries,
  periodColumns,
  RECENT_YEARS,
  recentColumns,
  ttmColumn,
} from './statement-columns.ts';
import { type FilingSource, StatementTable } from './statement-table.tsx';
import { UnitsNote } from './units-note.tsx';
import './financials.css';

const CHART_HEIGHT = 220;

const SOURCE_NOTE = { sec: 'sec', demo: 'demo', none: 'other' } as const;
const TEMPLATED = new Set<string>(['income-statement', 'balance-sheet', 'cash-flow']);

export interface FinancialsTabProps {
  ticker: string;
  /** The company's SEC CIK: with it, each value links to its filing on sec.gov. */
  cik: string | null;
  /** A company of the generated demo universe: its values link to the demo filing view instead. */
  demo?: boolean;
}

/** The Financials tab (design.md, issue 19): statements and metric groups by year, quarter or TTM. */
export function FinancialsTab({ ticker, cik, demo = false }: FinancialsTabProps) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const { view, change, closeFiling } = useFinancialsView();
  const { statement } = view;
  const period = view.period === 'quarterly' ? 'quarterly' : 'annual';
  const group = useFinancialGroup(ticker, statement, period, true, view.asOf);
  // A bank, an insurer or a REIT has statements of its own kind (the answer's templates); figures that mean
  // nothing for it (a bank's gross profit) are left out of every table, and a note says which.
  const kind = group.data?.templates[ticker] ?? 'general';
  const templated = TEMPLATED.has(statement);
  const metrics = useMemo(
    () =>
      (templated
        ? templateLines(kind, statement as TemplateStatement)
        : (financialGroups[statement] as readonly FinancialMetric[])
      ).filter((metric) => meaningfulFor(kind, metric)),
    [kind, statement, templated],
  );
  const leftOut = financialGroups[statement].filter((metric) => !meaningfulFor(kind, metric));
  // Every template's lines: one TTM request whatever the kind turns out to be.
  const ttmMetrics = useMemo(
    () => (templated ? allTemplateLines(statement as TemplateStatement) : financialGroups[statement]),
    [statement, templated],
  );
  const ttm = useTtmFinancials(ticker, ttmMetrics, view.period === 'ttm', view.asOf);
  const series = group.data?.series[0];
  const ttmSeries = view.period === 'ttm' ? ttm.data?.series[0] : undefined;
  const currency = series?.currency ?? ttmSeries?.currency ?? '';
  const filings: FilingSource = cik ? { kind: 'sec', cik } : demo ? { kind: 'demo' } : { kind: 'none' };

  const columns = useMemo(() => {
    const label = (p: {
      fiscalYear: number;
      fiscalPeriod: string;
      periodStart?: string | null;
      periodEnd?: string;
    }) => {
      if (p.fiscalPeriod === 'FY') return t('period.fy', { year: p.fiscalYear });
      // A change of fiscal year end: the months between the old and the new year, no year or quarter.
      if (p.fiscalPeriod === 'TP')
        return p.periodStart && p.periodEnd
          ? t('transitionPeriod.label', { start: units.date(p.periodStart), end: units.date(p.periodEnd) })
          : t('transitionPeriod.until', { end: units.date(p.periodEnd ?? '') });
      return t('period.quarter', { quarter: p.fiscalPeriod.slice(1), year: p.fiscalYear });
    };
    const trailing = ttmColumn(ttmSeries, metrics, t('period.ttm'));
    const periods = periodColumns(series?.periods ?? [], label);
    return trailing ? [trailing, ...periods] : periods;
  }, [series, ttmSeries, metrics, t, units]);

  // The quarterly table: the last five years, every quarter on request (issue 33); the chart keeps them all.
  const [allQuarters, setAllQuarters] = useState<string | null>(null);
  const quarterly = view.period === 'quarterly';
  const showAll = allQuarters === `${ticker}:${statement}`;
  const recent = useMemo(() => (quarterly ? recentColumns(columns) : columns), [quarterly, columns]);
  const tableColumns = showAll ? columns : recent;
  const limited = recent.length < columns.length;

  const chartLines = CHART_LINES[statement];
  const chart = useMemo(
    () => (chartLines ? chartSeries(chartLines, columns, (metric) => t(`metrics.${metric}`)) : []),
    [chartLines, columns, t],
  );
  // The chart is made once the table has been painted (a box of its height holds its place meanwhile):
  // made before, it delayed a phone's table after its statement answer (bench:web's tables), and on a phone
  // the table comes first.
  const chartAfterTable = useAfterPaint(chart.length > 0);

  const state = queryPanelState(
    {
      isPending: group.isPending || (view.period === 'ttm' && ttm.isPending),
      isError: group.isError || (view.period === 'ttm' && ttm.isError),
    },
    columns.length > 0,
  );
  const retry = () => {
    void group.refetch();
    if (view.period === 'ttm') void ttm.refetch();
  };
  const chartFormat = (value: number, ticks?: readonly number[]) => {
    if (statement === 'margins' || statement === 'financial-returns') return units.pct(value, { digits: 1, ticks });
    if (statement === 'per-share') return units.money(value, currency, ticks);
    return units.moneyCompact(value, currency, ticks);
  };
  const title = t(`statements.${statement}`);
  const asOf = columns[0]?.periodEnd ?? null;
  // Annual-only filers (20-F, 40-F) have no quarters: said as such, not as "no figures".
  const annualOnly = (series ?? ttmSeries)?.quartersFiled === false;
  const notes = [
    statement === 'financial-returns' && view.period !== 'annual' ? t('period.returnsAnnual') : null,
    // No trailing twelve months could be formed (basis fy): the fiscal years stand in, and the page says why.
    view.period === 'ttm' && ttmSeries && ttmSeries.basis !== 'ttm'
      ? t(annualOnly ? 'period.quartersNotFiled' : 'period.ttmFallback')
      : null,
    kind !== 'general' && leftOut.length > 0
      ? t('templates.note', {
          kind: t(`templates.kinds.${kind}`),
          figures: leftOut.map((metric) => t(`metrics.${metric}`)).join(', '),
        })
      : null,
  ].filter((note): note is string => note !== null);
  const filingColumn = view.filing ? columns.find((column) => column.key === view.filing?.column) : undefined;
  // As filed on a day before the first filing: the answer is empty and says when the first one came.
  const firstFiled = (series ?? ttmSeries)?.asFiled;
  const emptyText =
    view.asOf && firstFiled?.note && firstFiled.firstFiled
      ? t('asFiled.beforeFirst', { date: units.date(view.asOf), first: units.date(firstFiled.firstFiled) })
      : view.period === 'quarterly' && annualOnly
        ? t('period.quartersNotFiled')
        : t('empty');

  return (
    <div className="financials">
      <FinancialsControls view={view} onChange={change} />
      {view.asOf && <AsFiledNotice day={view.asOf} onLatest={() => change({ asOf: null, filing: null })} />}
      <Panel
        title={title}
        headingLevel={2}
        state={state}
        onRetry={retry}
        emptyText={emptyText}
        asOf={asOf}
        source={t(`source.${SOURCE_NOTE[filings.kind]}`)}
        skeleton={<Skeleton lines={10} />}
        actions={
          metrics.some(isFlow) && <GrowthToggle checked={view.growth} onChange={(growth) => change({ growth })} />
        }
      >
        {notes.map((note) => (
          <p key={note} className="panel-note">
            {note}
          </p>
        ))}
        {/* Units, chart, then table (design.md); phones put the table first (first number in view). */}
        <div className="financials__body">
          <UnitsNote metrics={metrics} currency={currency} splits={series?.splits ?? []} />
          {chart.length > 0 && (
            <div className="financials__chart">
              {chartAfterTable ? (
                <TimeSeriesChart
                  label={t('chartLabel', { statement: title, ticker })}
                  series={chart}
                  format={chartFormat}
                  height={CHART_HEIGHT}
                />
              ) : (
                <div
                  className="ts-chart-placeholder"
                  style={{ height: CHART_HEIGHT }}
                  role="img"
                  aria-label={t('chartLabel', { statement: title, ticker })}
                />
              )}
            </div>
          )}
          <div className="financials__table">
            <StatementTable
              caption={t('caption', { statement: title, ticker })}
              metrics={metrics}
              columns={tableColumns}
              history={columns}
              currency={currency}
              filings={filings}
              growth={view.growth}
            />
            {limited && (
              <button
                type="button"
                className="button button--ghost financials__more"
                aria-pressed={showAll}
                // A transition: React draws every quarter's columns in slices, not in one task the click waits for.
                onClick={() => startTransition(() => setAllQuarters(showAll ? null : `${ticker}:${statement}`))}
              >
                {showAll
                  ? t('reading.showRecent', { count: RECENT_YEARS })
                  : t('reading.showAll', { count: columns.length })}
              </button>
            )}
          </div>
        </div>
      </Panel>
      {filings.kind !== 'none' && <RestatementsPanel ticker={ticker} cik={cik} />}
      {filings.kind === 'demo' && filingColumn && (
        <DemoFiling
          ticker={ticker}
          column={filingColumn}
          metrics={metrics}
          currency={currency}
          highlight={view.filing?.metric ?? null}
          onClose={closeFiling}
        />
      )}
    </div>
  );
}
