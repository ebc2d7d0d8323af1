import type { PricePoint } from './types.ts';

/*
 * Drawdown ("downside potential", finance-definitions.md): close / running high - 1, in %, with the
 * running high taken from the start of the given series (the caller decides: series or range start).
 * Pass adjusted closes so that splits and dividends are not drops.
 */

export interface DrawdownPoint {
  day: string;
  drawdownPct: number;
  runningHigh: number;
}

export function drawdownSeries(prices: readonly PricePoint[]): DrawdownPoint[] {
  let high = Number.NEGATIVE_INFINITY;
  const out: DrawdownPoint[] = [];
  for (const p of prices) {
    if (!(p.close > 0)) continue;
    high = Math.max(high, p.close);
    out.push({ day: p.day, drawdownPct: (p.close / high - 1) * 100, runningHigh: high });
  }
  return out;
}

export interface DrawdownSummary {
  currentPct: number;
  maxPct: number;
  maxDay: string;
}

/** The current and the maximum (deepest) drawdown of a series; null for an empty series. */
export function drawdownSummary(prices: readonly PricePoint[]): DrawdownSummary | null {
  const series = drawdownSeries(prices);
  const last = series[series.length - 1];
  if (!last) return null;
  let deepest = last;
  for (const p of series) if (p.drawdownPct < deepest.drawdownPct) deepest = p;
  return { currentPct: last.drawdownPct, maxPct: deepest.drawdownPct, maxDay: deepest.day };
}

/** Price return in % between the first and the last close (adjusted closes give total return). */
export function priceReturnPct(prices: readonly PricePoint[]): number | null {
  const first = prices[0];
  const last = prices[prices.length - 1];
  if (!first || !last || !(first.close > 0)) return null;
  return (last.close / first.close - 1) * 100;
}
