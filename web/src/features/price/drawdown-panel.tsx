import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '../../ui/chart-panel.tsx';
import { type ChartRange, rangeStart } from '../../ui/chart-range.ts';
import { queryPanelState } from '../../ui/panel.tsx';
import { StatRow } from '../../ui/stat-row.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { type SecurityKind, useDrawdown } from './price-api.ts';
import './price.css';

export interface DrawdownPanelProps {
  kind: SecurityKind;
  ticker: string;
  name: string;
  /** The last day with a price: ranges count back from it (the API's running high starts at `from`). */
  lastDay: string | null;
  source?: string;
}

const HEIGHT = 220;

/** Downside potential (spec 7): how far below its running high the security is, per day, in %. */
export function DrawdownPanel({ kind, ticker, name, lastDay, source }: DrawdownPanelProps) {
  const { t } = useTranslation('stock');
  const units = useUnits();
  const [range, setRange] = useState<ChartRange>('MAX');
  const from = lastDay ? rangeStart(range, lastDay) : null;
  const query = useDrawdown(kind, ticker, from);
  const line = query.data?.series[0];
  const series = useMemo<ChartSeries[]>(
    () =>
      line
        ? [
            {
              id: 'drawdown',
              label: t('drawdown.series'),
              kind: 'area',
              points: line.points.map((p) => ({ day: p.day, value: p.drawdownPct })),
            },
          ]
        : [],
    [line, t],
  );
  const state = queryPanelState(query, Boolean(line?.points.length));
  return (
    <ChartPanel
      title={t('drawdown.title')}
      className="drawdown-panel"
      state={state}
      onRetry={() => void query.refetch()}
      emptyText={t('drawdown.empty')}
      asOf={line?.points.at(-1)?.day ?? null}
      {...(source ? { source } : {})}
      chartHeight={HEIGHT}
      range={{ value: range, onChange: setRange }}
    >
      <StatRow
        stats={[
          { label: t('drawdown.current'), value: units.pct(line?.currentPct, { digits: 1 }), tone: 'loss' },
          { label: t('drawdown.max'), value: units.pct(line?.maxPct, { digits: 1 }), tone: 'loss' },
          { label: t('drawdown.maxDay'), value: units.date(line?.maxDay) },
        ]}
      />
      <TimeSeriesChart
        label={t('drawdown.chartLabel', { name, ticker })}
        series={series}
        ceiling={0}
        format={(value, ticks) => units.pct(value, { digits: 1, ticks })}
        height={HEIGHT}
      />
      <p className="panel-note">{t(kind === 'crypto' ? 'drawdown.explainCrypto' : 'drawdown.explain')}</p>
    </ChartPanel>
  );
}
