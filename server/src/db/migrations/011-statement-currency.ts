import type { Kysely } from 'kysely';
import { rebuildFactStatements } from '../../derived/fact-statements.ts';
import type { Engine } from '../engine.ts';
import type { Schema } from '../schema.ts';

/*
 * Issue 19: statements in the currency their filings use (IFRS filers report in EUR, BRL...), and a
 * series head beside the stored statement values.
 * - fact_statements.currency: the ISO code of the statement's amounts, from its facts' units. Every row
 *   is built again here from financial_facts (migration 007 leaves the table empty since this one).
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
      const ids = await db.selectFrom('securities').select('id').orderBy('id').execute();
      for (const { id } of ids) await rebuildFactStatements(db as Kysely<Schema>, id as number);
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
