import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issue 22: a coin's market capitalisation and supply per UTC day (coin_supply). CoinGecko's
 * market_chart gives the market cap of each day (circulating supply = market cap / price), its coin
 * answer today's circulating, total and maximum supply; the demo generator makes all of them. Long and
 * narrow like daily_prices, clustered on (security, day) in SQLite.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function coinSupplyMigration(engine: Engine) {
  const day = engine === 'postgres' ? 'date' : 'text';
  const num = 'double precision';
  return {
    async up(db: AnyDb): Promise<void> {
      const table = db.schema
        .createTable('coin_supply')
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
        .addColumn('day', day, (c) => c.notNull())
        .addColumn('market_cap', num, (c) => c.check(sql`market_cap > 0`))
        .addColumn('circulating_supply', num, (c) => c.check(sql`circulating_supply > 0`))
        .addColumn('total_supply', num, (c) => c.check(sql`total_supply > 0`))
        .addColumn('max_supply', num, (c) => c.check(sql`max_supply > 0`))
        .addPrimaryKeyConstraint('coin_supply_pk', ['security_id', 'day']);
      await (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('coin_supply').ifExists().execute();
    },
  };
}
