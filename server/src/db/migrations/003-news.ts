import { type Kysely, sql } from 'kysely';

/*
 * News (issue 5): where each feed came from, so the configuration file, the CLI, company links and
 * the demo feeds can each be re-synced without touching the others' feeds; and an index for the
 * merged home / analysis pages, which read newest first across many feeds.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const newsMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .alterTable('feeds')
      .addColumn('origin', 'text', (c) =>
        c.notNull().defaultTo('cli').check(sql`origin in ('file', 'cli', 'link', 'demo')`),
      )
      .execute();
    await db.schema.createIndex('news_items_published').on('news_items').columns(['published_at', 'id']).execute();
    await db.schema.createIndex('feeds_security').on('feeds').column('security_id').execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropIndex('feeds_security').execute();
    await db.schema.dropIndex('news_items_published').execute();
    await db.schema.alterTable('feeds').dropColumn('origin').execute();
  },
};
