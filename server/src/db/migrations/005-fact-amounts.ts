import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';
import type { Schema } from '../schema.ts';
import { rebuildFactSeries } from '../series.ts';

/*
 * fact_series amounts as float64 bytes instead of comma-joined text (db/series.ts, ADR 0008), and
 * accessions empty for a series without filings. A chunk format change rebuilds its table: the table is
 * made again and filled from financial_facts, the source of truth.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function factAmountsMigration(engine: Engine) {
  const binary = engine === 'sqlite' ? sql`blob` : sql`bytea`;

  async function create(db: AnyDb, amounts: ReturnType<typeof sql>): Promise<void> {
    const table = db.schema
      .createTable('fact_series')
      .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('annual', 'quarterly')`))
      .addColumn('line_item', 'text', (c) => c.notNull())
      .addColumn('period_ends', 'text', (c) => c.notNull())
      .addColumn('period_starts', 'text', (c) => c.notNull())
      .addColumn('fiscal_years', 'text', (c) => c.notNull())
      .addColumn('fiscal_periods', 'text', (c) => c.notNull())
      .addColumn('amounts', amounts, (c) => c.notNull())
      .addColumn('accessions', 'text', (c) => c.notNull())
      .addColumn('derived', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('fact_series_pk', ['security_id', 'period', 'line_item']);
    await (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
  }

  async function rebuild(db: AnyDb): Promise<void> {
    const ids = await db.selectFrom('securities').select('id').orderBy('id').execute();
    for (const { id } of ids) await rebuildFactSeries(db as Kysely<Schema>, id as number);
  }

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_series').execute();
      await create(db, binary);
      await rebuild(db);
    },
    /** Back to 004's text table, empty: the code of 004 reads text amounts, which today's code no longer writes. */
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_series').execute();
      await create(db, sql`text`);
    },
  };
}
