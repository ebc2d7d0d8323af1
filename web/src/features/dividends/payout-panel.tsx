import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '../../ui/chart-panel.tsx';
import { queryPanelState } from '../../ui/panel.tsx';
import { StatRow } from '../../ui/stat-row.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { hasNonZeroPoint } from './dividend-maths.ts';
import { usePayout } from './dividends-api.ts';

const HEIGHT = 220;

/** Payout ratio per fiscal year: of earnings (DPS / EPS) and of free cash flow (dividends paid / FCF). */
export function PayoutPanel({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const query = usePayout(ticker);
  const periods = query.data?.series[0]?.periods;
  const series = useMemo<ChartSeries[]>(() => {
    if (!periods) return [];
    const line = (metric: 'payoutRatio' | 'cashPayoutRatio', label: string): ChartSeries => ({
      id: metric,
      label,
      kind: 'line',
      points: periods.flatMap((p) => {
        const value = p.values[metric];
        return value === null || value === undefined ? [] : [{ day: p.periodEnd, value: value * 100 }];
      }),
    });
    return [line('payoutRatio', t('payout.earnings')), line('cashPayoutRatio', t('payout.cash'))];
  }, [periods, t]);
  const latest = periods?.at(-1);
  // Payouts of zero every year are no payout to chart (issue 33: an axis of "0 %, 0 %, -0 %").
  const hasData = hasNonZeroPoint(series);
  const state = queryPanelState(query, hasData);
  return (
    <ChartPanel
      title={t('payout.title')}
      headingLevel={3}
      state={state}
      onRetry={() => void query.refetch()}
      emptyText={t('payout.empty')}
      asOf={latest?.periodEnd ?? null}
      chartHeight={HEIGHT}
    >
      <StatRow
        stats={[
          // The last fiscal year's payouts, named so: key statistics give the TTM payout of earnings.
          {
            label: latest ? t('payout.earningsOfYear', { year: latest.fiscalYear }) : t('payout.earnings'),
            value: units.fraction(latest?.values.payoutRatio),
          },
          {
            label: latest ? t('payout.cashOfYear', { year: latest.fiscalYear }) : t('payout.cash'),
            value: units.fraction(latest?.values.cashPayoutRatio),
          },
        ]}
      />
      <TimeSeriesChart
        label={t('payout.chartLabel', { ticker })}
        series={series}
        format={(value, ticks) => units.pct(value, { digits: 0, ticks })}
        height={HEIGHT}
      />
    </ChartPanel>
  );
}
