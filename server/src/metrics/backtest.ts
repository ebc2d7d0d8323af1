import type { BacktestLine, BacktestPoint } from '@app/contract';
import { dayNumber } from '../finance/types.ts';

/*
 * The arithmetic of a backtest (issue 43): a portfolio bought equal-weighted on each rebalance day and
 * held, untouched, until the next; its value followed on total-return closes (dividends reinvested).
 * Pure: the members and a close lookup in, values, turnover and the summary figures out.
 */

/** One rebalance: its day and the securities bought that day (each with a close on it). */
export interface Holding {
  day: string;
  members: readonly number[];
}

/** A security's total-return close on or before a day (its last one when its data ends); null before its first. */
export type CloseOn = (id: number, day: string) => number | null;

export interface Simulation {
  /** The value on each rebalance day and on the last day (100 at the first rebalance). */
  atRebalance: BacktestPoint[];
  /** The value on each of the given valuation days (the month ends). */
  atDays: BacktestPoint[];
  /** One-way turnover of each rebalance after the first, as a fraction of the portfolio. */
  turnover: number[];
}

/**
 * Values of the equal-weighted portfolio rebalanced at `holdings` (ascending days) up to `end`, on the
 * rebalance days and on `days` (ascending, after the first rebalance, up to `end`). A rebalance with no
 * member holds cash until the next. A member whose data ends keeps its last close: it is sold then, and
 * the money waits for the next rebalance (survivorship, said in the answer).
 */
export function simulate(
  holdings: readonly Holding[],
  days: readonly string[],
  end: string,
  closeOn: CloseOn,
): Simulation {
  const atRebalance: BacktestPoint[] = [];
  const atDays: BacktestPoint[] = [];
  const turnover: number[] = [];
  let value = 100;
  let next = 0;
  /** The holding's members and their closes at purchase; the value at purchase. */
  let held: { ids: readonly number[]; bought: number[]; value: number } | null = null;
  const valueOn = (day: string) => {
    if (!held || held.ids.length === 0) return held ? held.value : value;
    let sum = 0;
    held.ids.forEach((id, i) => {
      sum += (closeOn(id, day) ?? (held?.bought[i] as number)) / (held?.bought[i] as number);
    });
    return held.value * (sum / held.ids.length);
  };
  for (let h = 0; h < holdings.length; h++) {
    const holding = holdings[h] as Holding;
    const nextDay = holdings[h + 1]?.day ?? end;
    value = valueOn(holding.day);
    const ids = holding.members.filter((id) => (closeOn(id, holding.day) ?? 0) > 0);
    if (held) turnover.push(oneWayTurnover(held, ids, holding.day, closeOn));
    held = { ids, bought: ids.map((id) => closeOn(id, holding.day) as number), value };
    atRebalance.push({ day: holding.day, value });
    while (next < days.length && (days[next] as string) <= nextDay) {
      const day = days[next] as string;
      if (day > holding.day) atDays.push({ day, value: valueOn(day) });
      next++;
    }
  }
  const last = atRebalance.at(-1);
  if (last && end > last.day) atRebalance.push({ day: end, value: valueOn(end) });
  return { atRebalance, atDays, turnover };
}

/** Half the sum of |new weight - weight drifted since the last rebalance|: the share of the portfolio sold. */
function oneWayTurnover(
  held: { ids: readonly number[]; bought: number[] },
  ids: readonly number[],
  day: string,
  closeOn: CloseOn,
): number {
  // Cash before (no members) or after: all of it moves; cash to cash, nothing.
  if (held.ids.length === 0 || ids.length === 0) return held.ids.length === ids.length ? 0 : 1;
  const growth = held.ids.map((id, i) => (closeOn(id, day) ?? (held.bought[i] as number)) / (held.bought[i] as number));
  const total = growth.reduce((a, b) => a + b, 0);
  const before = new Map<number, number>();
  held.ids.forEach((id, i) => {
    before.set(id, total > 0 ? (growth[i] as number) / total : 0);
  });
  const after = new Map<number, number>(ids.map((id) => [id, 1 / ids.length]));
  let moved = 0;
  for (const id of new Set([...before.keys(), ...after.keys()]))
    moved += Math.abs((after.get(id) ?? 0) - (before.get(id) ?? 0));
  return moved / 2;
}

/**
 * CAGR, volatility and maximum drawdown of a line from its monthly points (the first rebalance and each
 * month end after it): CAGR over calendar days to the last point, volatility the sample standard
 * deviation of the monthly returns x sqrt(12), drawdown from the running high of the points.
 */
export function summarise(points: readonly BacktestPoint[]): Omit<BacktestLine, 'atRebalance' | 'monthly'> {
  const first = points[0];
  const last = points.at(-1);
  const days = first && last ? dayNumber(last.day) - dayNumber(first.day) : 0;
  const cagrPct =
    first && last && days > 0 && first.value > 0 ? ((last.value / first.value) ** (365.25 / days) - 1) * 100 : null;
  const returns: number[] = [];
  for (let i = 1; i < points.length; i++)
    returns.push((points[i] as BacktestPoint).value / (points[i - 1] as BacktestPoint).value - 1);
  let volatilityPct: number | null = null;
  if (returns.length >= 2) {
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
    volatilityPct = Math.sqrt(variance) * Math.sqrt(12) * 100;
  }
  let high = Number.NEGATIVE_INFINITY;
  let maxDrawdownPct: number | null = points.length > 0 ? 0 : null;
  for (const { value } of points) {
    high = Math.max(high, value);
    const drawdown = (value / high - 1) * 100;
    if (maxDrawdownPct !== null && drawdown < maxDrawdownPct) maxDrawdownPct = drawdown;
  }
  return { cagrPct, volatilityPct, maxDrawdownPct };
}
