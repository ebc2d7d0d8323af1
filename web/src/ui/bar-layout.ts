/*
 * Geometry of a bar chart: a zero line that sits between negative and positive bars, bars of equal
 * width with a gap, heights proportional to the value. Pure, so it is unit-tested without a DOM.
 */
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export interface BarLayout {
  zeroY: number;
  bars: (BarRect | null)[];
}

export function barLayout(values: readonly (number | null)[], width: number, height: number, gap = 0.25): BarLayout {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const max = Math.max(0, ...known);
  const min = Math.min(0, ...known);
  const span = max - min || 1;
  const zeroY = (max / span) * height;
  const slot = values.length > 0 ? width / values.length : 0;
  const barWidth = slot * (1 - gap);
  const bars = values.map((value, index) => {
    if (value === null || !Number.isFinite(value)) return null;
    const barHeight = (Math.abs(value) / span) * height;
    return {
      x: index * slot + (slot - barWidth) / 2,
      y: value >= 0 ? zeroY - barHeight : zeroY,
      width: barWidth,
      height: barHeight,
      negative: value < 0,
    };
  });
  return { zeroY, bars };
}
