import type { Db } from '../../db/index.ts';
import { type MonthEnds, readBothCloses, readMonthEnds } from '../../derived/price-years.ts';
import type { CloseHistory } from '../../finance/close-history.ts';
import type { CloseOn } from '../../metrics/backtest.ts';
import { isMonthEnd } from '../../metrics/indicator-months.ts';

/*
 * The closes a backtest holds its stocks on (issue 43, ADR 0026), without every stock's 20 years of days
 * (seconds at 2,000 stocks): at a calendar month end, a stock's last close on or before it is its month's
 * last close (price_months, one row a stock); the two other days it needs, the first rebalance and the
 * end, come from the year chunks of those days' years and the year before (price_years).
 */

/** Stocks per read: a turn of the event loop between reads. */
const CHUNK = 100;

export interface BacktestCloses {
  /** The first trading day of any stock on or after `from`; null when none in its year or the next. */
  first: string | null;
  /** The last trading day of any stock on or before `to`; null when none in its year or the one before. */
  end: string | null;
  /** The first month ('YYYY-MM') of any stock's closes; null without prices. */
  firstMonth: string | null;
  closeOn: CloseOn;
}

export async function backtestCloses(
  db: Db,
  ids: readonly number[],
  from: string,
  to: string,
): Promise<BacktestCloses> {
  const fromYear = Number(from.slice(0, 4));
  const toYear = Number(to.slice(0, 4));
  const near = new Map<number, CloseHistory>();
  const far = new Map<number, CloseHistory>();
  const months = new Map<number, MonthEnds>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const [a, b, c] = await Promise.all([
      readBothCloses(db, chunk, { from: fromYear, to: fromYear + 1 }),
      readBothCloses(db, chunk, { from: toYear - 1, to: toYear }),
      readMonthEnds(db, chunk, '0000-00'),
    ]);
    for (const [id, closes] of a) near.set(id, closes);
    for (const [id, closes] of b) far.set(id, closes);
    for (const [id, ends] of c) months.set(id, ends);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  let first: string | null = null;
  for (const closes of near.values()) {
    const i = closes.indexFrom(from);
    if (i < closes.length && (first === null || closes.day(i) < first)) first = closes.day(i);
  }
  let end: string | null = null;
  for (const closes of far.values()) {
    const i = closes.indexOnOrBefore(to);
    if (i >= 0 && (end === null || closes.day(i) > end)) end = closes.day(i);
  }
  let firstMonth: string | null = null;
  for (const ends of months.values()) {
    const month = ends.months[0];
    if (month && (firstMonth === null || month < firstMonth)) firstMonth = month;
  }
  /** The last month-end close in a month up to `month` (ending before it when `before`). */
  const monthClose = (id: number, month: string, before: boolean) => {
    const ends = months.get(id);
    if (!ends) return null;
    let i = ends.months.length - 1;
    while (i >= 0 && ((ends.months[i] as string) > month || (before && ends.months[i] === month))) i--;
    return i >= 0 ? (ends.closes[i] as number) : null;
  };
  const closeOn: CloseOn = (id, day) => {
    const month = day.slice(0, 7);
    if (isMonthEnd(day)) return monthClose(id, month, false);
    for (const window of [near, far]) {
      const closes = window.get(id);
      if (!closes || closes.length === 0 || day < closes.day(0) || day > closes.day(closes.length - 1)) continue;
      const i = closes.indexOnOrBefore(day);
      if (i >= 0) return closes.adjusted[i] as number;
    }
    // Not traded in the window up to the day: its last close is a month's end before the day's month (or,
    // after the window's last close, that close: the window runs to the end of the day's year).
    const last = [near, far].map((w) => w.get(id)).find((c) => c && c.length > 0 && day > c.day(c.length - 1));
    if (last) return last.adjusted[last.length - 1] as number;
    return monthClose(id, month, true);
  };
  return { first, end, firstMonth, closeOn };
}
