import {
  type AreaSeriesPartialOptions,
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

export function themeOptions(colors: ChartColors) {
  return {
    layout: { background: { color: 'transparent' }, textColor: colors.muted, attributionLogo: false },
    grid: { vertLines: { color: withAlpha(colors.border, 0.5) }, horzLines: { color: withAlpha(colors.border, 0.5) } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: { borderColor: colors.border },
    crosshair: { vertLine: { labelBackgroundColor: colors.text }, horzLine: { labelBackgroundColor: colors.text } },
  };
}

/** A series' colour: its tone if it names one, else the accent for the first and the palette after. */
export function seriesColor(series: ChartSeries, index: number, colors: ChartColors): string {
  if (series.tone) return colors[series.tone];
  return index === 0 ? colors.accent : (colors.palette[(index - 1) % colors.palette.length] ?? colors.accent);
}

export type SeriesOptions = AreaSeriesPartialOptions | HistogramSeriesPartialOptions | LineSeriesPartialOptions;

/** The colour options of one series (applied at creation and again on a theme switch). */
export function seriesOptions(series: ChartSeries, color: string): SeriesOptions {
  if (series.kind === 'area') {
    return { lineColor: color, topColor: withAlpha(color, 0.28), bottomColor: withAlpha(color, 0.02), lineWidth: 2 };
  }
  if (series.kind === 'histogram') return { color };
  if (series.tone === 'reference') {
    // A reference line is read against the data, not for its own value: no price label of its own.
    return {
      color,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    };
  }
  return { color, lineWidth: 2 };
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
