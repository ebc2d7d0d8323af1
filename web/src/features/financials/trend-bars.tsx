import type { Tone } from './line-meaning.ts';

export interface TrendBar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Bars of a line's values in the order given (oldest first: time runs left to right, as in the charts),
 * from a zero baseline so a loss hangs below it. A missing value leaves its slot empty. Geometry in the SVG's own pixels.
 */
export function trendBars(values: readonly (number | null)[], width: number, height: number): TrendBar[] {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (present.length === 0) return [];
  const top = Math.max(0, ...present);
  const bottom = Math.min(0, ...present);
  const span = top - bottom || 1;
  const slot = width / values.length;
  const gap = slot > 4 ? 1 : 0;
  const y = (value: number) => ((top - value) / span) * height;
  return values.flatMap((value, index) => {
    if (value === null || !Number.isFinite(value)) return [];
    const from = y(Math.max(value, 0));
    const to = y(Math.min(value, 0));
    // A value at zero still shows a hairline, so "zero" and "missing" look different.
    return [{ x: index * slot + gap / 2, y: from, width: slot - gap, height: Math.max(to - from, 0.75) }];
  });
}

/** The bars as one SVG path of rectangles (two decimals: sub-pixel bars stay apart). */
export function barsPath(bars: readonly TrendBar[]): string {
  const n = (value: number) => Number(value.toFixed(2));
  return bars.map((bar) => `M${n(bar.x)} ${n(bar.y)}h${n(bar.width)}v${n(bar.height)}h${n(-bar.width)}z`).join('');
}

export interface TrendBarsProps {
  /**
   * Oldest first, left to right, like every chart (issue 33: newest on the left made rising revenue look
   * like a fall).
   */
  values: readonly (number | null)[];
  /** Favourable, unfavourable or neither, by what the line means (line-meaning.ts), not by its sign. */
  tone: Tone;
  label: string;
  width?: number;
  height?: number;
}

/** A small bar sparkline of one statement line (design.md: "a small bar sparkline per row"). */
export function TrendBars({ values, tone, label, width = 72, height = 22 }: TrendBarsProps) {
  return (
    <svg
      className={`trend-bars trend-bars--${tone}`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      {/* One path for the bars, not a rect each: a table of every quarter has 85 bars a row. */}
      <path d={barsPath(trendBars(values, width, height))} />
    </svg>
  );
}
