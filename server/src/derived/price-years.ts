import { sql } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import { CloseHistory, ColumnCloses } from '../finance/close-history.ts';
import { dayNumber, dayNumberAt, type Range } from '../finance/types.ts';
import { type AnyDb, daysBefore, groupBy, packAmounts, SERIES_DAY, unpackAmounts } from './chunk-layout.ts';

/*
 * price_years (ADR 0008): a security's closes of one calendar year (about 250 days, or 365 for a coin)
 * as one row, so a 10-year chart reads 11 rows instead of 2,500. Closes are comma-joined JavaScript
 * shortest round-trip forms (String(n)): Number(text) gives the stored double back bit for bit.
 * daily_prices stays the source of truth; the loader (ingest/store.ts) rewrites the years a write
 * touches in the same transaction.
 */

/** One day's closes as the loader computed them (split-adjusted, and total return). */
export interface DayCloses {
  day: string;
  closeSplitAdj: number;
  closeAdj: number;
}

/** One day as the loader stored it: its raw bar (null where the source gave none) and its closes. */
export interface DayBar extends DayCloses {
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
}

export type PriceYearRow = Schema['price_years'];

/** The raw values of a bar, in the order `bars` stores them (column-major). */
const BAR_VALUES = ['open', 'high', 'low', 'close', 'volume'] as const;

/** One calendar year of one security's days, ordered by day. */
export function packPriceYear(securityId: number, points: readonly DayBar[]): PriceYearRow {
  const first = points[0];
  if (!first) throw new Error('packPriceYear: no points');
  const year = Number(first.day.slice(0, 4));
  const n = points.length;
  let days = '';
  const split: string[] = [];
  const adj: string[] = [];
  const bars = new Float64Array(BAR_VALUES.length * n);
  points.forEach((p, i) => {
    if (p.day.length !== SERIES_DAY || Number(p.day.slice(0, 4)) !== year)
      throw new Error(`packPriceYear: day ${p.day}`);
    days += p.day;
    split.push(String(p.closeSplitAdj));
    adj.push(String(p.closeAdj));
    BAR_VALUES.forEach((name, k) => {
      bars[k * n + i] = p[name] ?? Number.NaN;
    });
  });
  return {
    security_id: securityId,
    year,
    days,
    close_split_adj: split.join(','),
    close_adj: adj.join(','),
    bars: packAmounts(bars),
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
  for (const row of await yearRows(db, ids, range, column)) {
    let series = out.get(row.security_id);
    if (!series) {
      series = { days: [], closes: [] };
      out.set(row.security_id, series);
    }
    appendYear(series, row.days, row.closes, range.from, range.to);
  }
  return out;
}

/**
 * The year chunks of the securities over the years of a range, with one close column (as `closes`),
 * ordered by security and year. No securities, no query.
 */
async function yearRows(
  db: AnyDb,
  ids: readonly number[],
  range: Range,
  column: CloseColumn,
): Promise<{ security_id: number; days: string; closes: string }[]> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('price_years')
    .select(['security_id', 'days', sql<string>`${sql.ref(column)}`.as('closes')])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('year', '>=', Number(range.from.slice(0, 4)));
  if (range.to) query = query.where('year', '<=', Number(range.to.slice(0, 4)));
  return query.orderBy('security_id').orderBy('year').execute();
}

/** The closes of each security in the range as one column with its days (ColumnCloses); no prices, no entry. */
export async function readCloseColumn(
  db: AnyDb,
  ids: readonly number[],
  range: Range,
  column: CloseColumn,
): Promise<Map<number, ColumnCloses>> {
  const out = new Map<number, ColumnCloses>();
  const rows = await yearRows(db, ids, range, column);
  const from = range.from ? dayNumber(range.from) : Number.NEGATIVE_INFINITY;
  const to = range.to ? dayNumber(range.to) : Number.POSITIVE_INFINITY;
  let start = 0;
  while (start < rows.length) {
    const id = (rows[start] as (typeof rows)[number]).security_id;
    const packed: string[] = [];
    const closes: number[] = [];
    for (; start < rows.length && (rows[start] as (typeof rows)[number]).security_id === id; start++) {
      const { days, closes: text } = rows[start] as (typeof rows)[number];
      // A year's days are ascending: the range keeps one run of them.
      const n = days.length / SERIES_DAY;
      let first = 0;
      let last = n - 1;
      while (first < n && dayNumberAt(days, first * SERIES_DAY) < from) first++;
      while (last >= first && dayNumberAt(days, last * SERIES_DAY) > to) last--;
      if (first > last) continue;
      const values = text.split(',');
      for (let i = first; i <= last; i++) closes.push(Number(values[i]));
      packed.push(days.slice(first * SERIES_DAY, (last + 1) * SERIES_DAY));
    }
    if (closes.length > 0) out.set(id, new ColumnCloses(packed.join(''), Float64Array.from(closes)));
  }
  return out;
}

/**
 * Every close of each security, both columns from one read of its year chunks, as columns (the metric
 * catalogue's input, finance/close-history.ts CloseHistory: a whole history is about 5,000 days), or of
 * the years asked for. Securities without prices are absent from the map.
 */
export async function readBothCloses(
  db: AnyDb,
  ids: readonly number[],
  years?: { from: number; to: number },
): Promise<Map<number, CloseHistory>> {
  const out = new Map<number, CloseHistory>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('price_years')
    .select(['security_id', 'days', 'close_split_adj', 'close_adj'])
    .where('security_id', 'in', ids)
    .$if(years !== undefined, (q) =>
      q.where('year', '>=', years?.from as number).where('year', '<=', years?.to as number),
    )
    .orderBy('security_id')
    .orderBy('year')
    .execute();
  let start = 0;
  while (start < rows.length) {
    const id = (rows[start] as (typeof rows)[number]).security_id;
    let end = start;
    let days = 0;
    while (end < rows.length && (rows[end] as (typeof rows)[number]).security_id === id) {
      days += ((rows[end] as (typeof rows)[number]).days as string).length / SERIES_DAY;
      end++;
    }
    const split = new Float64Array(days);
    const adjusted = new Float64Array(days);
    const packed: string[] = [];
    let at = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r] as (typeof rows)[number];
      const n = (row.days as string).length / SERIES_DAY;
      const splitText = (row.close_split_adj as string).split(',');
      const adjustedText = (row.close_adj as string).split(',');
      for (let i = 0; i < n; i++) {
        split[at + i] = Number(splitText[i]);
        adjusted[at + i] = Number(adjustedText[i]);
      }
      packed.push(row.days as string);
      at += n;
    }
    out.set(id, new CloseHistory(packed.join(''), split, adjusted));
    start = end;
  }
  return out;
}

/**
 * A security's days of a range as columns: the raw bars (NaN where the source gave none) and both closes.
 * What the OHLCV chart reads: 20 years are 21 rows, made numbers without a row object per day.
 */
export interface PriceBars {
  days: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  closeSplitAdj: number[];
  closeAdj: number[];
}

/**
 * The bars of each security in the range, from its year chunks. Securities without prices are absent; a
 * chunk without bars (written before migration 021, until the repair at start writes it again) is an error
 * rather than a chart with holes.
 */
export async function readPriceBars(db: AnyDb, ids: readonly number[], range: Range): Promise<Map<number, PriceBars>> {
  const out = new Map<number, PriceBars>();
  if (ids.length === 0) return out;
  let query = db
    .selectFrom('price_years')
    .select(['security_id', 'year', 'days', 'close_split_adj', 'close_adj', 'bars'])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('year', '>=', Number(range.from.slice(0, 4)));
  if (range.to) query = query.where('year', '<=', Number(range.to.slice(0, 4)));
  const rows = await query.orderBy('security_id').orderBy('year').execute();
  for (const row of rows) {
    if (!row.bars)
      throw new Error(`price_years ${row.security_id}/${row.year} has no bars: the repair at start writes them`);
    let series = out.get(row.security_id);
    if (!series) {
      series = { days: [], open: [], high: [], low: [], close: [], volume: [], closeSplitAdj: [], closeAdj: [] };
      out.set(row.security_id, series);
    }
    const n = row.days.length / SERIES_DAY;
    const bars = unpackAmounts(row.bars);
    const split = row.close_split_adj.split(',');
    const adjusted = row.close_adj.split(',');
    for (let i = 0; i < n; i++) {
      const day = row.days.slice(i * SERIES_DAY, i * SERIES_DAY + SERIES_DAY);
      if ((range.from && day < range.from) || (range.to && day > range.to)) continue;
      series.days.push(day);
      series.open.push(bars[i] as number);
      series.high.push(bars[n + i] as number);
      series.low.push(bars[2 * n + i] as number);
      series.close.push(bars[3 * n + i] as number);
      series.volume.push(bars[4 * n + i] as number);
      series.closeSplitAdj.push(Number(split[i]));
      series.closeAdj.push(Number(adjusted[i]));
    }
  }
  return out;
}

/**
 * Each security's volume on one day of its own (its screener row's as-of day), from the year chunks' bars
 * as readPriceBars reads them, without parsing a year's closes: the market lists read it for every
 * security. Null where the source gave no volume or the security has no bar that day.
 */
export async function readVolumesOn(
  db: AnyDb,
  dayOf: ReadonlyMap<number, string>,
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  if (dayOf.size === 0) return out;
  const years = [...new Set([...dayOf.values()].map((day) => Number(day.slice(0, 4))))];
  const rows = await db
    .selectFrom('price_years')
    .select(['security_id', 'year', 'days', 'bars'])
    .where('security_id', 'in', [...dayOf.keys()])
    .where('year', 'in', years)
    .execute();
  for (const row of rows) {
    const day = dayOf.get(row.security_id) as string;
    if (row.year !== Number(day.slice(0, 4))) continue;
    if (!row.bars)
      throw new Error(`price_years ${row.security_id}/${row.year} has no bars: the repair at start writes them`);
    const n = row.days.length / SERIES_DAY;
    const i = daysBefore(row.days, n, day, false);
    if (i === n || row.days.slice(i * SERIES_DAY, i * SERIES_DAY + SERIES_DAY) !== day) continue;
    const volume = unpackAmounts(row.bars)[4 * n + i] as number;
    out.set(row.security_id, Number.isNaN(volume) ? null : volume);
  }
  return out;
}

/** A security's last close of each month, months ('YYYY-MM') ascending. */
export interface MonthEnds {
  months: string[];
  closes: number[];
}

const MONTH = 7;

/** The price_months row of one security: its month ends packed as the table keeps them. */
export function packPriceMonths(securityId: number, ends: MonthEnds): Schema['price_months'] {
  return { security_id: securityId, months: ends.months.join(''), close_adj: ends.closes.map(String).join(',') };
}

/** The last total-return close of each month of a (day-ordered) history. */
export function monthEndsOfHistory(history: readonly DayCloses[]): MonthEnds {
  const ends: MonthEnds = { months: [], closes: [] };
  for (const point of history) {
    const month = point.day.slice(0, MONTH);
    if (ends.months.at(-1) === month) ends.closes[ends.closes.length - 1] = point.closeAdj;
    else {
      ends.months.push(month);
      ends.closes.push(point.closeAdj);
    }
  }
  return ends;
}

/**
 * The month ends of a security's price_years rows (in year order): the day texts are compared in place
 * and only a month's last close text is parsed (migration 014 fills price_months with it).
 */
export function monthEndsOfYears(years: readonly { days: string; close_adj: string }[]): MonthEnds {
  const ends: MonthEnds = { months: [], closes: [] };
  for (const { days, close_adj: closes } of years) {
    const n = days.length / SERIES_DAY;
    let start = 0; // where day i's close text starts in `closes`
    for (let i = 0; i < n; i++) {
      const comma = closes.indexOf(',', start);
      const end = comma < 0 ? closes.length : comma;
      const at = i * SERIES_DAY;
      const next = at + SERIES_DAY;
      const last =
        i === n - 1 ||
        days.charCodeAt(at + 5) !== days.charCodeAt(next + 5) ||
        days.charCodeAt(at + 6) !== days.charCodeAt(next + 6);
      if (last) {
        ends.months.push(days.slice(at, at + MONTH));
        ends.closes.push(Number(closes.slice(start, end)));
      }
      start = end + 1;
    }
  }
  return ends;
}

/**
 * The month ends of each security from `fromMonth` ('YYYY-MM') on, from price_months: one row per
 * security (the beta's universe index reads every stock's; bench/api.ts, "first call"). Securities
 * without prices are absent.
 */
export async function readMonthEnds(
  db: AnyDb,
  ids: readonly number[],
  fromMonth: string,
): Promise<Map<number, MonthEnds>> {
  const out = new Map<number, MonthEnds>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('price_months')
    .select(['security_id', 'months', 'close_adj'])
    .where('security_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const n = row.months.length / MONTH;
    let first = 0;
    while (first < n && row.months.slice(first * MONTH, first * MONTH + MONTH) < fromMonth) first++;
    const months: string[] = [];
    for (let i = first; i < n; i++) months.push(row.months.slice(i * MONTH, i * MONTH + MONTH));
    const closes = row.close_adj.split(',').slice(first).map(Number);
    out.set(row.security_id, { months, closes });
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

const PRICE_YEAR_VALUES = ['days', 'close_split_adj', 'close_adj', 'bars'] as const;

/**
 * Rewrites the year chunks of `years` (all by default) from the security's whole (merged, adjusted)
 * history, and its month ends (price_months).
 */
export async function writePriceYears(
  tx: AnyDb,
  securityId: number,
  history: readonly DayBar[],
  years?: ReadonlySet<number>,
): Promise<void> {
  const byYear = groupBy(history, (p) => Number(p.day.slice(0, 4)), years);
  const rows = [...byYear.values()].map((points) => packPriceYear(securityId, points));
  await upsertRows(tx, 'price_years', rows, ['security_id', 'year'], PRICE_YEAR_VALUES);
  // The month ends come from the whole history: a dividend moves every close_adj before it.
  if (history.length === 0) return;
  await upsertRows(
    tx,
    'price_months',
    [packPriceMonths(securityId, monthEndsOfHistory(history))],
    ['security_id'],
    ['months', 'close_adj'],
  );
}

/**
 * Every year chunk of one security again from its rows in daily_prices: what the consistency check
 * compares against, and what migration 008 ran for data stored before it.
 */
export async function rebuildPriceYears(db: AnyDb, securityId: number): Promise<void> {
  const prices = await db
    .selectFrom('daily_prices')
    .select(['day', 'open', 'high', 'low', 'close', 'volume', 'close_split_adj', 'close_adj'])
    .where('security_id', '=', securityId)
    .orderBy('day')
    .execute();
  const history = prices.map((p) => ({ ...p, closeSplitAdj: p.close_split_adj, closeAdj: p.close_adj }));
  await writePriceYears(db, securityId, history);
}
