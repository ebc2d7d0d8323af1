import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { ChartPanel } from '../../ui/chart-panel.tsx';
import { changeOverWindow, type DayValue } from '../../ui/chart-range.ts';
import { queryPanelState } from '../../ui/panel.tsx';
import { type ChartSeries, TimeSeriesChart } from '../../ui/time-series-chart.tsx';
import { useUnits } from '../../ui/units.ts';
import { useCoinHistory } from './coin-history.ts';
import { CompareForm } from './compare-form.tsx';
import { CustomRange } from './custom-range.tsx';
import {
  dailyWindow,
  historyForWindow,
  type SecurityKind,
  useCompare,
  useStockHistory,
  useWindowHistory,
} from './price-api.ts';
import { PriceOptions } from './price-options.tsx';
import { usePriceParams } from './price-params.ts';
import {
  candlesOf,
  chartWindow,
  inWindow,
  movingAverage,
  priceMarkers,
  shownLines,
  volumesOf,
  withDaily,
} from './price-series.ts';
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

const closesOf = (points: readonly { day: string; close: number }[] | undefined): DayValue[] =>
  (points ?? []).map((p) => ({ day: p.day, value: p.close }));
/** The volume pane adds room below the price instead of squeezing it. */
const VOLUME_HEIGHT = 130;

/**
 * The price chart (design.md, issue 22): ranges or a custom window, compare normalised to %, line or
 * candles, volume, 50- and 200-day averages, log scale, dividends and splits marked; all in the URL.
 */
export function PricePanel({ kind, ticker, name, currency, compare, onCompareChange, asOf, source }: PricePanelProps) {
  const { t } = useTranslation(['stock', 'ui']);
  const units = useUnits();
  const [params, setParams] = usePriceParams();

  const history = useStockHistory(ticker, kind === 'stock');
  const coinHistory = useCoinHistory(ticker, kind === 'crypto');
  const others = useCompare(kind, compare);
  const comparing = compare.length > 0;
  // Where the window lies only needs the last day of the history (the same in both resolutions).
  const lastDay =
    kind === 'stock'
      ? history.data?.joined.series[0]?.points.at(-1)?.day
      : coinHistory.data?.series[0]?.points.at(-1)?.day;
  const window = useMemo(
    () => chartWindow(params.range, { from: params.from, to: params.to }, lastDay),
    [params.range, params.from, params.to, lastDay],
  );
  // A window of up to two years before the daily part: its own days from the API (issue 33).
  const needed = kind === 'stock' ? dailyWindow(history.data, window) : null;
  const windowHistory = useWindowHistory(ticker, needed);
  const windowPoints = needed ? windowHistory.data?.series[0]?.points : undefined;
  const own = kind === 'stock' ? (needed ? windowHistory : history) : coinHistory;
  // Every close there is, weekly then daily for a stock (and the window's days): the averages read it.
  const allCloses = useMemo<DayValue[]>(
    () =>
      closesOf(
        kind === 'stock'
          ? withDaily(history.data?.joined.series[0]?.points ?? [], windowPoints ?? [])
          : // A coin's closes are those of its daily OHLCV: one download, not a second copy (issue 31).
            coinHistory.data?.series[0]?.points,
      ),
    [kind, history.data, windowPoints, coinHistory.data],
  );
  const historyPoints = (
    kind === 'stock'
      ? needed
        ? windowHistory.data
        : history.data && historyForWindow(history.data, window.start)
      : coinHistory.data
  )?.series[0]?.points;
  const ownPoints = useMemo<DayValue[]>(
    () => (kind === 'stock' ? closesOf(historyPoints) : allCloses),
    [kind, historyPoints, allCloses],
  );
  const lines = useMemo(() => {
    const otherLines = compare.map((other) =>
      (others.data?.series.find((series) => series.ticker === other)?.points ?? []).map((p) => ({
        day: p.day,
        value: p.close,
      })),
    );
    return shownLines([ownPoints, ...otherLines], window, comparing);
  }, [ownPoints, others.data, compare, window, comparing]);

  const series = useMemo<ChartSeries[]>(() => {
    const firstShown = lines[0]?.[0]?.day ?? '';
    const inRange = (points: readonly { day: string }[]) =>
      points.filter((p) => inWindow(p.day, window) && p.day >= firstShown);
    // Volume is the page's own security's, in its own pane: kept while comparing (issue 33).
    const volume: ChartSeries[] =
      params.volume && historyPoints
        ? [
            {
              id: 'volume',
              label: t('price.volume'),
              kind: 'histogram',
              tone: 'reference',
              pane: 1,
              badge: false,
              format: (value: number, ticks?: readonly number[]) => units.compact(value, ticks),
              points: inRange(volumesOf(historyPoints)) as DayValue[],
            },
          ]
        : [];
    if (comparing) {
      const compared = lines.map<ChartSeries>((points, index) => ({
        id: index === 0 ? ticker : (compare[index - 1] ?? String(index)),
        label: index === 0 ? ticker : (compare[index - 1] ?? ''),
        kind: 'line',
        points,
      }));
      return [...compared, ...volume];
    }
    const shown = lines[0] ?? [];
    // An average drawn at the shown series' days only (weekly bars: one point a week), as the axis has no others.
    const shownDays = new Set(ownPoints.map((p) => p.day));
    const candles = params.style === 'candles' && historyPoints ? inRange(candlesOf(historyPoints)) : null;
    const main: ChartSeries = candles
      ? {
          id: ticker,
          label: ticker,
          kind: 'candlestick',
          points: shown,
          candles: candles as ReturnType<typeof candlesOf>,
        }
      : { id: ticker, label: ticker, kind: 'area', points: shown };
    const averages: ChartSeries[] = params.movingAverages.map((days) => ({
      id: `ma${days}`,
      label: t('price.movingAverage', { days }),
      kind: 'line',
      badge: false,
      points: inRange(movingAverage(allCloses, days)).filter((p) => shownDays.has(p.day)) as DayValue[],
    }));
    return [main, ...averages, ...volume];
  }, [comparing, lines, ticker, compare, params, historyPoints, ownPoints, allCloses, window, t, units]);

  const markers = useMemo(() => {
    if (kind !== 'stock' || !params.markers) return [];
    const points = (historyPoints ?? []).filter((p) => inWindow(p.day, window) && p.day >= (lines[0]?.[0]?.day ?? ''));
    return priceMarkers(points, t('price.dividendMarker'), {
      dividend: (amount) => t('markerDetails.dividend', { amount: units.money(amount, currency) }),
      split: (ratio) => t('markerDetails.split', { ratio }),
    });
  }, [kind, params.markers, historyPoints, lines, window, t, units, currency]);

  const state = queryPanelState(own, ownPoints.length > 0);
  const custom = Boolean(params.from || params.to);
  // A range button's change is the server's, from daily closes whatever the points' resolution (issue 42:
  // a weekly first point read +95.30 % for +88.76 %); a custom window's is reckoned here on the closes there are.
  const rangeChanges = (kind === 'stock' ? history.data?.whole : coinHistory.data)?.series[0]?.rangeChangesPct;
  const rangeChange = comparing
    ? null
    : custom
      ? changeOverWindow(allCloses, window)
      : (rangeChanges?.[params.range] ?? null);
  const format = comparing
    ? (value: number, ticks?: readonly number[]) => units.pct(value, { signed: true, digits: 1, ticks })
    : (value: number, ticks?: readonly number[]) => units.money(value, currency, ticks);
  // The dates asked for (issue 33: the last weekly point ended the title up to six days early); an open end is the data's.
  const rangeText = custom
    ? t('range.shown', {
        from: units.date(params.from ?? lines[0]?.[0]?.day),
        to: units.date(params.to ?? lines[0]?.at(-1)?.day),
      })
    : t(`ui:chart.ranges.long.${params.range}`);
  const withVolume = series.some((item) => item.pane === 1);

  return (
    <ChartPanel
      title={t('price.title')}
      className={`price-panel price-panel--${kind}`}
      state={state}
      onRetry={() => void own.refetch()}
      emptyText={t('price.empty')}
      asOf={asOf}
      {...(source ? { source } : {})}
      chartHeight={CHART_HEIGHT}
      range={{ value: custom ? null : params.range, onChange: (range) => setParams({ range, from: null, to: null }) }}
    >
      <div className="price-panel__summary">
        {comparing ? (
          <span className="muted">{t('price.comparing')}</span>
        ) : (
          <>
            <span className="muted">{rangeText}</span> <ChangeBadge valuePct={rangeChange} />
          </>
        )}
      </div>
      <TimeSeriesChart
        label={t('price.chartLabel', { name, ticker, range: rangeText })}
        series={series}
        markers={markers}
        logScale={params.log && !comparing}
        format={format}
        height={CHART_HEIGHT + (withVolume ? VOLUME_HEIGHT : 0)}
      />
      {others.isError && (
        <p className="price-panel__note" role="alert">
          {t('compare.failed')}
        </p>
      )}
      <PriceOptions
        params={params}
        onChange={setParams}
        ohlcv={Boolean(historyPoints?.length)}
        comparing={comparing}
        markers={kind === 'stock' ? params.markers : null}
        onMarkersChange={(markers) => setParams({ markers })}
      />
      <CustomRange
        from={params.from}
        to={params.to}
        min={ownPoints[0]?.day}
        max={ownPoints.at(-1)?.day}
        onChange={(next) => setParams(next)}
      />
      <CompareForm kind={kind} ticker={ticker} compare={compare} onChange={onCompareChange} />
    </ChartPanel>
  );
}
