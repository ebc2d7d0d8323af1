import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../db/schema.ts';

/*
 * What the chunked read-side tables (ADR 0008) share: days are fixed-width YYYY-MM-DD concatenated, so
 * a chunk's i-th day is a slice, and a missing day (an instant has no period start) is a placeholder of
 * the same width. Both engines store them the same way, and SQL tools can read them.
 */
export type AnyDb = Kysely<Schema> | Transaction<Schema>;

/** Width of a day in a chunk. */
export const SERIES_DAY = 10;
/** The placeholder of a missing day. */
export const NO_DAY = '----------';

/** Items grouped by key in first-seen order, keeping only the keys in `only` when it is given. */
export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K, only?: ReadonlySet<K>): Map<K, T[]> {
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

/** How many of a chunk's n sorted days come before `day` (or up to it, with `through`). */
export function daysBefore(days: string, n: number, day: string, through: boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = days.slice(mid * SERIES_DAY, mid * SERIES_DAY + SERIES_DAY);
    if (at < day || (through && at === day)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
