import {
  type AreaSeriesPartialOptions,
  type CandlestickSeriesPartialOptions,
  type HistogramSeriesPartialOptions,
  type LineSeriesPartialOptions,
  LineStyle,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ShadedBand } from './chart-bands.ts';
import { type ChartColors, withAlpha } from './chart-colors.ts';
import type { ChartBand, ChartMarker, ChartSeries } from './time-series-chart.tsx';

/*
 * Everything on a canvas chart that depends on the theme, as functions of the colours read from the
 * design tokens: the chart applies them again when the theme switches, without re-creating its series.
 */

export const toTime = (day: string) => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;

/*
 * The library's own axes, grid and crosshair labels are off: time-series-chart-axes.tsx draws them
 * as HTML, laid out so no label is clipped or covered (issue 22). The canvas background stays
 * transparent so the HTML grid under it shows through.
 */
export function themeOptions(colors: ChartColors) {
  return {
    layout: {
      background: { color: 'transparent' },
      textColor: colors.muted,
      attributionLogo: false,
      panes: { separatorColor: colors.border, separatorHoverColor: withAlpha(colors.border, 0.5), enableResize: false },
    },
    grid: { vertLines: { visible: false }, horzLines: { visible: false } },
    rightPriceScale: { visible: false, borderVisible: false },
    timeScale: { visible: false, borderVisible: false },
    crosshair: {
      vertLine: { labelVisible: false, color: colors.muted },
      horzLine: { labelVisible: false, color: colors.muted },
    },
  };
}

/** Room above and below the data inside a pane (a fraction of its height), so the top tick fits. */
export const SCALE_MARGINS = { top: 0.08, bottom: 0.06 } as const;

/** Whether a series' last value shows as a badge on the axis. */
export const hasBadge = (series: ChartSeries) =>
  series.badge ?? (series.tone !== 'reference' && series.kind !== 'histogram');

/** A series' colour: its tone if it names one, else the accent for the first and the palette after. */
export function seriesColor(series: ChartSeries, index: number, colors: ChartColors): string {
  if (series.tone) return colors[series.tone];
  return index === 0 ? colors.accent : (colors.palette[(index - 1) % colors.palette.length] ?? colors.accent);
}

export type SeriesOptions =
  | AreaSeriesPartialOptions
  | HistogramSeriesPartialOptions
  | LineSeriesPartialOptions
  | CandlestickSeriesPartialOptions;

/** The colour options of one series (applied at creation and again on a theme switch). */
export function seriesOptions(series: ChartSeries, color: string, colors: ChartColors): SeriesOptions {
  // The library's value labels are off (its scale is hidden); the axes overlay draws the badges.
  const quiet = { lastValueVisible: false, priceLineVisible: false } as const;
  if (series.kind === 'candlestick') {
    return {
      ...quiet,
      upColor: colors.gain,
      downColor: colors.loss,
      wickUpColor: colors.gain,
      wickDownColor: colors.loss,
      borderVisible: false,
    };
  }
  if (series.kind === 'area') {
    return {
      ...quiet,
      lineColor: color,
      topColor: withAlpha(color, 0.28),
      bottomColor: withAlpha(color, 0.02),
      lineWidth: 2,
    };
  }
  if (series.kind === 'histogram') return { ...quiet, color: withAlpha(color, 0.6) };
  if (series.tone === 'reference') {
    // A reference line is read against the data, not for its own value: no price label of its own.
    return { ...quiet, color, lineWidth: 1, lineStyle: LineStyle.Dashed, crosshairMarkerVisible: false };
  }
  // A line without a badge of its own (a moving average) is a study of the data: thinner.
  return { ...quiet, color, lineWidth: series.badge === false ? 1 : 2 };
}

/** Markers on the first series, in time order as the library requires. */
export function markerList(markers: readonly ChartMarker[], colors: ChartColors): SeriesMarker<Time>[] {
  return [...markers]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((marker) => ({
      time: toTime(marker.day),
      position: marker.kind === 'dividend' ? ('belowBar' as const) : ('aboveBar' as const),
      shape: marker.kind === 'dividend' ? ('circle' as const) : ('arrowDown' as const),
      color: marker.kind === 'dividend' ? colors.gain : colors.muted,
      text: marker.text,
      size: 0.6,
    }));
}

// Outer band light, inner band over it: together about twice as dark, like a box plot's box.
const BAND_OPACITY = { outer: 0.14, inner: 0.16 } as const;

export function shadedBands(bands: readonly ChartBand[]): ShadedBand[] {
  return bands.map((band) => ({ low: band.low, high: band.high, opacity: BAND_OPACITY[band.emphasis] }));
}

/** The legend swatch of a band: the same colour at the opacity it shows on the plot. */
export function bandSwatch(band: ChartBand, colors: ChartColors): string {
  const shown = band.emphasis === 'inner' ? BAND_OPACITY.outer + BAND_OPACITY.inner : BAND_OPACITY.outer;
  return withAlpha(colors.band, Math.min(shown * 1.6, 1));
}

/** The sorted days of every series: a day's index is its logical position on the time scale. */
export function unionDays(series: readonly ChartSeries[]): string[] {
  const days = new Set<string>();
  for (const item of series) for (const point of item.points) days.add(point.day);
  return [...days].sort();
}
