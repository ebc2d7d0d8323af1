import { screenerColumnOf, screenerFigures } from '@app/contract';
import type { Insertable } from 'kysely';
import { selectLatestCoinSupply } from '../db/coin-supply.ts';
import type { Db } from '../db/index.ts';
import type { IndicatorMonthsTable } from '../db/schema.ts';
import { addDays } from '../finance/types.ts';
import { indicatorRow } from './screener-row.ts';
import { inputsOn, readUniverseHistory, type SecurityRow, type UniverseHistory } from './universe-as-of.ts';

/*
 * The screener's rows as known at the end of each calendar month (issue 43, ADR 0026), stored in
 * indicator_months so that a backtest reads one indexed month end per rebalance and the screener as of
 * a month end reads rows instead of computing them. A row is made by the screener-as-of-a-day's own
 * function (universe-as-of.ts inputsOn, then the loader's indicatorRow: the catalogue's snapshot), on the
 * inputs of that day: the same figures as on read by construction, and nothing filed or traded after it.
 * Each security's months are walked in ascending order over one read of its history, so statements are
 * rebuilt only at the months with a new filing or split.
 */

/** The last day of `day`'s calendar month. */
export function monthEndOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

export const isMonthEnd = (day: string) => monthEndOf(day) === day;

/** The last month end before `today`: the last one whose day is over (a day's rows are final at its end). */
export const lastMonthEndBefore = (today: string) => addDays(`${today.slice(0, 7)}-01`, -1);

/** The calendar month ends from `from`'s month through `to`, ascending. */
export function monthEndsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let end = monthEndOf(from); end <= to; end = monthEndOf(addDays(end, 1))) out.push(end);
  return out;
}

/** The figure columns a month row keeps: the catalogue's screener columns. */
const FIGURE_COLUMNS = screenerFigures.map((name) => screenerColumnOf(name));

export type IndicatorMonthRow = Insertable<IndicatorMonthsTable>;

/** A month row from the screener row of that day: its figures and the day of its last close. */
function monthRowOf(security: SecurityRow, day: string, row: ReturnType<typeof indicatorRow>): IndicatorMonthRow {
  const out: Record<string, unknown> = { day, security_id: security.id, as_of: row.as_of };
  for (const column of FIGURE_COLUMNS) out[column] = row[column];
  return out as IndicatorMonthRow;
}

/**
 * One security's rows at each of `days` (ascending) from its read history: the screener as of each day
 * (none before its first close). `turn` is awaited between months: a caller on a serving process gives
 * the event loop its turns there; null when `stopping` said so between two months (a shutdown).
 */
export async function securityMonthRows(
  db: Db,
  history: UniverseHistory,
  security: SecurityRow,
  days: readonly string[],
  turn: () => Promise<void> = async () => undefined,
  stopping: () => boolean = () => false,
): Promise<IndicatorMonthRow[] | null> {
  const rows: IndicatorMonthRow[] = [];
  for (const day of days) {
    if (stopping()) return null;
    const supply = security.kind === 'crypto' ? await selectLatestCoinSupply(db, security.id, day) : null;
    const inputs = inputsOn(history, security, day, supply);
    if (inputs) rows.push(monthRowOf(security, day, indicatorRow(security, inputs)));
    await turn();
  }
  return rows;
}

/**
 * Securities whose month rows cannot be read for month ends up to `through`: none written, written from
 * older data than their screener row's (a load touched them since), or not reaching `through`. A security
 * without a screener row is among them (its load has not finished).
 */
export async function staleMonthSecurities(db: Db, through: string, stocksOnly = false): Promise<number[]> {
  const rows = await db
    .selectFrom('securities as s')
    .leftJoin('indicators as i', 'i.security_id', 's.id')
    .leftJoin('indicator_month_sources as m', 'm.security_id', 's.id')
    .select('s.id')
    .$if(stocksOnly, (q) => q.where('s.kind', '=', 'stock'))
    .where((eb) =>
      eb.or([
        eb('m.security_id', 'is', null),
        eb('i.security_id', 'is', null),
        eb('m.source', '<>', eb.ref('i.updated_at')),
        eb('m.through', '<', through),
      ]),
    )
    .orderBy('s.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Securities per read of their histories: one, so that a serving process's read (synchronous on SQLite,
 * tens of milliseconds a company) holds its event loop no longer than that.
 */
const BATCH = 1;
/** Rows per insert statement (30 columns: far below either engine's limit of parameters). */
const ROWS_PER_INSERT = 200;

export interface MonthWriteOptions {
  /** Month ends up to the last one before this day (UTC today by default). */
  today?: string;
  /** Asked between securities: a shutdown keeps what is written. */
  stopping?: () => boolean;
  turn?: () => Promise<void>;
}

/**
 * Writes the month rows of these securities through the last month end before today: only the months
 * after those written when the security's data has not changed since (its screener row's updated_at),
 * else all of them again. Securities without a screener row are left for a later pass. Returns the rows
 * written.
 */
export async function writeIndicatorMonths(
  db: Db,
  ids: readonly number[],
  options: MonthWriteOptions = {},
): Promise<number> {
  const through = lastMonthEndBefore(options.today ?? new Date().toISOString().slice(0, 10));
  let written = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    if (options.stopping?.()) break;
    const batch = ids.slice(start, start + BATCH);
    // The sources first, the data after: rows computed from newer data than their recorded source are
    // only ever computed again, never kept as if they were older data's.
    const [sources, marks] = await Promise.all([
      db.selectFrom('indicators').select(['security_id', 'updated_at']).where('security_id', 'in', batch).execute(),
      db.selectFrom('indicator_month_sources').selectAll().where('security_id', 'in', batch).execute(),
    ]);
    const sourceOf = new Map(sources.map((row) => [row.security_id, row.updated_at]));
    const markOf = new Map(marks.map((row) => [row.security_id, row]));
    const history = await readUniverseHistory(db, false, batch);
    await options.turn?.();
    for (const security of history.securities) {
      const source = sourceOf.get(security.id);
      if (source === undefined) continue;
      const mark = markOf.get(security.id);
      const closes = history.closes.get(security.id);
      const again = !mark || mark.source !== source;
      const from = again ? (closes && closes.length > 0 ? closes.day(0) : null) : addDays(String(mark.through), 1);
      const days = from === null ? [] : monthEndsBetween(from, through);
      const rows = await securityMonthRows(db, history, security, days, options.turn, options.stopping);
      // Stopped: nothing of this security is written, its source stays behind for the next pass.
      if (!rows) break;
      await db.transaction().execute(async (tx) => {
        if (again) await tx.deleteFrom('indicator_months').where('security_id', '=', security.id).execute();
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
          await tx
            .insertInto('indicator_months')
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            // Two instances on one database may write the same security at once: the same rows either way.
            .onConflict((oc) => oc.columns(['day', 'security_id']).doNothing())
            .execute();
        await tx
          .insertInto('indicator_month_sources')
          .values({ security_id: security.id, source, through })
          .onConflict((oc) => oc.column('security_id').doUpdateSet({ source, through }))
          .execute();
      });
      written += rows.length;
      // The statements of this security are not needed again: memory stays that of one batch.
      for (const slot of history.lastStatements.keys())
        if (slot.startsWith(`${security.id}|`)) history.lastStatements.delete(slot);
    }
  }
  return written;
}
