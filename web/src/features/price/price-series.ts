import type { PriceChartV2 } from '@app/contract';
import { type ChartRange, type DayValue, normaliseToPercent, rangeStart } from '../../ui/chart-range.ts';
import type { ChartCandle, ChartMarker } from '../../ui/time-series-chart.tsx';

/* Pure pieces of the price chart, tested without a DOM. Days are 'YYYY-MM-DD'. */
type OhlcvPoint = PriceChartV2['series'][number]['points'][number];

/** What a marker's tooltip says: the dividend's amount, the split's ratio. */
export interface MarkerTexts {
  dividend: (amount: number) => string;
  split: (ratio: string) => string;
}

/** The dividend and split markers of the points (design.md: dividends and splits marked). */
export function priceMarkers(
  points: readonly OhlcvPoint[],
  dividendText: string,
  details?: MarkerTexts,
): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const point of points) {
    if (point.dividend !== undefined) {
      const detail = details?.dividend(point.dividend);
      markers.push({ day: point.day, kind: 'dividend', text: dividendText, ...(detail ? { detail } : {}) });
    }
    if (point.split) {
      const ratio = `${point.split.numerator}:${point.split.denominator}`;
      const detail = details?.split(ratio);
      markers.push({ day: point.day, kind: 'split', text: ratio, ...(detail ? { detail } : {}) });
    }
  }
  return markers;
}

/** The days a chart shows: a custom from-to window when one is set, else the range counted back from the last day. */
export interface ChartWindow {
  start: string | null;
  end: string | null;
}

export function chartWindow(
  range: ChartRange,
  custom: { from: string | null; to: string | null },
  lastDay: string | undefined,
): ChartWindow {
  if (custom.from || custom.to) return { start: custom.from, end: custom.to };
  return { start: lastDay ? rangeStart(range, lastDay) : null, end: null };
}

export const inWindow = (day: string, window: ChartWindow) =>
  (window.start === null || day >= window.start) && (window.end === null || day <= window.end);

/**
 * Every line cut to the window, so compared lines start on the same day; in compare mode each becomes
 * % change from its first shown value.
 */
export function shownLines(lines: readonly DayValue[][], window: ChartWindow, compare: boolean): DayValue[][] {
  if (!lines[0]?.length) return lines.map(() => []);
  const cut = lines.map((points) => points.filter((point) => inWindow(point.day, window)));
  if (!compare) return cut;
  // Compare from a common first day: a line that begins later would otherwise start its own 0 %.
  const common = cut.reduce((latest, points) => (points[0] && points[0].day > latest ? points[0].day : latest), '');
  return cut.map((points) => normaliseToPercent(points.filter((point) => point.day >= common)));
}

/**
 * The simple moving average of the last `days` trading days at each point (none before there are that
 * many): computed over the whole history, so the first shown day of a range already has its 200-day
 * average. Long histories come weekly before their last two years (issue 20): a point more than three
 * days after the one before stands for a week, five trading days, so a 50-day average over weekly bars
 * is that of the last ten weeks; where weeks meet days, the oldest week counts for its days in the window.
 */
export function movingAverage(points: readonly DayValue[], days: number): DayValue[] {
  const gap = (a: DayValue | undefined, b: DayValue | undefined) =>
    a && b ? (Date.parse(b.day) - Date.parse(a.day)) / 86_400_000 : 1;
  // The first point has no point before it: it is as long as the step to the next.
  const weights = points.map((point, i) => (gap(points[i - 1] ?? point, i === 0 ? points[1] : point) > 3 ? 5 : 1));
  const out: DayValue[] = [];
  let sum = 0;
  let weight = 0;
  let first = 0;
  let seen = 0;
  for (let i = 0; i < points.length; i += 1) {
    const w = weights[i] as number;
    sum += (points[i] as DayValue).value * w;
    weight += w;
    seen += w;
    // Drop the oldest points while the window still covers `days` without them.
    while (first < i && weight - (weights[first] as number) >= days) {
      sum -= (points[first] as DayValue).value * (weights[first] as number);
      weight -= weights[first] as number;
      first += 1;
    }
    // A weekly bar at the window's start counts only for its days inside it (issue 33: dropped whole,
    // a 50-day average over weeks then days fell in steps).
    const excess = weight - days;
    if (seen >= days)
      out.push({ day: (points[i] as DayValue).day, value: (sum - (points[first] as DayValue).value * excess) / days });
  }
  return out;
}

/** Candles of the days with all four prices (a source may give only the close). */
export function candlesOf(points: readonly OhlcvPoint[]): ChartCandle[] {
  return points.flatMap((p) =>
    p.open !== null && p.high !== null && p.low !== null
      ? [{ day: p.day, open: p.open, high: p.high, low: p.low, close: p.close }]
      : [],
  );
}

/** Daily volume of the days that have one. */
export function volumesOf(points: readonly OhlcvPoint[]): DayValue[] {
  return points.flatMap((p) => (p.volume === null ? [] : [{ day: p.day, value: p.volume }]));
}

/**
 * A history with a window's daily points in place of its weekly ones there (issue 33: a custom half year
 * of 2020 is drawn from its days), so the averages read every day of the window and the weeks before it.
 */
export function withDaily<T extends { day: string }>(history: readonly T[], daily: readonly T[]): T[] {
  const first = daily[0]?.day;
  const last = daily.at(-1)?.day;
  if (!first || !last) return [...history];
  return [...history.filter((p) => p.day < first), ...daily, ...history.filter((p) => p.day > last)];
}
