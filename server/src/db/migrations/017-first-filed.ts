import type { Kysely } from 'kysely';

/*
 * Issue 32, the restatement ledger: each stored fact keeps the value as first filed beside the latest,
 * when a later filing changed it (null otherwise): the value, the filing (accession) and the day it was
 * filed. Facts stored before this migration have none until the next `ingest sec` of their company (the
 * companyfacts file holds every filing, so the first values are read again from it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const firstFiledMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema.alterTable('financial_facts').addColumn('first_value', 'double precision').execute();
    await db.schema.alterTable('financial_facts').addColumn('first_accession', 'text').execute();
    await db.schema.alterTable('financial_facts').addColumn('first_filed', 'text').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('financial_facts').dropColumn('first_filed').execute();
    await db.schema.alterTable('financial_facts').dropColumn('first_accession').execute();
    await db.schema.alterTable('financial_facts').dropColumn('first_value').execute();
  },
};
