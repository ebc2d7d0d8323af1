import type { IChartApi, ISeriesApi, Logical, SeriesType } from 'lightweight-charts';
import {
  type AxisFormat,
  type AxisLabel,
  LABEL_HEIGHT,
  LABEL_PAD_X,
  layoutBadges,
  type Measure,
  planXAxis,
  planYAxis,
  timeTicks,
  type ValueBadge,
} from './chart-axes.ts';
import type { ChartColors } from './chart-colors.ts';
import type { UnitFormatters } from './units.ts';

/*
 * The axes of a canvas chart as HTML over it (issue 22): the library's own axes are hidden, these
 * are laid out by chart-axes.ts so no label is clipped, cut or covered, and they are real elements, so
 * the end-to-end suite measures the very boxes a reader sees (.chart-label inside .ts-chart__frame).
 */
export const X_AXIS_HEIGHT = 22;
const Y_LABEL_SPACING = 36;
const X_LABEL_SPACING = 84;

export interface AxisPane {
  /** A series of the pane, to turn values into heights. */
  series: ISeriesApi<SeriesType>;
  format: AxisFormat;
  log: boolean;
  /** No value above it is labelled (a drawdown is never positive). */
  ceiling?: number | undefined;
  /** Last values drawn as badges in the gutter, in the series' colours. */
  badges: { value: number; color: string }[];
}

export interface AxesLayout {
  /** Frame size the layout was made for: the e2e suite waits until it matches the frame. */
  width: number;
  height: number;
  yLabels: AxisLabel[];
  badges: ValueBadge[];
  xLabels: AxisLabel[];
  /** Heights and x positions of the grid lines (the placed labels' ticks). */
  gridY: number[];
  gridX: number[];
  plot: { left: number; top: number; right: number; bottom: number };
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/** Text width in the axis font; a per-character estimate where canvas is missing (jsdom). */
export function axisMeasure(font: string): Measure {
  if (measureContext === undefined) {
    try {
      measureContext = document.createElement('canvas').getContext('2d');
    } catch {
      measureContext = null;
    }
  }
  const context = measureContext;
  if (!context) return (text) => text.length * 7;
  return (text) => {
    context.font = font;
    // Two pixels of slack: the page may render the text in a fallback font a little wider than measured.
    return Math.ceil(context.measureText(text).width) + 2;
  };
}

/** The gutter wide enough for the widest value the panes may show. */
export function gutterWidth(samples: readonly string[], measure: Measure): number {
  return Math.max(40, ...samples.map((text) => measure(text) + LABEL_PAD_X * 2 + 2));
}

const yearText = (day: string) => day.slice(0, 4);
const dateText = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
};

/** Lays the axes out from the chart's current scales; null while the chart has no size or data. */
export function computeAxes(
  chart: IChartApi,
  frame: HTMLElement,
  panes: readonly AxisPane[],
  days: readonly string[],
  gutter: number,
  units: UnitFormatters,
  measure: Measure,
): AxesLayout | null {
  const width = frame.clientWidth;
  const height = frame.clientHeight;
  const plotWidth = chart.paneSize(0).width;
  if (!width || !height || !plotWidth || days.length === 0) return null;
  const frameTop = frame.getBoundingClientRect().top;
  const yLabels: AxisLabel[] = [];
  const badges: ValueBadge[] = [];
  const gridY: number[] = [];
  const axisGutter = { x: plotWidth + 1, width: gutter - 1 };
  let plotBottom = 0;
  chart.panes().forEach((pane, index) => {
    const spec = panes[index];
    const element = pane.getHTMLElement();
    if (!spec || !element) return;
    const box = element.getBoundingClientRect();
    const top = box.top - frameTop;
    const paneHeight = box.height;
    plotBottom = Math.max(plotBottom, top + paneHeight);
    const high = spec.series.coordinateToPrice(0);
    const low = spec.series.coordinateToPrice(paneHeight);
    if (high === null || low === null) return;
    const plot = { top, bottom: top + paneHeight };
    const paneBadges = layoutBadges(
      spec.badges.flatMap((badge) => {
        const y = spec.series.priceToCoordinate(badge.value);
        return y === null ? [] : [{ y: top + y, text: spec.format(badge.value), color: badge.color }];
      }),
      plot,
      axisGutter,
      measure,
    );
    const { labels, badges: keptBadges } = planYAxis({
      low,
      high,
      log: spec.log,
      ceiling: spec.ceiling,
      toY: (value) => {
        const y = spec.series.priceToCoordinate(value);
        return y === null ? null : top + y;
      },
      format: spec.format,
      plot,
      gutter: axisGutter,
      badges: paneBadges,
      measure,
      spacing: Y_LABEL_SPACING,
    });
    badges.push(...keptBadges);
    yLabels.push(...labels);
    gridY.push(...labels.map((label) => label.y + LABEL_HEIGHT / 2));
  });

  const range = chart.timeScale().getVisibleLogicalRange();
  const firstIndex = Math.max(0, Math.ceil(range?.from ?? 0));
  const lastIndex = Math.min(days.length - 1, Math.floor(range?.to ?? days.length - 1));
  const shown = days.slice(firstIndex, lastIndex + 1);
  const month = dateText(units.locale, { month: 'short' });
  const dayMonth = dateText(units.locale, { month: 'short', day: 'numeric' });
  const ticksFor = (maxCount: number) =>
    timeTicks(shown, maxCount).flatMap((tick) => {
      const x = chart.timeScale().logicalToCoordinate((tick.index + firstIndex) as Logical);
      if (x === null) return [];
      const text =
        tick.kind === 'year' ? yearText(tick.day) : tick.kind === 'month' ? month(tick.day) : dayMonth(tick.day);
      return [{ x, text, major: tick.kind === 'year' }];
    });
  const { labels: xLabels, gridX } = planXAxis(
    ticksFor,
    { left: 0, right: plotWidth },
    plotBottom + 3,
    measure,
    X_LABEL_SPACING,
  );
  return {
    width,
    height,
    yLabels,
    badges,
    xLabels,
    gridY,
    gridX,
    plot: { left: 0, top: 0, right: plotWidth, bottom: plotBottom },
  };
}

export function sameLayout(a: AxesLayout | null, b: AxesLayout | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The grid (under the transparent canvas) and the labels and badges (over it). */
export function AxesGrid({ layout, colors }: { layout: AxesLayout; colors: ChartColors }) {
  const { plot } = layout;
  return (
    <div className="ts-chart__grid" aria-hidden="true">
      {layout.gridY.map((y) => (
        <span
          key={`y${y}`}
          style={{ top: y, left: plot.left, width: plot.right - plot.left, borderTopColor: colors.border }}
        />
      ))}
      {layout.gridX.map((x) => (
        <span
          key={`x${x}`}
          className="ts-chart__grid-x"
          style={{ left: x, top: plot.top, height: plot.bottom - plot.top, borderLeftColor: colors.border }}
        />
      ))}
    </div>
  );
}

export function AxesLabels({ layout, colors }: { layout: AxesLayout; colors: ChartColors }) {
  const place = (label: AxisLabel) => ({ left: label.x, top: label.y, width: label.width, height: label.height });
  return (
    <div className="ts-chart__axes" aria-hidden="true">
      {layout.yLabels.map((label) => (
        <span key={`y${label.y}${label.text}`} className="chart-label" style={place(label)}>
          {label.text}
        </span>
      ))}
      {layout.xLabels.map((label) => (
        <span key={`x${label.x}${label.text}`} className="chart-label chart-label--x" style={place(label)}>
          {label.text}
        </span>
      ))}
      {layout.badges.map((badge) => (
        <span
          key={`b${badge.text}${badge.color}`}
          className="chart-label chart-label--badge"
          style={{ ...place(badge), background: badge.color, color: colors.surface }}
        >
          {badge.text}
        </span>
      ))}
    </div>
  );
}
