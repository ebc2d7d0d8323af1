import { type Kysely, sql } from 'kysely';

/*
 * statement_values (ADR 0010): the financials metrics of each fact_statements row, computed once and kept
 * as JSON tokens. Created empty: the server fills it at start for every security (and again whenever the
 * computations' version changes), the loader keeps it current; until a row is there, answers are computed
 * from fact_statements as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const statementValuesMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('statement_values')
      .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('annual', 'quarterly')`))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('period_ends', 'text', (c) => c.notNull())
      .addColumn('heads', 'text', (c) => c.notNull())
      .addColumn('line_items', 'text', (c) => c.notNull())
      .addColumn('present', 'text', (c) => c.notNull())
      .addColumn('metrics', 'text', (c) => c.notNull())
      .addColumn('value_tokens', 'text', (c) => c.notNull())
      .addColumn('accession_tokens', 'text', (c) => c.notNull())
      .addColumn('derived', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('statement_values_pk', ['security_id', 'period'])
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('statement_values').execute();
  },
};
