import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Statements as filed on a day (issue 32): every value a stored fact had over the company's filings, a
 * row per change (the value, the filing that first gave it, the day it was filed), oldest first by
 * `filed`. A fact's latest value stays in financial_facts and is the last version whenever its filing is
 * on or before the day asked; a row is written only where it adds to that: a fact filed once with one
 * value has none. '' in `filed`: a version of unknown day (known on every day). Written by the loader with
 * the facts, in the security's transaction.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
type Table = CreateTableBuilder<any, any>;

export function factVersionsMigration(engine: Engine) {
  // Long, narrow, read by its key: clustered on it in SQLite (WITHOUT ROWID), as financial_facts is.
  const clustered = (t: Table) => (engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);
  return {
    async up(db: AnyDb): Promise<void> {
      await clustered(
        db.schema
          .createTable('fact_versions')
          .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'))
          .addColumn('period', 'text', (c) => c.notNull())
          .addColumn('line_item', 'text', (c) => c.notNull())
          .addColumn('period_end', 'text', (c) => c.notNull())
          .addColumn('filed', 'text', (c) => c.notNull())
          .addColumn('value', 'double precision', (c) => c.notNull())
          .addColumn('accession', 'text')
          .addPrimaryKeyConstraint('fact_versions_pk', ['security_id', 'period', 'line_item', 'period_end', 'filed']),
      ).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('fact_versions').execute();
    },
  };
}
