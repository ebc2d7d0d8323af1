import type { Kysely } from 'kysely';
import { monthEndsOfYears, packPriceMonths } from '../../derived/price-years.ts';

/*
 * price_months: each security's last close of every month (total-return adjusted), one row per security,
 * so the beta's universe index reads 72 months per stock instead of six years of days (the first
 * key-statistics call of a data version took 7.3 s on 2,000 companies; bench/api.ts, "first call").
 * Filled here from price_years for the securities already stored; the loader writes it from then on.
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
    const ids = await db.selectFrom('securities').select('id').orderBy('id').execute();
    for (const { id } of ids) {
      const years = await db
        .selectFrom('price_years')
        .select(['days', 'close_adj'])
        .where('security_id', '=', id)
        .orderBy('year')
        .execute();
      if (years.length === 0) continue;
      const { months, close_adj } = packPriceMonths(id as number, monthEndsOfYears(years));
      await db.insertInto('price_months').values({ security_id: id, months, close_adj }).execute();
    }
  },
  async down(db: AnyDb): Promise<void> {
    await db.schema.dropTable('price_months').ifExists().execute();
  },
};
