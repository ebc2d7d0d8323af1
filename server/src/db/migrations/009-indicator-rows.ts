import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * indicators.row_json: each screener row as JSON text (ADR 0009, superseded by ADR 0022; migration 015
 * drops the column). A schema change only: migrations import no live code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function indicatorRowsMigration(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('indicators')
        .addColumn('row_json', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // The default only let the column be added to stored rows; a writer that leaves it out must fail.
      // (SQLite cannot drop a column's default: there the types make it required.)
      if (engine === 'postgres') {
        await db.schema
          .alterTable('indicators')
          .alterColumn('row_json', (c) => c.dropDefault())
          .execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('indicators').dropColumn('row_json').execute();
    },
  };
}
