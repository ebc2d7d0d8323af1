/*
 * A squarified treemap (Bruls, Huizing and van Wijk, 2000) as a pure function: the market map's layout
 * (issue 46). Items are laid out largest first in rows along the shorter side of the space left, a row
 * growing while that makes its worst aspect ratio better; so tiles stay close to squares, which keeps
 * their areas comparable by eye and their labels readable. O(n) after the sort.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The worst aspect ratio of a row of `areas` (sum `sum`) laid along a side of length `side`. */
function worstRatio(min: number, max: number, sum: number, side: number): number {
  const side2 = side * side;
  const sum2 = sum * sum;
  return Math.max((side2 * max) / sum2, sum2 / (side2 * min));
}

/**
 * Rectangles for `values` inside `bounds`, each with an area proportional to its value, none overlapping,
 * together filling the bounds. The result is in the order of `values`; a value that is not positive (or
 * not finite) gets an empty rectangle at the bounds' corner.
 */
export function squarify(values: readonly number[], bounds: Rect): Rect[] {
  const out: Rect[] = values.map(() => ({ x: bounds.x, y: bounds.y, width: 0, height: 0 }));
  const order = values
    .map((value, index) => ({ value, index }))
    .filter((item) => Number.isFinite(item.value) && item.value > 0)
    .sort((a, b) => b.value - a.value || a.index - b.index);
  const total = order.reduce((sum, item) => sum + item.value, 0);
  if (total === 0 || bounds.width <= 0 || bounds.height <= 0) return out;
  const scale = (bounds.width * bounds.height) / total;
  const areas = order.map((item) => item.value * scale);

  let { x, y, width, height } = bounds;
  let start = 0;
  while (start < areas.length) {
    const side = Math.min(width, height);
    // Grow the row while its worst ratio gets no worse.
    let end = start + 1;
    let sum = areas[start] as number;
    let min = sum;
    let max = sum;
    let worst = worstRatio(min, max, sum, side);
    while (end < areas.length) {
      const next = areas[end] as number;
      const ratio = worstRatio(Math.min(min, next), Math.max(max, next), sum + next, side);
      if (ratio > worst) break;
      sum += next;
      min = Math.min(min, next);
      max = Math.max(max, next);
      worst = ratio;
      end++;
    }
    // The last row takes what is left exactly, so rounding never leaves a sliver or spills over.
    const last = end === areas.length;
    if (width >= height) {
      // A column at the left, its tiles stacked top to bottom.
      const thickness = last ? width : sum / height;
      let at = y;
      for (let i = start; i < end; i++) {
        const h = i === end - 1 ? y + height - at : (areas[i] as number) / thickness;
        out[(order[i] as { index: number }).index] = { x, y: at, width: thickness, height: h };
        at += h;
      }
      x += thickness;
      width -= thickness;
    } else {
      // A row at the top, its tiles side by side.
      const thickness = last ? height : sum / width;
      let at = x;
      for (let i = start; i < end; i++) {
        const w = i === end - 1 ? x + width - at : (areas[i] as number) / thickness;
        out[(order[i] as { index: number }).index] = { x: at, y, width: w, height: thickness };
        at += w;
      }
      y += thickness;
      height -= thickness;
    }
    start = end;
  }
  return out;
}
