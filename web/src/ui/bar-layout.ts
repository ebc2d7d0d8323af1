import {
  type AxisFormat,
  type AxisLabel,
  LABEL_HEIGHT,
  LABEL_PAD_X,
  linearTicks,
  type Measure,
  planYAxis,
} from './chart-axes.ts';

/*
 * Geometry of a bar chart (issue 22: an axis and a value on every bar). Pure, so it is unit-tested
 * without a DOM: as many of the newest bars as fit with their labels readable, a y axis of round values
 * in a gutter on the right, each bar's value above it, its label and a note (growth) under it.
 * Coordinates are CSS pixels from the chart frame's top-left corner.
 */
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export interface BarInput {
  label: string;
  value: number | null;
  /** Text above the bar (its value). */
  valueText: string;
  /** A second line under the label (growth), or null. */
  note: string | null;
}

export interface BarChartLayout {
  /** Index of the first bar shown (older ones do not fit). */
  first: number;
  bars: (BarRect | null)[];
  valueLabels: (AxisLabel | null)[];
  xLabels: AxisLabel[];
  notes: (AxisLabel | null)[];
  yLabels: AxisLabel[];
  gridY: number[];
  zeroY: number;
  plot: { left: number; right: number; top: number; bottom: number };
  height: number;
}

const SLOT_GAP = 6;
const Y_SPACING = 36;

export function barChartLayout(
  bars: readonly BarInput[],
  width: number,
  plotHeight: number,
  format: AxisFormat,
  measure: Measure,
): BarChartLayout {
  const labelWidth = (text: string) => measure(text) + LABEL_PAD_X * 2;
  const known = bars.map((bar) => bar.value).filter((v): v is number => v !== null && Number.isFinite(v));
  const max = Math.max(0, ...known);
  const min = Math.min(0, ...known);
  // The densest round values the axis may fall back to (planYAxis): the gutter fits each of them.
  const tickValues = linearTicks(min, max, Math.max(2, Math.floor(plotHeight / (LABEL_HEIGHT + 4))));
  const gutter = Math.max(36, ...tickValues.map((value) => labelWidth(format(value, tickValues)) + 2));
  const plotWidth = Math.max(width - gutter, 0);
  // The slot every bar needs so its value, label and note fit side by side with the next.
  const slotNeed = Math.max(
    24,
    ...bars.map((bar) =>
      Math.max(labelWidth(bar.valueText), labelWidth(bar.label), bar.note ? labelWidth(bar.note) : 0),
    ),
  );
  const count = Math.max(1, Math.min(bars.length, Math.floor(plotWidth / (slotNeed + SLOT_GAP))));
  const first = bars.length - count;
  const shown = bars.slice(first);
  const top = LABEL_HEIGHT + 4;
  const bottom = top + plotHeight;
  const span = max - min || 1;
  const y = (value: number) => top + ((max - value) / span) * plotHeight;
  const zeroY = y(0);
  const slot = count > 0 ? plotWidth / count : 0;
  const barWidth = Math.max(Math.min(slot * 0.6, 48), 2);

  const rects = shown.map((bar, i) => {
    if (bar.value === null || !Number.isFinite(bar.value)) return null;
    const x = i * slot + (slot - barWidth) / 2;
    const yValue = y(bar.value);
    return {
      x,
      y: Math.min(yValue, zeroY),
      width: barWidth,
      height: Math.abs(zeroY - yValue),
      negative: bar.value < 0,
    };
  });
  const centred = (i: number, text: string, rowY: number): AxisLabel => {
    const w = Math.min(labelWidth(text), slot);
    const x = Math.min(Math.max(i * slot + slot / 2 - w / 2, 0), plotWidth - w);
    return { x, y: rowY, width: w, height: LABEL_HEIGHT, text };
  };
  const valueLabels = shown.map((bar, i) => {
    const rect = rects[i];
    if (!rect) return null;
    // Above a positive bar, below a negative one; never outside the plot.
    const rowY = rect.negative
      ? Math.min(rect.y + rect.height + 2, bottom - LABEL_HEIGHT)
      : Math.max(rect.y - LABEL_HEIGHT - 2, 0);
    return centred(i, bar.valueText, rowY);
  });
  const xLabels = shown.map((bar, i) => centred(i, bar.label, bottom + 2));
  const notes = shown.map((bar, i) => (bar.note ? centred(i, bar.note, bottom + 2 + LABEL_HEIGHT) : null));
  const { labels: yLabels } = planYAxis({
    low: min,
    high: max,
    log: false,
    toY: y,
    format,
    plot: { top: 0, bottom },
    gutter: { x: plotWidth + 2, width: gutter - 2 },
    badges: [],
    measure,
    spacing: Y_SPACING,
  });
  const hasNotes = notes.some(Boolean);
  return {
    first,
    bars: rects,
    valueLabels,
    xLabels,
    notes,
    yLabels,
    gridY: yLabels.map((label) => label.y + LABEL_HEIGHT / 2),
    zeroY,
    plot: { left: 0, right: plotWidth, top, bottom },
    height: bottom + 2 + LABEL_HEIGHT * (hasNotes ? 2 : 1) + 2,
  };
}
