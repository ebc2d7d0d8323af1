import type { Kysely } from 'kysely';

/*
 * Who runs an ingest run (issue 34): `owner` is "host:pid:boot" of the process that opened or resumed it,
 * `heartbeat_at` the last time it wrote a security. A run left 'running' by a process that is gone (killed,
 * out of power) is told apart from one still loading in another process, and is repaired and resumed
 * (ingest/run-owner.ts, ingest/repair.ts). Runs from before have neither: they count as abandoned.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const ingestRunOwnerMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema.alterTable('ingest_runs').addColumn('owner', 'text').execute();
    await db.schema.alterTable('ingest_runs').addColumn('heartbeat_at', 'text').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.alterTable('ingest_runs').dropColumn('heartbeat_at').execute();
    await db.schema.alterTable('ingest_runs').dropColumn('owner').execute();
  },
};
