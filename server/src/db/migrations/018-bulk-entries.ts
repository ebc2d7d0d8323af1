import type { Kysely } from 'kysely';

/*
 * The entries of bulk archives already loaded (issue 35): per archive kind ('sec' for companyfacts and
 * submissions together, 'stooq'), the entry's key (CIK##########.json, or the Stooq file's ticker), the
 * fingerprint it had (CRC-32 and size from the zip directory) and the ticker it loaded. A later run with
 * newer archives reloads only the entries whose fingerprint changed. Written in the same transaction as
 * the security, so a kill never leaves one marked loaded that is not.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const bulkEntriesMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('bulk_entries')
      .addColumn('archive', 'text', (c) => c.notNull())
      .addColumn('entry_key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('ticker', 'text', (c) => c.notNull())
      .addColumn('loaded_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bulk_entries_pk', ['archive', 'entry_key'])
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('bulk_entries').execute();
  },
};
