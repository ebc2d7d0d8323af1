import type { Kysely } from 'kysely';

/*
 * Issue 32, the restatement ledger on read. fact_statements.restated: the cells of a statement matrix a
 * later filing changed, with the value as first filed and both filings (derived/fact-statements.ts), so the
 * statement answers give firstFiled from the one row they already read. indicators.restatements_3y and
 * largest_restatement_pct: the metric catalogue's two restatement figures (contract/src/metrics.ts) as
 * screener columns.
 *
 * Every matrix is deleted: the ones written before carry no restated cells. The repair at start
 * (ingest/repair.ts) writes them again from financial_facts, as for any security without its matrices,
 * and then the screener rows of those securities (which fills the two new columns).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const restatedCellsMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.deleteFrom('fact_statements').execute();
    await db.schema
      .alterTable('fact_statements')
      .addColumn('restated', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('indicators').addColumn('restatements_3y', 'double precision').execute();
    await db.schema.alterTable('indicators').addColumn('largest_restatement_pct', 'double precision').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('indicators').dropColumn('largest_restatement_pct').execute();
    await db.schema.alterTable('indicators').dropColumn('restatements_3y').execute();
    await db.schema.alterTable('fact_statements').dropColumn('restated').execute();
  },
};
