import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel, type PanelState } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { useYieldHistory, useYieldPercentile } from './dividends-api.ts';

const HEIGHT = 260;

/**
 * Yield over the percentile window (ten years) with the window's 10th, 50th and 90th percentile as flat
 * reference lines: above the 90th line the stock has rarely been this cheap by its own yield.
 */
export function YieldHistoryPanel({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const percentile = useYieldPercentile(ticker);
  const band = percentile.data?.band ?? null;
  const from = percentile.data?.windowStart ?? null;
  const history = useYieldHistory(ticker, from);
  const points = history.data?.series[0]?.points;

  const series = useMemo<ChartSeries[]>(() => {
    if (!points?.length) return [];
    const line = points.map((p) => ({ day: p.day, value: p.yieldPct }));
    const flat = (id: string, label: string, value: number, color: string): ChartSeries => ({
      id,
      label,
      kind: 'line',
      color,
      points: points.map((p) => ({ day: p.day, value })),
    });
    const reference = band
      ? [
          flat('p90', t('history.p90'), band.p90, '#b45309'),
          flat('p50', t('history.p50'), band.p50, '#6b7280'),
          flat('p10', t('history.p10'), band.p10, '#1d4ed8'),
        ]
      : [];
    return [{ id: 'yield', label: t('history.yield'), kind: 'line', points: line }, ...reference];
  }, [points, band, t]);

  const pending = percentile.isPending || history.isPending;
  const failed = percentile.isError || history.isError;
  const state: PanelState = pending ? 'loading' : failed ? 'error' : band && series.length ? 'ready' : 'empty';
  return (
    <Panel
      title={t('history.title')}
      headingLevel={3}
      state={state}
      onRetry={() => {
        void percentile.refetch();
        void history.refetch();
      }}
      emptyText={t('percentile.empty')}
      asOf={points?.at(-1)?.day ?? null}
      skeleton={<Skeleton height={HEIGHT} />}
    >
      <TimeSeriesChart
        label={t('history.chartLabel', { ticker })}
        series={series}
        format={(value) => units.pct(value)}
        height={HEIGHT}
      />
    </Panel>
  );
}
