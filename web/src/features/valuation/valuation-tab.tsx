import type { ValuationRatiosChart } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel, ChartRangeControl } from '../../ui/chart-panel.tsx';
import { type ChartRange, pointsInRange } from '../../ui/chart-range.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Panel, type PanelState, queryPanelState } from '../../ui/panel.tsx';
import { StatRow } from '../../ui/stat-row.tsx';
import { type ChartBand, type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { useValuation } from './valuation-api.ts';
import { RATIOS, type Ratio, ratioLines, ratioSummary } from './valuation-lines.ts';
import './valuation.css';

type Point = ValuationRatiosChart['series'][number]['points'][number];

const HEIGHT = 200;

/**
 * The Valuation tab (design.md, issue 22): a table of each ratio now and its 5- and 10-year medians,
 * then P/E, P/S, P/B, EV/EBITDA, P/FCF and EV/Sales over time, each with its median line and its
 * mean +/- one standard deviation shaded, to read "cheap or dear against its own history" at a glance.
 */
export function ValuationTab({ ticker }: { ticker: string }) {
  const { t } = useTranslation('stock');
  const [range, setRange] = useState<ChartRange>('10Y');
  const query = useValuation(ticker);
  const own = query.data?.series[0];
  const all = own?.points;
  // The ratios the company's kind gives a meaning (key statistics' rule): no series for the others (issue 42).
  const notMeaningful = own?.notMeaningful ?? [];
  const ratios = RATIOS.filter((ratio) => !notMeaningful.includes(ratio));
  const points = useMemo(() => pointsInRange(all ?? [], range), [all, range]);
  const state = queryPanelState(query, points.length > 0);
  return (
    <section className="valuation" aria-labelledby="valuation-title">
      <h2 id="valuation-title" className="valuation__title">
        {t('valuation.title')}
      </h2>
      {/* The table before the charts' range buttons: on a phone its numbers are the first thing seen (issue 22). */}
      <ValuationTable
        points={all ?? []}
        ratios={ratios}
        state={queryPanelState(query, Boolean(all?.length))}
        ticker={ticker}
      />
      <div className="valuation__head">
        <ChartRangeControl value={range} onChange={setRange} />
      </div>
      <div className="valuation__grid">
        {ratios.map((ratio) => (
          <RatioPanel
            key={ratio}
            ratio={ratio}
            ticker={ticker}
            points={points}
            state={state}
            onRetry={() => void query.refetch()}
          />
        ))}
      </div>
      {own && notMeaningful.length > 0 && own.template && own.template !== 'general' && own.template !== 'reit' && (
        <p className="panel-note">
          {t(`valuation.notMeaningful.${own.template}`, {
            ratios: notMeaningful.map((ratio) => t(`valuation.${ratio}`)).join(', '),
          })}
        </p>
      )}
      <p className="panel-note">
        {t('valuation.explain')} {t('valuation.explainBand')}
      </p>
    </section>
  );
}

function ValuationTable({
  points,
  ratios,
  state,
  ticker,
}: {
  points: readonly Point[];
  ratios: readonly Ratio[];
  state: PanelState;
  ticker: string;
}) {
  const { t } = useTranslation('stock');
  const units = useUnits();
  const rows = useMemo(() => ratios.map((ratio) => ratioSummary(points, ratio)), [points, ratios]);
  return (
    <Panel
      title={t('valuation.tableTitle')}
      headingLevel={3}
      state={state}
      className="valuation__table"
      asOf={points.at(-1)?.day ?? null}
    >
      <DataTable
        caption={t('valuation.tableCaption', { ticker })}
        rowKey={(row) => row.ratio}
        rows={rows}
        columns={[
          { key: 'ratio', header: t('valuation.ratio'), cell: (row) => t(`valuation.${row.ratio}`) },
          { key: 'current', header: t('valuation.now'), align: 'end', cell: (row) => units.multiple(row.current) },
          {
            key: 'median5y',
            header: t('valuation.median5y'),
            align: 'end',
            cell: (row) => units.multiple(row.median5y),
          },
          {
            key: 'median10y',
            header: t('valuation.median10y'),
            align: 'end',
            cell: (row) => units.multiple(row.median10y),
          },
        ]}
      />
    </Panel>
  );
}

function RatioPanel({
  ratio,
  ticker,
  points,
  state,
  onRetry,
}: {
  ratio: Ratio;
  ticker: string;
  points: readonly Point[];
  state: PanelState;
  onRetry: () => void;
}) {
  const { t } = useTranslation('stock');
  const units = useUnits();
  const lines = useMemo(() => ratioLines(points, ratio), [points, ratio]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { id: ratio, label: t(`valuation.${ratio}`), kind: 'line', points: lines.values },
      { id: 'median', label: t('valuation.median'), kind: 'line', tone: 'reference', points: lines.medianLine },
    ],
    [lines, ratio, t],
  );
  const bands = useMemo<ChartBand[]>(
    () =>
      lines.band
        ? [
            {
              id: 'deviation',
              label: t('valuation.band', {
                low: units.multiple(lines.band.low),
                high: units.multiple(lines.band.high),
              }),
              low: lines.band.low,
              high: lines.band.high,
              emphasis: 'outer',
            },
          ]
        : [],
    [lines, t, units],
  );
  const shownState = state === 'ready' && lines.values.length === 0 ? 'empty' : state;
  return (
    <ChartPanel
      title={t(`valuation.${ratio}`)}
      headingLevel={3}
      state={shownState}
      onRetry={onRetry}
      emptyText={t('valuation.undefined')}
      asOf={lines.values.at(-1)?.day ?? null}
      chartHeight={HEIGHT}
    >
      <StatRow
        stats={[
          { label: t('valuation.now'), value: units.multiple(lines.current) },
          { label: t('valuation.median'), value: units.multiple(lines.median) },
        ]}
      />
      <TimeSeriesChart
        label={t('valuation.chartLabel', { ratio: t(`valuation.${ratio}`), ticker })}
        series={series}
        bands={bands}
        format={(value, ticks) => units.multiple(value, ticks)}
        height={HEIGHT}
      />
    </ChartPanel>
  );
}
