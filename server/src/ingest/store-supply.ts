import type { Transaction } from 'kysely';
import type { CoinSupplyTable, Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import type { CoinSupplyDay } from './types.ts';

/*
 * A coin's market cap and supply per day (coin_supply, migration 012), merged like prices: what the
 * source sent for a day replaces the stored value, what it left out (a total or maximum supply that only
 * the day of a coin answer has) stays. Only rows that differ are written, so a second identical run
 * writes nothing.
 */

const same = (a: number | null, b: number | null) =>
  a == null || b == null ? a === b : a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

const COLUMNS = ['market_cap', 'circulating_supply', 'total_supply', 'max_supply'] as const;

/** Writes the days that change; returns how many rows were written. */
export async function writeCoinSupply(
  tx: Transaction<Schema>,
  securityId: number,
  days: readonly CoinSupplyDay[],
): Promise<number> {
  if (days.length === 0) return 0;
  const sent = [...new Map(days.map((d) => [d.day, d])).values()];
  const stored = await tx.selectFrom('coin_supply').selectAll().where('security_id', '=', securityId).execute();
  const byDay = new Map(stored.map((row) => [row.day, row]));
  const rows: CoinSupplyTable[] = [];
  for (const d of sent) {
    const old = byDay.get(d.day);
    const row: CoinSupplyTable = {
      security_id: securityId,
      day: d.day,
      market_cap: d.marketCap ?? old?.market_cap ?? null,
      circulating_supply: d.circulating ?? old?.circulating_supply ?? null,
      total_supply: d.total ?? old?.total_supply ?? null,
      max_supply: d.max ?? old?.max_supply ?? null,
    };
    if (COLUMNS.every((c) => row[c] === null)) continue;
    if (old && COLUMNS.every((c) => same(old[c], row[c]))) continue;
    rows.push(row);
  }
  await upsertRows(tx, 'coin_supply', rows, ['security_id', 'day'], COLUMNS);
  return rows.length;
}
