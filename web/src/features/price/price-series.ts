import type { PriceChartV2 } from '@app/contract';
import { type ChartRange, type DayValue, normaliseToPercent, rangeStart } from '../../ui/chart-range.ts';
import type { ChartMarker } from '../../ui/time-series-chart.tsx';

/* Pure pieces of the price chart, tested without a DOM. Days are 'YYYY-MM-DD'. */
type OhlcvPoint = PriceChartV2['series'][number]['points'][number];

/** The dividend and split markers of the points (design.md: dividends and splits marked). */
export function priceMarkers(points: readonly OhlcvPoint[], dividendText: string): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const point of points) {
    if (point.dividend !== undefined) markers.push({ day: point.day, kind: 'dividend', text: dividendText });
    if (point.split) {
      markers.push({ day: point.day, kind: 'split', text: `${point.split.numerator}:${point.split.denominator}` });
    }
  }
  return markers;
}

/**
 * Every line cut to the range of the first (the page's own security), so compared lines start on the
 * same day; in compare mode each becomes % change from its first shown value.
 */
export function shownLines(lines: readonly DayValue[][], range: ChartRange, compare: boolean): DayValue[][] {
  const last = lines[0]?.at(-1);
  if (!last) return lines.map(() => []);
  const start = rangeStart(range, last.day);
  const cut = lines.map((points) => (start === null ? [...points] : points.filter((point) => point.day >= start)));
  if (!compare) return cut;
  // Compare from a common first day: a line that begins later would otherwise start its own 0 %.
  const common = cut.reduce((latest, points) => (points[0] && points[0].day > latest ? points[0].day : latest), '');
  return cut.map((points) => normaliseToPercent(points.filter((point) => point.day >= common)));
}

/** Lowest and highest close of the last 52 weeks before the last day. */
export function yearRange(points: readonly DayValue[]): { low: number; high: number } | null {
  const last = points.at(-1);
  if (!last) return null;
  const start = rangeStart('1Y', last.day) ?? '';
  const values = points.filter((point) => point.day > start).map((point) => point.value);
  return { low: Math.min(...values), high: Math.max(...values) };
}
