import {
  AreaSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type MouseEventParams,
  PriceScaleMode,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartColors, onThemeChange, readChartColors, withAlpha } from './chart-colors.ts';
import type { ChartSeries, TimeSeriesChartProps } from './time-series-chart.tsx';
import { useUnits } from './units.ts';

const toTime = (day: string) => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;
const toDay = (time: Time) =>
  typeof time === 'number' ? new Date(time * 1000).toISOString().slice(0, 10) : typeof time === 'string' ? time : '';

interface Tooltip {
  x: number;
  y: number;
  day: string;
  rows: { label: string; color: string; value: string }[];
}

function seriesColor(series: ChartSeries, index: number, colors: ChartColors): string {
  return (
    series.color ??
    (index === 0 ? colors.accent : (colors.palette[(index - 1) % colors.palette.length] ?? colors.accent))
  );
}

function themeOptions(colors: ChartColors) {
  return {
    layout: { background: { color: 'transparent' }, textColor: colors.muted, attributionLogo: false },
    grid: { vertLines: { color: withAlpha(colors.border, 0.5) }, horzLines: { color: withAlpha(colors.border, 0.5) } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: { borderColor: colors.border },
    crosshair: { vertLine: { labelBackgroundColor: colors.text }, horzLine: { labelBackgroundColor: colors.text } },
  };
}

/** The lightweight-charts implementation behind TimeSeriesChart (loaded lazily). */
export default function TimeSeriesChartCanvas({
  label,
  series,
  markers = [],
  logScale,
  format,
  height = 320,
}: TimeSeriesChartProps) {
  const { t } = useTranslation('ui');
  const units = useUnits();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  // The latest formatters, read by the crosshair handler without re-creating the chart.
  const formatRef = useRef(format);
  formatRef.current = format;

  // The chart itself: created once per mount, sized by its box (autoSize follows panel resizes).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const api = createChart(element, {
      autoSize: true,
      handleScroll: { vertTouchDrag: false },
      ...themeOptions(readChartColors()),
    });
    api.timeScale().applyOptions({ fixLeftEdge: true, fixRightEdge: true });
    chart.current = api;
    const stopTheme = onThemeChange(() => api.applyOptions(themeOptions(readChartColors())));
    return () => {
      stopTheme();
      api.remove();
      chart.current = null;
    };
  }, []);

  // Localised axis and crosshair labels (dates and numbers in the page's language).
  useEffect(() => {
    chart.current?.applyOptions({
      localization: {
        locale: units.locale,
        priceFormatter: (value: number) => formatRef.current(value),
        timeFormatter: (time: Time) => units.date(toDay(time)),
      },
      rightPriceScale: { mode: logScale ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal },
    });
  }, [units, logScale]);

  // The data: series are replaced whenever they change (ranges and compare sets are small).
  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    const colors = readChartColors();
    const created: { api: ISeriesApi<SeriesType>; label: string; color: string }[] = [];
    series.forEach((item, index) => {
      const color = seriesColor(item, index, colors);
      const data = item.points.map((point) => ({ time: toTime(point.day), value: point.value }));
      let added: ISeriesApi<SeriesType>;
      if (item.kind === 'area') {
        added = api.addSeries(AreaSeries, {
          lineColor: color,
          topColor: withAlpha(color, 0.28),
          bottomColor: withAlpha(color, 0.02),
          lineWidth: 2,
        });
      } else if (item.kind === 'histogram') {
        added = api.addSeries(HistogramSeries, { color });
      } else {
        added = api.addSeries(LineSeries, { color, lineWidth: 2 });
      }
      added.setData(data);
      created.push({ api: added, label: item.label, color });
    });
    const first = created[0]?.api;
    const plugin = first
      ? createSeriesMarkers(
          first,
          [...markers]
            .sort((a, b) => a.day.localeCompare(b.day))
            .map((marker) => ({
              time: toTime(marker.day),
              position: marker.kind === 'dividend' ? ('belowBar' as const) : ('aboveBar' as const),
              shape: marker.kind === 'dividend' ? ('circle' as const) : ('arrowDown' as const),
              color: marker.kind === 'dividend' ? colors.gain : colors.muted,
              text: marker.text,
              size: 0.6,
            })),
        )
      : null;
    api.timeScale().fitContent();

    const onMove = (param: MouseEventParams<Time>) => {
      if (!param.time || !param.point || param.point.x < 0 || param.point.y < 0) {
        setTooltip(null);
        return;
      }
      const rows = created.flatMap((entry) => {
        const datum = param.seriesData.get(entry.api);
        const value = datum && 'value' in datum ? datum.value : undefined;
        return typeof value === 'number'
          ? [{ label: entry.label, color: entry.color, value: formatRef.current(value) }]
          : [];
      });
      setTooltip(rows.length ? { x: param.point.x, y: param.point.y, day: toDay(param.time), rows } : null);
    };
    api.subscribeCrosshairMove(onMove);
    return () => {
      // On unmount the chart effect's cleanup ran first and removed the chart with its series.
      if (chart.current !== api) return;
      api.unsubscribeCrosshairMove(onMove);
      plugin?.detach();
      for (const entry of created) api.removeSeries(entry.api);
    };
  }, [series, markers]);

  const empty = series.every((item) => item.points.length === 0);
  const width = box.current?.clientWidth ?? 0;
  return (
    <div className="ts-chart">
      <div ref={box} className="ts-chart__canvas" style={{ height }} role="img" aria-label={label} />
      {empty && <p className="ts-chart__empty">{t('chart.empty')}</p>}
      {tooltip && (
        <div
          className="ts-chart__tooltip"
          style={{
            left: Math.min(Math.max(tooltip.x + 12, 0), Math.max(width - 180, 0)),
            top: Math.max(tooltip.y - 12, 0),
          }}
        >
          <div className="ts-chart__tooltip-day">{units.date(tooltip.day)}</div>
          {tooltip.rows.map((row) => (
            <div key={row.label} className="ts-chart__tooltip-row">
              <span className="ts-chart__swatch" style={{ background: row.color }} aria-hidden="true" />
              <span>{row.label}</span>
              <strong>{row.value}</strong>
            </div>
          ))}
        </div>
      )}
      {series.length > 1 && (
        <ul className="ts-chart__legend">
          {series.map((item, index) => (
            <li key={item.id}>
              <span
                className="ts-chart__swatch"
                style={{ background: seriesColor(item, index, readChartColors()) }}
                aria-hidden="true"
              />
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
