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

/** Amounts as the chunks store them (statement matrices, price bars): float64, little-endian, 8 bytes each. */
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

/** Day numbers as the chunks store them (a statement's filing days): int32, little-endian, 4 bytes each. */
export function packDayNumbers(values: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) out.writeInt32LE(values[i] as number, i * 4);
  return out;
}

/** Stored day numbers: a view of the bytes where they are aligned, else a copy. */
export function unpackDayNumbers(packed: Uint8Array): Int32Array {
  const n = packed.byteLength >> 2;
  if (LITTLE_ENDIAN && packed.byteOffset % 4 === 0) return new Int32Array(packed.buffer, packed.byteOffset, n);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getInt32(i * 4, true);
  return out;
}
