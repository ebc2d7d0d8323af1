import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issue 19: statements in the currency their filings use (IFRS filers report in EUR, BRL...), and a
 * series head beside the stored statement values.
 * - fact_statements.currency: the ISO code of the statement's amounts, from its facts' units. The rows
 *   stored before are deleted (a frozen transform: migrations import no live code); the repair at start
 *   builds them again from financial_facts.
 * - statement_values.series_head: the fields of a financials series beside its ticker (currency,
 *   quartersFiled, splits) as JSON text. Stored rows are of an older STATEMENT_VALUES_VERSION and are
 *   never read; the server rebuilds them at start, head included.
 * The defaults only let the columns be added to stored rows; on PostgreSQL they are dropped so a writer
 * that leaves a column out fails (SQLite cannot drop a default: there the types make them required).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function statementCurrencyMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('fact_statements')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('statement_values')
        .addColumn('series_head', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // The stored statements have no currency: deleted here, made again from financial_facts by the
      // repair at start (securities without their derived rows, ingest/repair.ts).
      await db.deleteFrom('fact_statements').execute();
      if (engine === 'postgres') {
        await db.schema
          .alterTable('fact_statements')
          .alterColumn('currency', (c) => c.dropDefault())
          .execute();
        await db.schema
          .alterTable('statement_values')
          .alterColumn('series_head', (c) => c.dropDefault())
          .execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('statement_values').dropColumn('series_head').execute();
      await db.schema.alterTable('fact_statements').dropColumn('currency').execute();
    },
  };
}
