import type { MarketIndices } from '@app/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { Panel, type PanelState } from '../../ui/panel.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { indexPoints } from './markets-api.ts';

/**
 * The universe's equal-weighted index over the last year (issue 33): its day, month and year changes and
 * a chart, with one sector's index beside it when chosen.
 */
export function IndexPanel({
  data,
  state,
  onRetry,
}: {
  data: MarketIndices | undefined;
  state: PanelState;
  onRetry: () => void;
}) {
  const { t } = useTranslation('markets');
  const units = useUnits();
  const labels = useSectorLabels();
  const selectId = useId();
  const [sector, setSector] = useState('');
  const universe = data?.universe;
  const compared = data?.sectors.find((s) => s.sector === sector);
  const series: ChartSeries[] = data
    ? [
        { id: 'all', label: t('index.all'), kind: 'line', points: indexPoints(data.days, data.universe.values) },
        ...(compared
          ? [
              {
                id: compared.sector,
                label: labels.sector(compared.sector),
                kind: 'line' as const,
                points: indexPoints(data.days, compared.values),
              },
            ]
          : []),
      ]
    : [];
  const changes = [
    { key: 'day', label: t('change.day'), value: universe?.dayPct },
    { key: 'month', label: t('change.month'), value: universe?.monthPct },
    { key: 'year', label: t('change.year'), value: universe?.yearPct },
  ];
  return (
    <Panel
      title={t('index.title')}
      className="markets-index"
      state={state}
      onRetry={onRetry}
      emptyText={t('empty')}
      asOf={data?.asOf ?? null}
      source={t('index.source')}
    >
      <dl className="stat-row markets-index__changes">
        {changes.map((change) => (
          <div key={change.key}>
            <dt>{change.label}</dt>
            <dd className="num">
              <ChangeBadge valuePct={change.value} />
            </dd>
          </div>
        ))}
        <div>
          <dt>{t('index.companies')}</dt>
          <dd className="num">{units.number(universe?.companies ?? null, 0)}</dd>
        </div>
      </dl>
      <div className="markets-index__compare">
        <label htmlFor={selectId}>{t('index.compare')}</label>
        <select id={selectId} value={sector} onChange={(event) => setSector(event.target.value)}>
          <option value="">{t('index.compareNone')}</option>
          {data?.sectors.map((s) => (
            <option key={s.sector} value={s.sector}>
              {labels.sector(s.sector)}
            </option>
          ))}
        </select>
      </div>
      <TimeSeriesChart
        label={t('index.chartLabel', { date: units.date(data?.days[0]) })}
        series={series}
        format={(value) => units.number(value, 1)}
        height={280}
      />
    </Panel>
  );
}
