import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issues 31 and 35 (ADR 0025), a new statement matrix format (derived/fact-statements.ts):
 * - `filed_days`: each cell's filing day, int32 little-endian day numbers (days since 1970-01-01),
 *   item-major like the amounts, the smallest int32 where a cell has no fact or no filing day. The valuation
 *   chart (a value counts from the day it was filed) reads its facts from the two matrices a stock page
 *   reads anyway instead of 1,100 rows of financial_facts, the largest table (12 of 21 GB at 8,000
 *   companies).
 * - `accessions`: each distinct filing once, then per item the cells' indexes into them ('=' for an item
 *   like the one before), instead of a JSON array per item repeating each period's accession: 220 of the
 *   290 kB of a quarterly matrix with an accession number in every cell.
 * Every matrix is deleted; the repair at start writes them again from financial_facts, then those
 * securities' screener rows (as 020 did).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function statementFiledDaysMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.deleteFrom('fact_statements').execute();
      const [binary, empty] = engine === 'sqlite' ? [sql`blob`, sql`X''`] : [sql`bytea`, sql`'\\x'::bytea`];
      await db.schema
        .alterTable('fact_statements')
        .addColumn('filed_days', binary, (c) => c.notNull().defaultTo(empty))
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('fact_statements').dropColumn('filed_days').execute();
    },
  };
}
