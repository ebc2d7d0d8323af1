import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issue 24, ADR 0016: the stored chart points and screener rows carry the version of the code that wrote
 * them (price_years.chart_version, indicators.row_version), as the statement values do: rows of another
 * version are never read as they are (the chart is made from the closes beside them, the screener page
 * from the columns), and the server rewrites them in the background at start (the rebuild of the time). Rows
 * stored before this migration get 0, which no code version is, so they are rebuilt
 * once; meanwhile their answers are made the other way, which gives the same bytes.
 *
 * price_years_chart_version lets the start find the stale years without reading the table: the version
 * sits after the chart's bytes in each row, so a scan would read them all (hundreds of MB on the bench).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function derivedVersionsMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('price_years')
        .addColumn('chart_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('indicators')
        .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('price_years_chart_version').on('price_years').column('chart_version').execute();
      // As in 008 and 009: the default only served the rows already there; a writer that leaves the
      // version out must fail. (SQLite cannot drop a column's default: there the types make it required.)
      if (engine === 'postgres') {
        await db.schema
          .alterTable('price_years')
          .alterColumn('chart_version', (c) => c.dropDefault())
          .execute();
        await db.schema
          .alterTable('indicators')
          .alterColumn('row_version', (c) => c.dropDefault())
          .execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('price_years_chart_version').execute();
      await db.schema.alterTable('price_years').dropColumn('chart_version').execute();
      await db.schema.alterTable('indicators').dropColumn('row_version').execute();
    },
  };
}
