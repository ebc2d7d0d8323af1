import type { Kysely } from 'kysely';

/*
 * price_months: each security's last close of every month (total-return adjusted), one row per security,
 * so the beta's universe index reads 72 months per stock instead of six years of days (the first
 * key-statistics call of a data version took 7.3 s on 2,000 companies; bench/api.ts, "first call").
 * A schema change only (migrations import no live code): the repair at start fills it for the securities
 * already stored (a security with prices but no month ends), the loader writes it from then on.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const priceMonthsMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('price_months')
      .addColumn('security_id', 'integer', (c) =>
        c.primaryKey().notNull().references('securities.id').onDelete('cascade'),
      )
      .addColumn('months', 'text', (c) => c.notNull())
      .addColumn('close_adj', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('price_months').ifExists().execute();
  },
};
