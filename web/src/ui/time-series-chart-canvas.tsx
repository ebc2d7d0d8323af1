import {
  AreaSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineSeries,
  type MouseEventParams,
  PriceScaleMode,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BandsPrimitive, createBandsPrimitive } from './chart-bands.ts';
import { type ChartColors, onThemeChange, readChartColors } from './chart-colors.ts';
import type { ChartSeries, TimeSeriesChartProps } from './time-series-chart.tsx';
import {
  bandSwatch,
  markerList,
  seriesColor,
  seriesOptions,
  shadedBands,
  themeOptions,
  toTime,
} from './time-series-chart-style.ts';
import { useUnits } from './units.ts';

const toDay = (time: Time) =>
  typeof time === 'number' ? new Date(time * 1000).toISOString().slice(0, 10) : typeof time === 'string' ? time : '';

interface Tooltip {
  x: number;
  y: number;
  day: string;
  rows: { label: string; color: string; value: string }[];
}

/** What the data effect drew, kept so a theme switch can recolour it in place. */
interface Drawn {
  series: { api: ISeriesApi<SeriesType>; item: ChartSeries; index: number }[];
  markers: ISeriesMarkersPluginApi<Time> | null;
  bands: BandsPrimitive | null;
}

// Stable empty defaults: a fresh [] on every render would re-run the data effect each time.
const NO_MARKERS: NonNullable<TimeSeriesChartProps['markers']> = [];
const NO_BANDS: NonNullable<TimeSeriesChartProps['bands']> = [];

/** The lightweight-charts implementation behind TimeSeriesChart (loaded lazily). */
export default function TimeSeriesChartCanvas({
  label,
  series,
  markers = NO_MARKERS,
  bands = NO_BANDS,
  logScale,
  format,
  height = 320,
}: TimeSeriesChartProps) {
  const { t } = useTranslation('ui');
  const units = useUnits();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const drawn = useRef<Drawn | null>(null);
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  // The theme's colours, read again whenever <html data-theme> changes (light, dark, or the system's).
  const [colors, setColors] = useState<ChartColors>(readChartColors);
  const colorsRef = useRef(colors);
  colorsRef.current = colors;
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
      ...themeOptions(colorsRef.current),
    });
    api.timeScale().applyOptions({ fixLeftEdge: true, fixRightEdge: true });
    chart.current = api;
    const stopTheme = onThemeChange(() => setColors(readChartColors()));
    return () => {
      stopTheme();
      api.remove();
      chart.current = null;
    };
  }, []);

  // A theme switch recolours the chart and what is drawn on it in place (the zoom stays).
  useEffect(() => {
    chart.current?.applyOptions(themeOptions(colors));
    const current = drawn.current;
    if (!current) return;
    for (const entry of current.series) {
      entry.api.applyOptions(seriesOptions(entry.item, seriesColor(entry.item, entry.index, colors)));
    }
    current.markers?.setMarkers(markerList(markers, colors));
    current.bands?.update(shadedBands(bands), colors.band);
  }, [colors, markers, bands]);

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
    const palette = colorsRef.current;
    const created: Drawn['series'] = series.map((item, index) => {
      const options = seriesOptions(item, seriesColor(item, index, palette));
      const definition = item.kind === 'area' ? AreaSeries : item.kind === 'histogram' ? HistogramSeries : LineSeries;
      const added: ISeriesApi<SeriesType> = api.addSeries(definition, options);
      added.setData(item.points.map((point) => ({ time: toTime(point.day), value: point.value })));
      return { api: added, item, index };
    });
    const first = created[0]?.api;
    const markerPlugin = first && markers.length ? createSeriesMarkers(first, markerList(markers, palette)) : null;
    const bandPrimitive = first && bands.length ? createBandsPrimitive(shadedBands(bands), palette.band) : null;
    if (first && bandPrimitive) first.attachPrimitive(bandPrimitive);
    drawn.current = { series: created, markers: markerPlugin, bands: bandPrimitive };
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
          ? [
              {
                label: entry.item.label,
                color: seriesColor(entry.item, entry.index, colorsRef.current),
                value: formatRef.current(value),
              },
            ]
          : [];
      });
      setTooltip(rows.length ? { x: param.point.x, y: param.point.y, day: toDay(param.time), rows } : null);
    };
    api.subscribeCrosshairMove(onMove);
    return () => {
      drawn.current = null;
      // On unmount the chart effect's cleanup ran first and removed the chart with its series.
      if (chart.current !== api) return;
      api.unsubscribeCrosshairMove(onMove);
      markerPlugin?.detach();
      if (first && bandPrimitive) first.detachPrimitive(bandPrimitive);
      for (const entry of created) api.removeSeries(entry.api);
    };
  }, [series, markers, bands]);

  const empty = series.every((item) => item.points.length === 0);
  const width = box.current?.clientWidth ?? 0;
  const legend = series.length > 1 || bands.length > 0;
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
      {legend && (
        <ul className="ts-chart__legend">
          {series.map((item, index) => (
            <li key={item.id}>
              <span
                className={`ts-chart__swatch${item.tone === 'reference' ? ' ts-chart__swatch--dashed' : ''}`}
                style={{ background: seriesColor(item, index, colors) }}
                aria-hidden="true"
              />
              {item.label}
            </li>
          ))}
          {bands.map((band) => (
            <li key={band.id}>
              <span
                className="ts-chart__swatch ts-chart__swatch--band"
                style={{ background: bandSwatch(band, colors) }}
                aria-hidden="true"
              />
              {band.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
