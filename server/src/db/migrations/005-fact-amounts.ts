import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * fact_series amounts as float64 bytes instead of comma-joined text (ADR 0008), and accessions empty
 * for a series without filings. A chunk format change rebuilds its table: the table is made again and
 * filled from financial_facts, the source of truth.
 *
 * Since migration 007 replaced fact_series with fact_statements, this one makes the table empty: today's
 * code writes the new table only, and 007 (always run after it) drops this one and fills its own.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

/** The fact_series table of 004 (text amounts) or 005 (binary), empty. Also what 007 leaves when undone. */
export async function createFactSeries(db: AnyDb, engine: Engine, amounts: 'text' | 'binary'): Promise<void> {
  const type = amounts === 'text' ? sql`text` : engine === 'sqlite' ? sql`blob` : sql`bytea`;
  const table = db.schema
    .createTable('fact_series')
    .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('annual', 'quarterly')`))
    .addColumn('line_item', 'text', (c) => c.notNull())
    .addColumn('period_ends', 'text', (c) => c.notNull())
    .addColumn('period_starts', 'text', (c) => c.notNull())
    .addColumn('fiscal_years', 'text', (c) => c.notNull())
    .addColumn('fiscal_periods', 'text', (c) => c.notNull())
    .addColumn('amounts', type, (c) => c.notNull())
    .addColumn('accessions', 'text', (c) => c.notNull())
    .addColumn('derived', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fact_series_pk', ['security_id', 'period', 'line_item']);
  await (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
}

export function factAmountsMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_series').execute();
      await createFactSeries(db, engine, 'binary');
    },
    /** Back to 004's text table, empty: the code of 004 reads text amounts, which today's code no longer writes. */
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_series').execute();
      await createFactSeries(db, engine, 'text');
    },
  };
}
