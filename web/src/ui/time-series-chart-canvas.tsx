import {
  AreaSeries,
  type AutoscaleInfo,
  CandlestickSeries,
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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linearTicks } from './chart-axes.ts';
import { type BandsPrimitive, createBandsPrimitive } from './chart-bands.ts';
import { type ChartColors, onThemeChange, readChartColors } from './chart-colors.ts';
import { groupMarkers, markersAt } from './chart-markers.ts';
import type { ChartSeries, TimeSeriesChartProps } from './time-series-chart.tsx';
import {
  AxesGrid,
  AxesLabels,
  type AxesLayout,
  axisMeasure,
  computeAxes,
  gutterWidth,
  sameLayout,
  X_AXIS_HEIGHT,
} from './time-series-chart-axes.tsx';
import {
  bandSwatch,
  hasBadge,
  markerList,
  SCALE_MARGINS,
  seriesColor,
  seriesOptions,
  shadedBands,
  themeOptions,
  toTime,
  unionDays,
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

const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** The volume pane's share of the plot height. */
// A lower pane tall enough for four value labels under its margins (issue 46: the volume axis lost them).
const LOWER_PANE_SHARE = 0.3;

const seriesDefinition = (kind: ChartSeries['kind']) =>
  kind === 'area'
    ? AreaSeries
    : kind === 'histogram'
      ? HistogramSeries
      : kind === 'candlestick'
        ? CandlestickSeries
        : LineSeries;

/** The lightweight-charts implementation behind TimeSeriesChart (loaded lazily). */
export default function TimeSeriesChartCanvas({
  label,
  series,
  markers = NO_MARKERS,
  bands = NO_BANDS,
  logScale,
  ceiling,
  format,
  height = 320,
}: TimeSeriesChartProps) {
  const { t } = useTranslation('ui');
  const units = useUnits();
  const frame = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const drawn = useRef<Drawn | null>(null);
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  const [axes, setAxes] = useState<AxesLayout | null>(null);
  // The theme's colours, read again whenever <html data-theme> changes (light, dark, or the system's).
  const [colors, setColors] = useState<ChartColors>(readChartColors);
  const colorsRef = useRef(colors);
  colorsRef.current = colors;
  // The latest formatters, read by the crosshair handler without re-creating the chart.
  const formatRef = useRef(format);
  formatRef.current = format;
  const days = useMemo(() => unionDays(series), [series]);
  // Markers that would overlap at the plot's width are drawn as one, the tooltip listing them (issue 33).
  const plotWidth = axes?.plot.right ?? 0;
  const hasMarkers = markers.length > 0;
  const grouped = useMemo(() => groupMarkers(markers, days, plotWidth), [markers, days, plotWidth]);
  const groupedRef = useRef(grouped);
  groupedRef.current = grouped;
  const unitsRef = useRef(units);
  unitsRef.current = units;
  const measure = useMemo(() => axisMeasure(AXIS_FONT), []);
  // The gutter fits the widest value any pane may label: the extremes and last values of every series.
  const gutter = useMemo(() => {
    const samples = series.flatMap((item) => {
      const values = item.points.map((point) => point.value);
      if (values.length === 0) return [];
      const show = item.format ?? format;
      const [low, high] = [Math.min(...values), Math.max(...values)];
      // Round ticks run past the data (95 % data, a 100 % tick): a quarter more covers the next one.
      const reach = (high - low) / 4;
      // The round values between (a 2.5 step prints more digits than the extremes: "$12.5B" beside "$12B").
      const roundValues = linearTicks(low - reach, high + reach, 12);
      const round = roundValues.map((value) => show(value, roundValues));
      return [show(low), show(high), show(low - reach), show(high + reach), show(values.at(-1) as number), ...round];
    });
    return gutterWidth(samples, measure);
  }, [series, format, measure]);

  // Lays the axes out again from the chart's current scales (after a draw, a zoom, a resize).
  const layoutRef = useRef<() => void>(() => {});
  layoutRef.current = () => {
    const api = chart.current;
    const element = frame.current;
    const current = drawn.current;
    if (!api || !element || !current) return;
    const paneSpecs = [0, 1].flatMap((pane) => {
      const entries = current.series.filter((entry) => (entry.item.pane ?? 0) === pane);
      const first = entries[0];
      if (!first) return [];
      const show = first.item.format ?? formatRef.current;
      return [
        {
          series: first.api,
          format: show,
          log: pane === 0 && Boolean(logScale),
          ceiling: pane === 0 ? ceiling : undefined,
          badges: entries.flatMap((entry) => {
            const last = entry.item.points.at(-1);
            return hasBadge(entry.item) && last
              ? [{ value: last.value, color: seriesColor(entry.item, entry.index, colorsRef.current) }]
              : [];
          }),
        },
      ];
    });
    const next = computeAxes(api, element, paneSpecs, days, gutter, units, measure);
    setAxes((previous) => (sameLayout(previous, next) ? previous : next));
  };
  const scheduled = useRef(0);
  const relayout = useCallback(() => {
    if (scheduled.current) return;
    // After the library's own frame: its scales are settled by then.
    scheduled.current = requestAnimationFrame(() => {
      scheduled.current = requestAnimationFrame(() => {
        scheduled.current = 0;
        layoutRef.current();
      });
    });
  }, []);

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
    api.priceScale('right').applyOptions({ scaleMargins: SCALE_MARGINS });
    chart.current = api;
    const stopTheme = onThemeChange(() => setColors(readChartColors()));
    api.timeScale().subscribeVisibleLogicalRangeChange(relayout);
    api.timeScale().subscribeSizeChange(relayout);
    // The frame's own size too: the first draw happens before the library has measured its box. A new
    // width shows the whole range again (the library would keep its bar spacing and cut the range short).
    let lastWidth = element.clientWidth;
    const resized = new ResizeObserver(() => {
      if (element.clientWidth !== lastWidth) {
        lastWidth = element.clientWidth;
        api.timeScale().fitContent();
      }
      relayout();
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      cancelAnimationFrame(scheduled.current);
      scheduled.current = 0;
      stopTheme();
      api.remove();
      chart.current = null;
    };
  }, [relayout]);

  // A theme switch recolours the chart and what is drawn on it in place (the zoom stays).
  useEffect(() => {
    chart.current?.applyOptions(themeOptions(colors));
    const current = drawn.current;
    if (!current) return;
    for (const entry of current.series) {
      entry.api.applyOptions(seriesOptions(entry.item, seriesColor(entry.item, entry.index, colors), colors));
    }
    current.bands?.update(shadedBands(bands), colors.band);
    relayout();
  }, [colors, bands, relayout]);

  // Localised crosshair time and values; the scale mode (log or not). The axes follow.
  useEffect(() => {
    chart.current?.applyOptions({
      localization: {
        locale: units.locale,
        priceFormatter: (value: number) => formatRef.current(value),
        timeFormatter: (time: Time) => units.date(toDay(time)),
      },
      rightPriceScale: { mode: logScale ? PriceScaleMode.Logarithmic : PriceScaleMode.Normal },
    });
    // The chart's option reaches every pane's right scale: the volume pane stays linear (issue 46: on a
    // log scale its linear labels bunched at its top and all but one were left out).
    chart.current?.panes()[1]?.priceScale('right').applyOptions({ mode: PriceScaleMode.Normal });
    relayout();
  }, [units, logScale, relayout]);

  // The data: series are replaced whenever they change (ranges and compare sets are small).
  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    const palette = colorsRef.current;
    const lower = series.some((item) => item.pane === 1);
    const created: Drawn['series'] = series.map((item, index) => {
      const options = {
        ...seriesOptions(item, seriesColor(item, index, palette), palette),
        // A drawdown is never above 0 %: the scale stops at the ceiling instead of showing room above it.
        ...(ceiling !== undefined && (item.pane ?? 0) === 0
          ? {
              autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
                const info = original();
                if (!info?.priceRange) return info;
                const { minValue, maxValue } = info.priceRange;
                return { ...info, priceRange: { minValue, maxValue: Math.min(maxValue, ceiling) } };
              },
            }
          : {}),
      };
      const added: ISeriesApi<SeriesType> = api.addSeries(seriesDefinition(item.kind), options, item.pane ?? 0);
      if (item.kind === 'candlestick' && item.candles) {
        added.setData(item.candles.map((candle) => ({ ...candle, time: toTime(candle.day) })));
      } else {
        added.setData(item.points.map((point) => ({ time: toTime(point.day), value: point.value })));
      }
      return { api: added, item, index };
    });
    const panes = api.panes();
    if (lower && panes[1]) {
      panes[0]?.setStretchFactor(1 - LOWER_PANE_SHARE);
      panes[1].setStretchFactor(LOWER_PANE_SHARE);
      // Zero a little above the bottom edge, so that its label fits inside the pane.
      panes[1]
        .priceScale('right')
        .applyOptions({ mode: PriceScaleMode.Normal, scaleMargins: { top: 0.1, bottom: 0.08 } });
    }
    const first = created[0]?.api;
    // Filled by the markers' own effect below, once their grouping at this width is known.
    const markerPlugin = first && hasMarkers ? createSeriesMarkers(first, []) : null;
    const bandPrimitive = first && bands.length ? createBandsPrimitive(shadedBands(bands), palette.band) : null;
    if (first && bandPrimitive) first.attachPrimitive(bandPrimitive);
    drawn.current = { series: created, markers: markerPlugin, bands: bandPrimitive };
    api.timeScale().fitContent();
    relayout();

    const onMove = (param: MouseEventParams<Time>) => {
      if (!param.time || !param.point || param.point.x < 0 || param.point.y < 0) {
        setTooltip(null);
        return;
      }
      const rows = created.flatMap((entry) => {
        const datum = param.seriesData.get(entry.api);
        const show = entry.item.format ?? formatRef.current;
        let value: string | null = null;
        if (datum && 'open' in datum) {
          value = `${show(datum.open)} · ${show(datum.high)} · ${show(datum.low)} · ${show(datum.close)}`;
        } else if (datum && 'value' in datum && typeof datum.value === 'number') value = show(datum.value);
        return value === null
          ? []
          : [{ label: entry.item.label, color: seriesColor(entry.item, entry.index, colorsRef.current), value }];
      });
      const day = toDay(param.time);
      const marked = markersAt(groupedRef.current, day).map((marker) => ({
        label: unitsRef.current.date(marker.day),
        color: marker.kind === 'dividend' ? colorsRef.current.gain : colorsRef.current.muted,
        value: marker.detail ?? marker.text,
      }));
      rows.push(...marked);
      setTooltip(rows.length ? { x: param.point.x, y: param.point.y, day, rows } : null);
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
  }, [series, hasMarkers, bands, ceiling, relayout]);

  // The markers, grouped at the plot's width, on the series drawn above (and again in a new theme).
  // biome-ignore lint/correctness/useExhaustiveDependencies: new series bring a new, empty marker plugin to fill
  useEffect(() => {
    drawn.current?.markers?.setMarkers(markerList(grouped, colors));
  }, [grouped, colors, series, hasMarkers]);

  // New formats, gutter or days: the same scales, new label texts and widths.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are what the layout reads through its ref
  useEffect(() => relayout(), [format, gutter, days, relayout]);

  const empty = series.every((item) => item.points.length === 0);
  const width = box.current?.clientWidth ?? 0;
  const legend = series.length > 1 || bands.length > 0;
  return (
    <div className="ts-chart">
      <div
        ref={frame}
        className="ts-chart__frame"
        data-chart-frame=""
        style={{ height }}
        data-axes-width={axes?.width ?? 0}
        data-axes-height={axes?.height ?? 0}
      >
        {axes && <AxesGrid layout={axes} colors={colors} />}
        <div
          ref={box}
          className="ts-chart__canvas"
          style={{ right: gutter, bottom: X_AXIS_HEIGHT }}
          role="img"
          aria-label={label}
        />
        {axes && <AxesLabels layout={axes} colors={colors} />}
      </div>
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
            <div key={`${row.label}${row.value}`} className="ts-chart__tooltip-row">
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
