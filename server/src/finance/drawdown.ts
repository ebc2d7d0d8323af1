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

/**
 * The current and the maximum (deepest) drawdown of a series; null for an empty series. The deepest day is
 * the first day of the deepest drawdown, or the last day when it is as deep.
 */
export function drawdownSummary(prices: readonly PricePoint[]): DrawdownSummary | null {
  return drawdownSummaryOf(
    prices.length,
    (i) => (prices[i] as PricePoint).close,
    (i) => (prices[i] as PricePoint).day,
  );
}

/**
 * drawdownSummary of a series given by index (a column of closes: finance/close-history.ts CloseHistory). One
 * pass, no point per day: key statistics and every screener row take it of a whole history.
 */
export function drawdownSummaryOf(
  length: number,
  close: (i: number) => number,
  day: (i: number) => string,
): DrawdownSummary | null {
  let high = Number.NEGATIVE_INFINITY;
  let current: number | null = null;
  let currentAt = -1;
  let deepest = Number.POSITIVE_INFINITY;
  let deepestAt = -1;
  for (let i = 0; i < length; i++) {
    const value = close(i);
    if (!(value > 0)) continue;
    high = Math.max(high, value);
    current = (value / high - 1) * 100;
    currentAt = i;
    if (current < deepest) {
      deepest = current;
      deepestAt = i;
    }
  }
  if (current === null) return null;
  if (!(deepest < current)) return { currentPct: current, maxPct: current, maxDay: day(currentAt) };
  return { currentPct: current, maxPct: deepest, maxDay: day(deepestAt) };
}

/** Price return in % between the first and the last close (adjusted closes give total return). */
export function priceReturnPct(prices: readonly PricePoint[]): number | null {
  const first = prices[0];
  const last = prices[prices.length - 1];
  if (!first || !last || !(first.close > 0)) return null;
  return (last.close / first.close - 1) * 100;
}
