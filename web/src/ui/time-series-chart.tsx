import { lazy, Suspense } from 'react';
import type { AxisFormat } from './chart-axes.ts';
import type { ChartTone } from './chart-colors.ts';
import { useNearViewport } from './near-viewport.ts';
import { Skeleton } from './skeleton.tsx';
import './ui.css';

export interface ChartPoint {
  day: string;
  value: number;
}

/** One day's open, high, low and close (a candlestick). */
export interface ChartCandle {
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface ChartSeries {
  id: string;
  /** Shown in the tooltip and legend ("ACME", "Yield"). */
  label: string;
  kind: 'line' | 'area' | 'histogram' | 'candlestick';
  /** The values (for a candlestick series, its closes: what the legend and badge read). */
  points: readonly ChartPoint[];
  /** The candles of a candlestick series. */
  candles?: readonly ChartCandle[];
  /** 1 draws the series in a lower pane with its own scale (volume under the price). */
  pane?: 0 | 1;
  /** Formats this series' values when they are not in the chart's unit (volume in shares). */
  format?: AxisFormat;
  /** Whether the last value shows as a badge on the axis; by default yes, except reference lines. */
  badge?: boolean;
  /**
   * A theme colour by role; by default the theme's accent, then the theme's palette for compared series.
   * 'reference' draws a thin dashed line (a median), quieter than the data.
   */
  tone?: ChartTone;
}

/** A price range shaded behind the first series across the whole plot (a percentile band). */
export interface ChartBand {
  id: string;
  /** Shown in the legend ("10th to 90th percentile: 2.6 % to 4.1 %"). */
  label: string;
  low: number;
  high: number;
  /** An inner band is drawn darker over the outer one. */
  emphasis: 'outer' | 'inner';
}

export interface ChartMarker {
  day: string;
  kind: 'dividend' | 'split';
  /** Short text on the marker ("D", "2:1"). */
  text: string;
  /** What the tooltip says of it ("Dividend 0.24 USD"); markers drawn as one are listed by it. */
  detail?: string;
}

export interface TimeSeriesChartProps {
  /** The chart's accessible name; the canvas itself is not readable, so say what it shows. */
  label: string;
  series: readonly ChartSeries[];
  markers?: readonly ChartMarker[];
  bands?: readonly ChartBand[];
  logScale?: boolean;
  /** The highest value the axis may show (0 for a drawdown, which is never positive). */
  ceiling?: number;
  /** Formats a value for the axis and tooltip, with its unit ("$12.30", "+4.1%"). */
  format: AxisFormat;
  height?: number;
}

// lightweight-charts is ~160 kB: only pages that draw a chart download it (issue 8). It is asked for as
// soon as such a page's code arrives, beside the page's data requests: asked for by the first chart to
// render, it came one download after the data (a phone on slow 4G saw the stock chart about 0.5 s later).
const canvas = import('./time-series-chart-canvas.tsx');
// A failed download shows where a chart renders (lazy, under the page's error boundary), not as an
// unhandled rejection here.
canvas.catch(() => undefined);
const Canvas = lazy(() => canvas);

/**
 * A canvas time-series chart (line, area, histogram; several series to compare; markers; shaded bands; log scale).
 * Made only when it comes near the window (useNearViewport): making and drawing one is a long task on a
 * phone's main thread, and a valuation tab has six, four of them screens below the first on a phone. Until
 * then a still box of the chart's height holds its place and its name.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const height = props.height ?? 320;
  const [place, near] = useNearViewport();
  if (!near)
    return <div ref={place} className="ts-chart-placeholder" style={{ height }} role="img" aria-label={props.label} />;
  return (
    <Suspense fallback={<Skeleton height={height} />}>
      <Canvas {...props} height={height} />
    </Suspense>
  );
}
