import type { Kysely, Transaction } from 'kysely';
import type { FinancialFactsTable, Period, Schema } from './schema.ts';
import { upsertRows } from './upsert.ts';

/*
 * Series tables (ADR 0008): the read-side copy of the two long tables, one row per series chunk
 * instead of one row per value.
 *   price_years: a security's closes of one calendar year (about 250 days, or 365 for a coin);
 *   fact_statements: every line item of a security for one kind of period, as a matrix of items by
 *   period ends (about 30 x 20 annual, 30 x 80 quarterly).
 * A 10-year chart reads 11 rows instead of 2,500 and a five-company income statement 5 instead of
 * 1,300; per-row cost, not bytes, is what SQLite and the driver spend their time on (migration 007
 * went from one row per line item, 75 for that statement, to one per security: 0.6 -> 0.05 ms).
 *
 * The chunks are portable to both engines:
 *   days and period ends: fixed-width YYYY-MM-DD, concatenated;
 *   closes: comma-joined JavaScript shortest round-trip forms (String(n)), so Number(text) gives the
 *   stored double back bit for bit;
 *   chart points: the year's points as the price chart writes them, UTF-8 JSON with those close texts
 *   (migration 008): a chart is the stored bytes of its years, cut inside the first and the last;
 *   statement amounts: float64 little-endian bytes (a BLOB, bytea in PostgreSQL). They are computed
 *   with, never passed through, and parsing 1,500 numbers from text per statement call was a tenth of
 *   its CPU (migration 005 changed them from text).
 * daily_prices and financial_facts stay the source of truth; ingest/store.ts rewrites the chunks a
 * write touches in the same transaction, and migrations 007 and 008 built them for existing data.
 */
type AnyDb = Kysely<Schema> | Transaction<Schema>;

/** Width of a day in a chunk, and the placeholder of a missing one (an instant has no period start). */
export const SERIES_DAY = 10;
export const NO_DAY = '----------';
const DAY = SERIES_DAY;

export interface PricePoint {
  day: string;
  closeSplitAdj: number;
  closeAdj: number;
}

export type PriceYearRow = Schema['price_years'];

/** One calendar year of one security's closes, ordered by day. */
export function packPriceYear(securityId: number, points: readonly PricePoint[]): PriceYearRow {
  const first = points[0];
  if (!first) throw new Error('packPriceYear: no points');
  const year = Number(first.day.slice(0, 4));
  let days = '';
  let chart = '';
  const split: string[] = [];
  const adj: string[] = [];
  for (const p of points) {
    if (p.day.length !== DAY || Number(p.day.slice(0, 4)) !== year) throw new Error(`packPriceYear: day ${p.day}`);
    const close = String(p.closeSplitAdj);
    chart += `${days ? ',' : ''}${CHART_POINT}${p.day}","close":${close}}`;
    days += p.day;
    split.push(close);
    adj.push(String(p.closeAdj));
  }
  return {
    security_id: securityId,
    year,
    days,
    close_split_adj: split.join(','),
    close_adj: adj.join(','),
    chart_points: Buffer.from(chart),
  };
}

/** How every point of chart_points starts; the day follows. */
const CHART_POINT = '{"day":"';

export type CloseColumn = 'close_split_adj' | 'close_adj';

/** Days and closes of one security, closes as their stored text (Number(text) is the value). */
export interface CloseSeries {
  days: string[];
  closes: string[];
}

/**
 * The closes of each security in [from, to] (either end open), from its year chunks. Securities
 * without prices are absent from the map.
 */
export async function readCloseSeries(
  db: AnyDb,
  ids: readonly number[],
  range: { from?: string | undefined; to?: string | undefined },
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

/**
 * The price chart's points of each security in [from, to] (either end open), as pieces of its JSON
 * text: the stored chart_points of the years inside the range as they are, the first and last year's
 * cut at a point's start (found by its day). Securities without prices in the range are absent.
 */
export async function readChartPoints(
  db: AnyDb,
  ids: readonly number[],
  range: { from?: string | undefined; to?: string | undefined },
): Promise<Map<number, Buffer[]>> {
  const out = new Map<number, Buffer[]>();
  if (ids.length === 0) return out;
  let query = db
    .selectFrom('price_years')
    .select(['security_id', 'days', 'chart_points'])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('year', '>=', Number(range.from.slice(0, 4)));
  if (range.to) query = query.where('year', '<=', Number(range.to.slice(0, 4)));
  const rows = await query.orderBy('security_id').orderBy('year').execute();
  for (const row of rows) {
    const piece = chartPointsIn(row.days, row.chart_points, range.from, range.to);
    if (!piece) continue;
    const pieces = out.get(row.security_id);
    if (pieces) pieces.push(piece);
    else out.set(row.security_id, [piece]);
  }
  return out;
}

/** The part of one year's chart_points whose days are in [from, to], or undefined when none are. */
function chartPointsIn(days: string, points: Buffer, from?: string, to?: string): Buffer | undefined {
  const n = days.length / DAY;
  const first = from ? daysBefore(days, n, from, false) : 0;
  const end = to ? daysBefore(days, n, to, true) : n;
  if (first >= end) return undefined;
  if (first === 0 && end === n) return points;
  const start = first === 0 ? 0 : pointAt(points, days, first);
  // The point after the last one kept starts right after the comma that ends the piece.
  const stop = end === n ? points.length : pointAt(points, days, end) - 1;
  return points.subarray(start, stop);
}

function pointAt(points: Buffer, days: string, i: number): number {
  const at = points.indexOf(`${CHART_POINT}${days.slice(i * DAY, i * DAY + DAY)}"`);
  if (at < 0) throw new Error(`chart_points lacks day ${days.slice(i * DAY, i * DAY + DAY)}`);
  return at;
}

/** How many of a chunk's n sorted days come before `day` (or up to it, with `through`). */
function daysBefore(days: string, n: number, day: string, through: boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = days.slice(mid * DAY, mid * DAY + DAY);
    if (at < day || (through && at === day)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function appendYear(series: CloseSeries, days: string, closes: string, from?: string, to?: string): void {
  const values = closes.split(',');
  const n = days.length / DAY;
  for (let i = 0; i < n; i++) {
    const day = days.slice(i * DAY, i * DAY + DAY);
    if ((from && day < from) || (to && day > to)) continue;
    series.days.push(day);
    series.closes.push(values[i] as string);
  }
}

const PRICE_YEAR_VALUES = ['days', 'close_split_adj', 'close_adj', 'chart_points'] as const;

/** Rewrites the year chunks of `years` (all by default) from the security's whole (merged, adjusted) history. */
export async function writePriceYears(
  tx: AnyDb,
  securityId: number,
  history: readonly PricePoint[],
  years?: ReadonlySet<number>,
): Promise<void> {
  const byYear = groupBy(history, (p) => Number(p.day.slice(0, 4)), years);
  const rows = [...byYear.values()].map((points) => packPriceYear(securityId, points));
  await upsertRows(tx, 'price_years', rows, ['security_id', 'year'], PRICE_YEAR_VALUES);
}

/** A stored fact as the series keep it: the financial_facts columns the read side uses. */
export type SeriesFact = Pick<
  FinancialFactsTable,
  | 'line_item'
  | 'period'
  | 'period_start'
  | 'period_end'
  | 'fiscal_year'
  | 'fiscal_period'
  | 'value'
  | 'unit'
  | 'accession'
  | 'derived'
>;

export type FactStatementRow = Schema['fact_statements'];

/** Statement amounts as stored: float64, little-endian, 8 bytes each. */
export function packAmounts(values: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(values.length * 8);
  for (let i = 0; i < values.length; i++) out.writeDoubleLE(values[i] as number, i * 8);
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** Stored amounts as numbers: a view of the bytes where they are aligned (the usual case), else a copy. */
export function unpackAmounts(packed: Uint8Array): Float64Array {
  const n = packed.byteLength >> 3;
  if (LITTLE_ENDIAN && packed.byteOffset % 8 === 0) return new Float64Array(packed.buffer, packed.byteOffset, n);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}

/** A cell of the derived matrix: the item has no fact for the period. */
export const NO_FACT = '-';

/**
 * Every line item of one security for one kind of period as one row: a matrix of items (sorted by name)
 * by periods (the union of their period ends, ascending). A period's fiscal year, start and label are
 * decided here, once, from its facts in item order: the fiscal year of the first item that has the
 * period, the first start given (instants have none), the first quarter label over FY.
 */
export function packFactStatement(securityId: number, facts: readonly SeriesFact[]): FactStatementRow {
  const first = facts[0];
  if (!first) throw new Error('packFactStatement: no facts');
  for (const f of facts) {
    if (f.period !== first.period) throw new Error('packFactStatement: mixed periods');
    if (f.period_end.length !== DAY || (f.period_start !== null && f.period_start.length !== DAY))
      throw new Error(`packFactStatement: period ${f.period_start} - ${f.period_end}`);
    if (f.line_item.includes(',')) throw new Error(`packFactStatement: line item ${f.line_item}`);
  }
  const items = [...new Set(facts.map((f) => f.line_item))].sort(byText);
  const ends = [...new Set(facts.map((f) => f.period_end))].sort(byText);
  const itemAt = new Map(items.map((item, k) => [item, k]));
  const endAt = new Map(ends.map((end, i) => [end, i]));
  const n = ends.length;
  const years: (number | undefined)[] = new Array(n).fill(undefined);
  const starts: (string | null)[] = new Array(n).fill(null);
  const labels: string[] = new Array(n).fill('FY');
  const amounts = new Float64Array(items.length * n);
  const derived: string[] = new Array(items.length * n).fill(NO_FACT);
  const accessions: (string | null)[][] = items.map(() => new Array(n).fill(null));
  const sorted = [...facts].sort((a, b) => byText(a.line_item, b.line_item) || byText(a.period_end, b.period_end));
  for (const f of sorted) {
    const k = itemAt.get(f.line_item) as number;
    const i = endAt.get(f.period_end) as number;
    if (derived[k * n + i] !== NO_FACT)
      throw new Error(`packFactStatement: two facts of ${f.line_item} ${f.period_end}`);
    years[i] ??= f.fiscal_year;
    starts[i] ??= f.period_start;
    if (labels[i] === 'FY' && f.fiscal_period.startsWith('Q')) labels[i] = f.fiscal_period;
    amounts[k * n + i] = f.value;
    derived[k * n + i] = f.derived ? '1' : '0';
    (accessions[k] as (string | null)[])[i] = f.accession;
  }
  // Most statements outside SEC data have no filings at all: nothing to parse when read.
  const lines = accessions.map((list) => (list.some(Boolean) ? JSON.stringify(list) : ''));
  const currency = statementCurrency(facts);
  return {
    security_id: securityId,
    period: first.period,
    period_ends: ends.join(''),
    period_starts: starts.map((start) => start ?? NO_DAY).join(''),
    fiscal_years: years.join(','),
    fiscal_periods: labels.join(''),
    line_items: items.join(','),
    amounts: packAmounts(amounts),
    accessions: lines.some(Boolean) ? lines.join('\n') : '',
    derived: derived.join(''),
    currency,
  };
}

/**
 * The currency of a statement's amounts: the ISO code its money facts carry (USD, EUR; per-share
 * units are EUR/shares). The parser keeps one reporting currency per company; should a statement
 * still hold two, the one of most facts. '' when it has no money facts at all.
 */
export function statementCurrency(facts: readonly Pick<SeriesFact, 'unit'>[]): string {
  const counts = new Map<string, number>();
  for (const f of facts) {
    const code = /^([A-Z]{3})(\/shares)?$/.exec(f.unit)?.[1];
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best = '';
  for (const [code, n] of counts) if (n > (counts.get(best) ?? 0)) best = code;
  return best;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The columns of a fact_statements row besides its key (security_id, period): what is written and read. */
export const FACT_STATEMENT_COLUMNS = [
  'period_ends',
  'period_starts',
  'fiscal_years',
  'fiscal_periods',
  'line_items',
  'amounts',
  'accessions',
  'derived',
  'currency',
] as const;

/** Rewrites the statements of `periods` (both kinds by default) from every stored fact of the security. */
export async function writeFactStatements(
  tx: AnyDb,
  securityId: number,
  facts: readonly SeriesFact[],
  periods?: ReadonlySet<Period>,
): Promise<void> {
  const groups = groupBy(facts, (f) => f.period, periods);
  const rows = [...groups.values()].map((list) => packFactStatement(securityId, list));
  await upsertRows(tx, 'fact_statements', rows, ['security_id', 'period'], FACT_STATEMENT_COLUMNS);
}

/** Items grouped by key in first-seen order, keeping only the keys in `only` when it is given. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K, only?: ReadonlySet<K>): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (only && !only.has(key)) continue;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Builds every chunk of one security from its rows in daily_prices and financial_facts: what the
 * consistency check compares against. Migrations 008 (prices) and 007 (statements) each run one half for data stored before them.
 */
export async function rebuildSeries(db: AnyDb, securityId: number): Promise<void> {
  await rebuildPriceYears(db, securityId);
  await rebuildFactStatements(db, securityId);
}

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

export async function rebuildFactStatements(db: AnyDb, securityId: number): Promise<void> {
  const facts = await db
    .selectFrom('financial_facts')
    .select([
      'line_item',
      'period',
      'period_start',
      'period_end',
      'fiscal_year',
      'fiscal_period',
      'value',
      'unit',
      'accession',
      'derived',
    ])
    .where('security_id', '=', securityId)
    .execute();
  await writeFactStatements(db, securityId, facts);
}
