import type { Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import type { Range } from '../finance/types.ts';
import { CHART_POINTS_VERSION, chartPointsOfYear } from './chart-points.ts';
import { type AnyDb, groupBy, SERIES_DAY } from './chunk-layout.ts';

/*
 * price_years (ADR 0008): a security's closes of one calendar year (about 250 days, or 365 for a coin)
 * as one row, so a 10-year chart reads 11 rows instead of 2,500. Closes are comma-joined JavaScript
 * shortest round-trip forms (String(n)): Number(text) gives the stored double back bit for bit, and the
 * price chart writes the texts into its JSON as they are (chart_points and chart_version, chart-points.ts).
 * daily_prices stays the source of truth; the loader (ingest/store.ts) rewrites the years a write
 * touches in the same transaction.
 */

/** One day's closes as the loader computed them (split-adjusted, and total return). */
export interface DayCloses {
  day: string;
  closeSplitAdj: number;
  closeAdj: number;
}

export type PriceYearRow = Schema['price_years'];

/** One calendar year of one security's closes, ordered by day. */
export function packPriceYear(securityId: number, points: readonly DayCloses[]): PriceYearRow {
  const first = points[0];
  if (!first) throw new Error('packPriceYear: no points');
  const year = Number(first.day.slice(0, 4));
  let days = '';
  const split: string[] = [];
  const adj: string[] = [];
  for (const p of points) {
    if (p.day.length !== SERIES_DAY || Number(p.day.slice(0, 4)) !== year)
      throw new Error(`packPriceYear: day ${p.day}`);
    days += p.day;
    split.push(String(p.closeSplitAdj));
    adj.push(String(p.closeAdj));
  }
  const closeSplitAdj = split.join(',');
  return {
    security_id: securityId,
    year,
    days,
    close_split_adj: closeSplitAdj,
    close_adj: adj.join(','),
    chart_points: chartPointsOfYear(days, closeSplitAdj),
    chart_version: CHART_POINTS_VERSION,
  };
}

export type CloseColumn = 'close_split_adj' | 'close_adj';

/** Days and closes of one security, closes as their stored text (Number(text) is the value). */
export interface CloseSeries {
  days: string[];
  closes: string[];
}

/**
 * The closes of each security in the range, from its year chunks. Securities without prices are
 * absent from the map.
 */
export async function readCloseSeries(
  db: AnyDb,
  ids: readonly number[],
  range: Range,
  column: CloseColumn,
): Promise<Map<number, CloseSeries>> {
  const out = new Map<number, CloseSeries>();
  if (ids.length === 0) return out;
  let query = db.selectFrom('price_years').select(['security_id', 'days', column]).where('security_id', 'in', ids);
  if (range.from) query = query.where('year', '>=', Number(range.from.slice(0, 4)));
  if (range.to) query = query.where('year', '<=', Number(range.to.slice(0, 4)));
  const rows = await query.orderBy('security_id').orderBy('year').execute();
  for (const row of rows) {
    let series = out.get(row.security_id);
    if (!series) {
      series = { days: [], closes: [] };
      out.set(row.security_id, series);
    }
    const text = (row as unknown as Record<CloseColumn, string>)[column];
    appendYear(series, row.days, text, range.from, range.to);
  }
  return out;
}

function appendYear(series: CloseSeries, days: string, closes: string, from?: string, to?: string): void {
  const values = closes.split(',');
  const n = days.length / SERIES_DAY;
  for (let i = 0; i < n; i++) {
    const day = days.slice(i * SERIES_DAY, i * SERIES_DAY + SERIES_DAY);
    if ((from && day < from) || (to && day > to)) continue;
    series.days.push(day);
    series.closes.push(values[i] as string);
  }
}

const PRICE_YEAR_VALUES = ['days', 'close_split_adj', 'close_adj', 'chart_points', 'chart_version'] as const;

/** Rewrites the year chunks of `years` (all by default) from the security's whole (merged, adjusted) history. */
export async function writePriceYears(
  tx: AnyDb,
  securityId: number,
  history: readonly DayCloses[],
  years?: ReadonlySet<number>,
): Promise<void> {
  const byYear = groupBy(history, (p) => Number(p.day.slice(0, 4)), years);
  const rows = [...byYear.values()].map((points) => packPriceYear(securityId, points));
  await upsertRows(tx, 'price_years', rows, ['security_id', 'year'], PRICE_YEAR_VALUES);
}

/**
 * Every year chunk of one security again from its rows in daily_prices: what the consistency check
 * compares against, and what migration 008 ran for data stored before it.
 */
export async function rebuildPriceYears(db: AnyDb, securityId: number): Promise<void> {
  const prices = await db
    .selectFrom('daily_prices')
    .select(['day', 'close_split_adj', 'close_adj'])
    .where('security_id', '=', securityId)
    .orderBy('day')
    .execute();
  const history = prices.map((p) => ({ day: p.day, closeSplitAdj: p.close_split_adj, closeAdj: p.close_adj }));
  await writePriceYears(db, securityId, history);
}
