import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';
import type { Schema } from '../schema.ts';
import { rebuildPriceYears } from '../series.ts';

/*
 * Series tables (ADR 0008, db/series.ts): price_years and fact_series, the chunked read-side copies of
 * daily_prices and financial_facts. price_years is built here for the securities already stored.
 * fact_series is left empty: migration 005 changed its amounts to binary and 007 replaced it with
 * fact_statements, which 007 builds (built here with today's code, this table would be handed rows of
 * another shape).
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
    const ids = await db.selectFrom('securities').select('id').orderBy('id').execute();
    for (const { id } of ids) await rebuildPriceYears(db as Kysely<Schema>, id as number);
  }

  async function down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('fact_series').execute();
    await db.schema.dropTable('price_years').execute();
  }

  return { up, down };
}
