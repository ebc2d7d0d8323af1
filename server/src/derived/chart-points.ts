import { sql } from 'kysely';
import type { Range } from '../finance/types.ts';
import type { JsonBytes } from '../http/json-text.ts';
import { type AnyDb, daysBefore, SERIES_DAY } from './chunk-layout.ts';
import { derivedCodeVersion } from './code-version.ts';

/*
 * price_years.chart_points (migration 008, ADR 0009): each year's points exactly as the price chart
 * writes them, UTF-8: `{"day":"2020-01-02","close":<the close_split_adj text>}` comma-joined. A chart
 * is the bytes of the years inside its range as they are, the first and last year cut at a point's
 * start (its day found by binary search in `days`, then its `{"day":"YYYY-MM-DD"` in the bytes), joined
 * into one buffer that goes out without a serialiser, a length scan or an encoding (ADR 0015, part 3).
 *
 * The bytes are made here only (chartPointsOfYear), from the year's days and close texts: by the loader
 * (price-years.ts packPriceYear), by a read of a year whose bytes were written by other code, and by the
 * rebuild at start. A row's chart_version says which code wrote them (ADR 0016).
 */

/**
 * The version of the code that makes the bytes: a hash of this module's source and of what it takes
 * values from (code-version.ts). A change here gives another version: the years of another version are
 * answered from their closes (the same bytes) until the server has rewritten them (rebuildChartPoints).
 */
export const CHART_POINTS_VERSION = derivedCodeVersion('chart-points.ts');

/** How every point of chart_points starts; the day follows. */
const CHART_POINT = '{"day":"';

/**
 * One year's chart_points from its days (YYYY-MM-DD concatenated) and its close_split_adj texts
 * (comma-joined, one per day): each point the day and the close's stored text as its JSON number.
 */
export function chartPointsOfYear(days: string, closes: string): Buffer {
  const n = days.length / SERIES_DAY;
  if (n === 0) return Buffer.alloc(0);
  const texts = closes.split(',');
  if (texts.length !== n) throw new Error(`chart points: ${n} days but ${texts.length} closes`);
  const points = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    points[i] = `${CHART_POINT}${days.slice(i * SERIES_DAY, i * SERIES_DAY + SERIES_DAY)}","close":${texts[i]}}`;
  }
  return Buffer.from(points.join(','));
}

/**
 * The price chart's points of each security in the range, as pieces of its JSON text: the stored
 * chart_points of the years inside the range as they are, the first and last year's cut at a point's
 * start. Securities without prices in the range are absent.
 */
export async function readChartPoints(db: AnyDb, ids: readonly number[], range: Range): Promise<Map<number, Buffer[]>> {
  const out = new Map<number, Buffer[]>();
  if (ids.length === 0) return out;
  // A current year reads its bytes only; one written by other code reads its closes instead.
  let query = db
    .selectFrom('price_years')
    .select([
      'security_id',
      'days',
      sql<Buffer | null>`case when chart_version = ${CHART_POINTS_VERSION} then chart_points end`.as('points'),
      sql<string | null>`case when chart_version <> ${CHART_POINTS_VERSION} then close_split_adj end`.as('closes'),
    ])
    .where('security_id', 'in', ids);
  if (range.from) query = query.where('year', '>=', Number(range.from.slice(0, 4)));
  if (range.to) query = query.where('year', '<=', Number(range.to.slice(0, 4)));
  const rows = await query.orderBy('security_id').orderBy('year').execute();
  for (const row of rows) {
    const points = row.points ?? chartPointsOfYear(row.days, row.closes ?? '');
    const piece = chartPointsIn(row.days, points, range.from, range.to);
    if (!piece) continue;
    const pieces = out.get(row.security_id);
    if (pieces) pieces.push(piece);
    else out.set(row.security_id, [piece]);
  }
  return out;
}

/** The part of one year's chart_points whose days are in [from, to], or undefined when none are. */
function chartPointsIn(days: string, points: Buffer, from?: string, to?: string): Buffer | undefined {
  const n = days.length / SERIES_DAY;
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
  const day = days.slice(i * SERIES_DAY, i * SERIES_DAY + SERIES_DAY);
  const at = points.indexOf(`${CHART_POINT}${day}"`);
  if (at < 0) throw new Error(`chart_points lacks day ${day}`);
  return at;
}

/**
 * The price chart's answer, `{"series":[{"ticker","name","currency","points":[...]}]}`, as one buffer
 * of the stored pieces: the same bytes JSON.stringify gives for the same response (tested).
 */
export function priceChartBody(
  securities: readonly { id: number; ticker: string; name: string; currency: string }[],
  points: ReadonlyMap<number, readonly Buffer[]>,
): JsonBytes {
  const parts: Buffer[] = [OPEN];
  securities.forEach((s, k) => {
    const head = `${k ? ',' : ''}{"ticker":${JSON.stringify(s.ticker)},"name":${JSON.stringify(s.name)},"currency":${JSON.stringify(s.currency)},"points":[`;
    parts.push(Buffer.from(head));
    (points.get(s.id) ?? []).forEach((piece, i) => {
      if (i) parts.push(COMMA);
      parts.push(piece);
    });
    parts.push(CLOSE);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts) as JsonBytes;
}

const OPEN = Buffer.from('{"series":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/** Securities with a year whose chart points were written by code of another version. */
export async function staleChartPoints(db: AnyDb): Promise<number[]> {
  // SQLite reads the index on chart_version only (migration 013), not the rows, when neither DISTINCT nor
  // ORDER BY asks for the key's order (it would then scan the table, every chart's bytes included).
  const rows = await db
    .selectFrom('price_years')
    .select('security_id')
    .where('chart_version', '<>', CHART_POINTS_VERSION)
    .execute();
  return [...new Set(rows.map((row) => row.security_id))].sort((a, b) => a - b);
}
