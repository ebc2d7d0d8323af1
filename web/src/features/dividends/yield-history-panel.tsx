import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '../../ui/chart-panel.tsx';
import { queryPanelState } from '../../ui/panel.tsx';
import { type ChartBand, type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { useYieldHistory, useYieldPercentile } from './dividends-api.ts';

const HEIGHT = 260;

/**
 * Yield over the percentile window (ten years) against the window's percentiles: the 10th to 90th
 * percentile shaded, the middle half (25th to 75th) darker, the median as a dashed line. Above the band
 * the stock has rarely been this cheap by its own yield; below it, rarely this dear.
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
    const line: ChartSeries = {
      id: 'yield',
      label: t('history.yield'),
      kind: 'line',
      points: points.map((p) => ({ day: p.day, value: p.yieldPct })),
    };
    if (!band) return [line];
    const median: ChartSeries = {
      id: 'p50',
      label: t('history.p50'),
      kind: 'line',
      tone: 'reference',
      points: points.map((p) => ({ day: p.day, value: band.p50 })),
    };
    return [line, median];
  }, [points, band, t]);

  const bands = useMemo<ChartBand[]>(
    () =>
      band
        ? [
            {
              id: 'p10-p90',
              label: t('history.outer', { low: units.pct(band.p10), high: units.pct(band.p90) }),
              low: band.p10,
              high: band.p90,
              emphasis: 'outer',
            },
            {
              id: 'p25-p75',
              label: t('history.inner', { low: units.pct(band.p25), high: units.pct(band.p75) }),
              low: band.p25,
              high: band.p75,
              emphasis: 'inner',
            },
          ]
        : [],
    [band, t, units],
  );

  // Two queries feed the chart (the band, then the history from the band's window start): it waits
  // for both and shows the error when either failed.
  const state = queryPanelState(
    {
      isPending: percentile.isPending || history.isPending,
      isError: percentile.isError || history.isError,
    },
    Boolean(band) && series.length > 0,
  );
  return (
    <ChartPanel
      title={t('history.title')}
      headingLevel={3}
      state={state}
      onRetry={() => {
        void percentile.refetch();
        void history.refetch();
      }}
      emptyText={t('percentile.empty')}
      asOf={points?.at(-1)?.day ?? null}
      chartHeight={HEIGHT}
    >
      <TimeSeriesChart
        label={t('history.chartLabel', { ticker })}
        series={series}
        bands={bands}
        format={(value, ticks) => units.pct(value, { ticks })}
        height={HEIGHT}
      />
    </ChartPanel>
  );
}
