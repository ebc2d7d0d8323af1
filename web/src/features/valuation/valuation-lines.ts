import type { DayValue } from '../../ui/chart-range.ts';

type RatioPoint = { day: string; pe: number | null; ps: number | null; pb: number | null; evEbitda: number | null };

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * One ratio's line and its median over the shown days. Days where the ratio is undefined (null: losses,
 * negative equity) are left out of both, so a loss year neither drags the median nor draws a zero.
 */
export function ratioLines(points: readonly RatioPoint[], ratio: 'pe' | 'ps' | 'pb' | 'evEbitda') {
  const values: DayValue[] = [];
  for (const point of points) {
    const value = point[ratio];
    if (value !== null && Number.isFinite(value)) values.push({ day: point.day, value });
  }
  const mid = median(values.map((v) => v.value).sort((a, b) => a - b));
  return {
    values,
    median: mid,
    current: values.at(-1)?.value ?? null,
    medianLine: mid === null ? [] : values.map((v) => ({ day: v.day, value: mid })),
  };
}
