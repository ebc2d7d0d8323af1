import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issue 31: a year chunk (price_years) carries the day's raw bars beside its closes: `bars`, float64
 * little-endian, column-major (every open, then high, low, close, volume; NaN where the source gave none),
 * so a 20-year OHLCV chart reads 21 rows instead of 5,000 (bench:api, section "layouts"). Chunks written
 * before this have none: the repair at start writes them again from daily_prices (ingest/repair.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function priceBarsMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      const binary = engine === 'sqlite' ? sql`blob` : sql`bytea`;
      await db.schema.alterTable('price_years').addColumn('bars', binary).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('price_years').dropColumn('bars').execute();
    },
  };
}
