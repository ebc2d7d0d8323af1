import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';
import { createFactSeries } from './005-fact-amounts.ts';

/*
 * fact_statements replaces fact_series (ADR 0008, addendum of 2026-11-22): one row per security and kind
 * of period holding every line item as a matrix, instead of one row per line item. A five-company income
 * statement read 75 rows of 10 columns (0.6 ms in SQLite, most of it making 750 values); it now reads 5
 * (0.05 ms). Created empty: migration 011 added a column and builds the rows from financial_facts (the
 * source of truth) with today's code, which writes that column (building them here would not fit the
 * table of this step).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function factStatementsMigration(engine: Engine) {
  const binary = engine === 'sqlite' ? sql`blob` : sql`bytea`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_series').execute();
      // A row is kilobytes (30 items x 80 quarters of amounts): a rowid table, not a clustered one, so the
      // primary key's index stays small and a row's pages are read only when it is.
      await db.schema
        .createTable('fact_statements')
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
        .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('annual', 'quarterly')`))
        .addColumn('period_ends', 'text', (c) => c.notNull())
        .addColumn('period_starts', 'text', (c) => c.notNull())
        .addColumn('fiscal_years', 'text', (c) => c.notNull())
        .addColumn('fiscal_periods', 'text', (c) => c.notNull())
        .addColumn('line_items', 'text', (c) => c.notNull())
        .addColumn('amounts', binary, (c) => c.notNull())
        .addColumn('accessions', 'text', (c) => c.notNull())
        .addColumn('derived', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('fact_statements_pk', ['security_id', 'period'])
        .execute();
    },
    /** Back to 005's table, empty: the code of 006 reads fact_series, which today's code no longer writes. */
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_statements').execute();
      await createFactSeries(db, engine, 'binary');
    },
  };
}
