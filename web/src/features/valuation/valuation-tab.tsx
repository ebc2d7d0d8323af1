import type { ValuationRatiosChart } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel, ChartRangeControl, chartPanelState } from '../../ui/chart-panel.tsx';
import { type ChartRange, pointsInRange } from '../../ui/chart-range.ts';
import type { PanelState } from '../../ui/panel.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { useValuation } from './valuation-api.ts';
import { ratioLines } from './valuation-lines.ts';
import './valuation.css';

export const RATIOS = ['pe', 'ps', 'pb', 'evEbitda'] as const;
export type Ratio = (typeof RATIOS)[number];
type Point = ValuationRatiosChart['series'][number]['points'][number];

const HEIGHT = 200;

/** The Valuation tab (design.md): P/E, P/S, P/B and EV/EBITDA over time, each with its own median line. */
export function ValuationTab({ ticker }: { ticker: string }) {
  const { t } = useTranslation('stock');
  const [range, setRange] = useState<ChartRange>('10Y');
  const query = useValuation(ticker, range);
  const points = useMemo(() => pointsInRange(query.data?.series[0]?.points ?? [], range), [query.data, range]);
  const state = chartPanelState(query, points.length > 0);
  return (
    <section className="valuation" aria-labelledby="valuation-title">
      <div className="valuation__head">
        <h2 id="valuation-title" className="valuation__title">
          {t('valuation.title')}
        </h2>
        <ChartRangeControl value={range} onChange={setRange} />
      </div>
      <div className="valuation__grid">
        {RATIOS.map((ratio) => (
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
      <p className="panel-note">{t('valuation.explain')}</p>
    </section>
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
      <dl className="stat-row">
        <div>
          <dt>{t('valuation.now')}</dt>
          <dd className="num">{units.multiple(lines.current)}</dd>
        </div>
        <div>
          <dt>{t('valuation.median')}</dt>
          <dd className="num">{units.multiple(lines.median)}</dd>
        </div>
      </dl>
      <TimeSeriesChart
        label={t('valuation.chartLabel', { ratio: t(`valuation.${ratio}`), ticker })}
        series={series}
        format={(value) => units.multiple(value)}
        height={HEIGHT}
      />
    </ChartPanel>
  );
}
