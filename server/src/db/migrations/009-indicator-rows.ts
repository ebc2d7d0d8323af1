import type { Kysely } from 'kysely';
import { indicatorRowJson } from '../../derived/screener-rows.ts';
import type { Engine } from '../engine.ts';
import type { IndicatorsTable } from '../schema.ts';

/*
 * indicators.row_json: each screener row as the page writes it with every field, so that a page without
 * $select is its rows' stored texts joined (docs/performance.md). Filled here for the rows already
 * stored, from their own columns; from now on whoever writes a row writes it (ingest/indicators.ts).
 * Since 013 a row also says which code version wrote its JSON (0 for these): a change of the row's JSON
 * needs no migration, the server rewrites the rows of another version at start (ADR 0016).
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
      const rows = (await db.selectFrom('indicators').selectAll().execute()) as IndicatorsTable[];
      for (const row of rows) {
        await db
          .updateTable('indicators')
          .set({ row_json: indicatorRowJson(row) })
          .where('security_id', '=', row.security_id)
          .execute();
      }
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
