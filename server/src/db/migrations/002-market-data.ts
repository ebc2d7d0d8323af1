import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Ingest bookkeeping (issue 3): runs, the securities each run finished (so an interrupted run resumes
 * where it stopped), and the records rejected by validation (source, ticker, field, reason).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function marketDataMigration(engine: Engine) {
  async function up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('ingest_runs')
      .addColumn('id', 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('args', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('summary', 'text')
      .execute();
    await db.schema.createIndex('ingest_runs_source_status').on('ingest_runs').columns(['source', 'status']).execute();

    await db.schema
      .createTable('ingest_run_items')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('ingest_runs.id').onDelete('cascade'))
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('loaded', 'unchanged', 'failed')`))
      .addColumn('detail', 'text')
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ingest_run_items_pk', ['run_id', 'ticker'])
      .execute();

    await db.schema
      .createTable('ingest_rejections')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('ingest_runs.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('field', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('ingest_rejections_run')
      .on('ingest_rejections')
      .columns(['run_id', 'ticker'])
      .execute();
  }

  async function down(db: AnyDb): Promise<void> {
    for (const table of ['ingest_rejections', 'ingest_run_items', 'ingest_runs'])
      await db.schema.dropTable(table).ifExists().execute();
  }

  return { up, down };
}
