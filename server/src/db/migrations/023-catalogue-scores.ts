import type { Kysely } from 'kysely';

/*
 * Issue 42: two figures of the metric catalogue (contract/src/catalogue-reports.ts) become screener
 * columns: the Piotroski F-score (0-9) and the shareholder yield (in %). Every screener row is deleted
 * (ADR 0022): the rows written before have neither figure, and the repair at start (ingest/repair.ts)
 * recomputes the rows of every security without one, through the catalogue's snapshot.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const catalogueScoresMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.deleteFrom('indicators').execute();
    await db.schema.alterTable('indicators').addColumn('piotroski_score', 'double precision').execute();
    await db.schema.alterTable('indicators').addColumn('shareholder_yield_pct', 'double precision').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('indicators').dropColumn('shareholder_yield_pct').execute();
    await db.schema.alterTable('indicators').dropColumn('piotroski_score').execute();
  },
};
