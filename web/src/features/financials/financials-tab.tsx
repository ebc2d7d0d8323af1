import { type FinancialGroup, type FinancialMetric, type FinancialValues, financialGroups } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel, type PanelState } from '../../ui/panel.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { useFinancialGroup, useTtmFinancials } from './financials-api.ts';
import { formatMetric, isRatio } from './metric-format.ts';
import { type StatementColumn, StatementTable } from './statement-table.tsx';
import './financials.css';

const STATEMENTS = [
  'income-statement',
  'balance-sheet',
  'cash-flow',
  'margins',
  'financial-returns',
  'per-share',
  'capital-allocation',
] as const satisfies readonly FinancialGroup[];
type Statement = (typeof STATEMENTS)[number];
type View = 'annual' | 'quarterly' | 'ttm';

/** Groups drawn as a chart above their table (design.md); statements are tables only. */
const CHARTED: ReadonlySet<Statement> = new Set(['margins', 'financial-returns', 'per-share', 'capital-allocation']);
/** Most period columns shown: the rest is in the data sheet and its CSV. */
const MAX_COLUMNS = { annual: 10, quarterly: 12 } as const;

/** The values block of a period or TTM answer, without its other fields. */
const sources = ({ values, accessions, derived }: FinancialValues): FinancialValues => ({
  values,
  accessions,
  derived,
});

export function FinancialsTab({ ticker, cik }: { ticker: string; cik: string | null }) {
  const { t } = useTranslation('financials');
  const units = useUnits();
  const [statement, setStatement] = useState<Statement>('income-statement');
  const [view, setView] = useState<View>('annual');
  const period = view === 'quarterly' ? 'quarterly' : 'annual';
  const group = useFinancialGroup(ticker, statement, period, view !== 'ttm');
  const ttm = useTtmFinancials(ticker, view === 'ttm');
  const metrics = financialGroups[statement] as readonly FinancialMetric[];
  const series = group.data?.series[0];
  const ttmSeries = ttm.data?.series[0];
  const currency = (view === 'ttm' ? ttmSeries?.currency : series?.currency) ?? 'USD';

  const columns = useMemo<StatementColumn[]>(() => {
    if (view === 'ttm') {
      return ttmSeries
        ? [{ key: 'ttm', label: t('period.ttm'), periodEnd: ttmSeries.asOf, ...sources(ttmSeries) }]
        : [];
    }
    return [...(series?.periods ?? [])]
      .reverse()
      .slice(0, MAX_COLUMNS[period])
      .map((p) => ({
        key: `${p.fiscalYear}-${p.fiscalPeriod}`,
        label:
          p.fiscalPeriod === 'FY'
            ? t('period.fy', { year: p.fiscalYear })
            : t('period.quarter', { quarter: p.fiscalPeriod.slice(1), year: p.fiscalYear }),
        periodEnd: p.periodEnd,
        ...sources(p),
      }));
  }, [view, ttmSeries, series, period, t]);

  const chart = useMemo<ChartSeries[]>(() => {
    if (!CHARTED.has(statement) || view === 'ttm' || !series) return [];
    // Capital allocation mixes amounts and shares of cash flow: chart the amounts, the table has the rest.
    const shown = statement === 'capital-allocation' ? metrics.filter((m) => !isRatio(m)) : metrics;
    return shown.map((metric) => ({
      id: metric,
      label: t(`metrics.${metric}`),
      kind: 'line' as const,
      points: series.periods.flatMap((p) => {
        const value = p.values[metric];
        return value == null ? [] : [{ day: p.periodEnd, value: isRatio(metric) ? value * 100 : value }];
      }),
    }));
  }, [statement, view, series, metrics, t]);

  const active = view === 'ttm' ? ttm : group;
  const state: PanelState = active.isPending
    ? 'loading'
    : active.isError
      ? 'error'
      : columns.length
        ? 'ready'
        : 'empty';
  const chartFormat = (value: number) => {
    if (statement === 'margins' || statement === 'financial-returns') return units.pct(value, { digits: 1 });
    if (statement === 'per-share') return units.money(value, currency);
    return units.moneyCompact(value, currency);
  };
  const title = t(`statements.${statement}`);
  const asOf = view === 'ttm' ? (ttmSeries?.asOf ?? null) : (series?.periods.at(-1)?.periodEnd ?? null);
  const basisNote = view === 'ttm' && ttmSeries?.basis === 'fiscal_year' ? t('period.ttmFallback') : undefined;

  return (
    <div className="financials">
      <div className="financials__controls">
        <SegmentedControl
          label={t('statement')}
          options={STATEMENTS.map((value) => ({ value, label: t(`statements.${value}`) }))}
          value={statement}
          onChange={setStatement}
        />
        <SegmentedControl
          label={t('period.label')}
          options={(['annual', 'quarterly', 'ttm'] as const).map((value) => ({ value, label: t(`period.${value}`) }))}
          value={view}
          onChange={setView}
        />
      </div>
      <Panel
        title={title}
        headingLevel={2}
        state={state}
        onRetry={() => void active.refetch()}
        emptyText={t('empty')}
        asOf={asOf}
        source={basisNote ?? (cik ? t('source.sec') : t('source.other'))}
        skeleton={<Skeleton lines={10} />}
      >
        {chart.length > 0 && (
          <TimeSeriesChart
            label={t('chartLabel', { statement: title, ticker })}
            series={chart}
            format={chartFormat}
            height={220}
          />
        )}
        {statement === 'financial-returns' && view === 'quarterly' && (
          <p className="panel-note">{t('period.returnsAnnual')}</p>
        )}
        <StatementTable
          caption={t('caption', { statement: title, ticker })}
          metrics={metrics}
          columns={columns}
          currency={currency}
          cik={cik}
        />
        <p className="panel-note">
          {t('units', { currency, example: formatMetric(units, 'revenue', 1_250_000_000, currency) })}
        </p>
      </Panel>
    </div>
  );
}
