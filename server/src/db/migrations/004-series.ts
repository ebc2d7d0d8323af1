import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Series tables (ADR 0008; the series module of the time): price_years and fact_series, the chunked read-side copies of
 * daily_prices and financial_facts. Both are left empty here, and built by the last migration that
 * changes their shape (built here with today's code, they would be handed rows of another shape):
 * price_years by 008, which added chart_points; fact_series was changed to binary amounts by 005 and
 * replaced with fact_statements by 007, which builds that.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: same reason
type Table = CreateTableBuilder<string, any>;

export function seriesMigration(engine: Engine) {
  const clustered = (t: Table) => (engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);
  const security = (t: Table) =>
    t.addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'));

  async function up(db: AnyDb): Promise<void> {
    await clustered(
      security(db.schema.createTable('price_years'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('days', 'text', (c) => c.notNull())
        .addColumn('close_split_adj', 'text', (c) => c.notNull())
        .addColumn('close_adj', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('price_years_pk', ['security_id', 'year']),
    ).execute();
    await clustered(
      security(db.schema.createTable('fact_series'))
        .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('annual', 'quarterly')`))
        .addColumn('line_item', 'text', (c) => c.notNull())
        .addColumn('period_ends', 'text', (c) => c.notNull())
        .addColumn('period_starts', 'text', (c) => c.notNull())
        .addColumn('fiscal_years', 'text', (c) => c.notNull())
        .addColumn('fiscal_periods', 'text', (c) => c.notNull())
        .addColumn('amounts', 'text', (c) => c.notNull())
        .addColumn('accessions', 'text', (c) => c.notNull())
        .addColumn('derived', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('fact_series_pk', ['security_id', 'period', 'line_item']),
    ).execute();
  }

  async function down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('fact_series').execute();
    await db.schema.dropTable('price_years').execute();
  }

  return { up, down };
}
