import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { ChartPanel, chartPanelState } from '../../ui/chart-panel.tsx';
import { type ChartRange, changePct, type DayValue } from '../../ui/chart-range.ts';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { CompareForm } from './compare-form.tsx';
import { type SecurityKind, useCloses, useStockHistory } from './price-api.ts';
import { priceMarkers, shownLines } from './price-series.ts';
import './price.css';

export interface PricePanelProps {
  kind: SecurityKind;
  ticker: string;
  name: string;
  currency: string;
  /** Tickers compared with this one (kept in the URL by the page, so a link shares them). */
  compare: readonly string[];
  onCompareChange: (compare: string[]) => void;
  asOf: string | null;
  source?: string;
}

const CHART_HEIGHT = 340;

/** The price chart (design.md): ranges, compare normalised to %, log scale, dividends and splits marked. */
export function PricePanel({ kind, ticker, name, currency, compare, onCompareChange, asOf, source }: PricePanelProps) {
  const { t } = useTranslation(['stock', 'ui']);
  const units = useUnits();
  const [range, setRange] = useState<ChartRange>('1Y');
  const [logScale, setLogScale] = useState(false);
  const [showMarkers, setShowMarkers] = useState(true);

  const history = useStockHistory(ticker, kind === 'stock');
  const ownCloses = useCloses(kind, kind === 'crypto' ? [ticker] : []);
  const others = useCloses(kind, compare);
  const own = kind === 'stock' ? history : ownCloses;

  const ownPoints = useMemo<DayValue[]>(() => {
    if (kind === 'stock') return (history.data?.series[0]?.points ?? []).map((p) => ({ day: p.day, value: p.close }));
    return (ownCloses.data?.series[0]?.points ?? []).map((p) => ({ day: p.day, value: p.close }));
  }, [kind, history.data, ownCloses.data]);

  const comparing = compare.length > 0;
  const lines = useMemo(() => {
    const otherLines = compare.map((other) =>
      (others.data?.series.find((series) => series.ticker === other)?.points ?? []).map((p) => ({
        day: p.day,
        value: p.close,
      })),
    );
    return shownLines([ownPoints, ...otherLines], range, comparing);
  }, [ownPoints, others.data, compare, range, comparing]);

  const series = useMemo<ChartSeries[]>(
    () =>
      lines.map((points, index) => ({
        id: index === 0 ? ticker : (compare[index - 1] ?? String(index)),
        label: index === 0 ? ticker : (compare[index - 1] ?? ''),
        kind: index === 0 && !comparing ? 'area' : 'line',
        points,
      })),
    [lines, ticker, compare, comparing],
  );

  const markers = useMemo(() => {
    if (kind !== 'stock' || !showMarkers) return [];
    const first = lines[0]?.[0]?.day ?? '';
    const points = (history.data?.series[0]?.points ?? []).filter((p) => p.day >= first);
    return priceMarkers(points, t('price.dividendMarker'));
  }, [kind, showMarkers, history.data, lines, t]);

  const state = chartPanelState(own, ownPoints.length > 0);
  const rangeChange = changePct(lines[0] && !comparing ? lines[0] : []);
  const format = comparing
    ? (value: number) => units.pct(value, { signed: true, digits: 1 })
    : (value: number) => units.money(value, currency);

  return (
    <ChartPanel
      title={t('price.title')}
      className="price-panel"
      state={state}
      onRetry={() => void own.refetch()}
      emptyText={t('price.empty')}
      asOf={asOf}
      {...(source ? { source } : {})}
      chartHeight={CHART_HEIGHT}
      range={{ value: range, onChange: setRange }}
    >
      <div className="price-panel__summary">
        {comparing ? (
          <span className="muted">{t('price.comparing')}</span>
        ) : (
          <>
            <span className="muted">{t(`ui:chart.ranges.long.${range}`)}</span> <ChangeBadge valuePct={rangeChange} />
          </>
        )}
      </div>
      <TimeSeriesChart
        label={t('price.chartLabel', { name, ticker, range: t(`ui:chart.ranges.long.${range}`) })}
        series={series}
        markers={markers}
        logScale={logScale && !comparing}
        format={format}
        height={CHART_HEIGHT}
      />
      {others.isError && (
        <p className="price-panel__note" role="alert">
          {t('compare.failed')}
        </p>
      )}
      <div className="price-panel__options">
        <label className="check">
          <input
            type="checkbox"
            checked={logScale && !comparing}
            disabled={comparing}
            onChange={(event) => setLogScale(event.target.checked)}
          />
          {t('price.logScale')}
        </label>
        {kind === 'stock' && (
          <label className="check">
            <input type="checkbox" checked={showMarkers} onChange={(event) => setShowMarkers(event.target.checked)} />
            {t('price.markers')}
          </label>
        )}
      </div>
      <CompareForm kind={kind} ticker={ticker} compare={compare} onChange={onCompareChange} />
    </ChartPanel>
  );
}
