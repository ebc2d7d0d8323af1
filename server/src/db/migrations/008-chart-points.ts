import { type Kysely, sql } from 'kysely';
import { rebuildPriceYears } from '../../derived/price-years.ts';
import type { Engine } from '../engine.ts';
import type { Schema } from '../schema.ts';

/*
 * price_years.chart_points: each year's points as the price chart writes them, so a chart is the stored
 * JSON of the years it covers, cut inside the first and the last (ADR 0008, third addendum of 2026-11-22).
 * The year chunks are built here from daily_prices, the source of truth, for the securities already
 * stored: 004 leaves the table empty, and a database that ran the old 004 gets the same rows again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function chartPointsMigration(engine: Engine) {
  const empty = engine === 'sqlite' ? sql`x''` : sql`''::bytea`;
  const binary = engine === 'sqlite' ? sql`blob` : sql`bytea`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('price_years')
        .addColumn('chart_points', binary, (c) => c.notNull().defaultTo(empty))
        .execute();
      const ids = await db.selectFrom('securities').select('id').orderBy('id').execute();
      for (const { id } of ids) await rebuildPriceYears(db as Kysely<Schema>, id as number);
      // As in 009: the default only let the column be added; a writer that leaves it out must fail.
      if (engine === 'postgres') {
        await db.schema
          .alterTable('price_years')
          .alterColumn('chart_points', (c) => c.dropDefault())
          .execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('price_years').dropColumn('chart_points').execute();
    },
  };
}
