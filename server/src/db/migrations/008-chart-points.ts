import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * price_years.chart_points: each year's points as the price chart wrote them (ADR 0009, superseded by ADR
 * 0022; migration 015 drops the column). A schema change only: migrations import no live code, and the
 * column is gone again two migrations later.
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
