import { type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issues 31 and 35: a statement matrix (fact_statements) carries each cell's filing day beside its amount:
 * `filed_days`, int32 little-endian day numbers (days since 1970-01-01), item-major like the amounts, the
 * smallest int32 where a cell has no fact or no filing day. The valuation chart (a value counts from the
 * day it was filed) then reads its facts from the two matrices a stock page already reads instead of
 * 1,100 rows of financial_facts, the largest table (12 of 21 GB at 8,000 companies): a stock page's reads
 * stay in the tables that fit the page cache. Matrices written before this have none (NULL): the repair
 * at start writes them again from financial_facts (ingest/repair.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function statementFiledDaysMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      const binary = engine === 'sqlite' ? sql`blob` : sql`bytea`;
      await db.schema.alterTable('fact_statements').addColumn('filed_days', binary).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('fact_statements').dropColumn('filed_days').execute();
    },
  };
}
