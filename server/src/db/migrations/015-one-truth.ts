import type { Kysely } from 'kysely';

/*
 * Issue 31, ADR 0022: one number, one truth. The stored copies of answers go (the statement values, the
 * price chart's JSON per year, the screener row's JSON and the code versions of all three): answers are
 * computed on read from the source rows and the statement matrices, and the data-version cache answers
 * repeats. The screener's row gains the figures other pages show beside it (one-year change, TTM EPS),
 * all made by the metric catalogue (server/src/metrics).
 *
 * Every screener row is deleted: its figures were made by the code before the catalogue (a payout of
 * another period, a drawdown of another window). The repair at start (ingest/repair.ts) computes them
 * again, as it does for any security without its derived rows. A later change to a stored figure's
 * formula does the same in a migration of its own.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export const oneTruthMigration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema.dropTable('statement_values').ifExists().execute();
    await db.schema.dropIndex('price_years_chart_version').ifExists().execute();
    await db.schema.alterTable('price_years').dropColumn('chart_points').execute();
    await db.schema.alterTable('price_years').dropColumn('chart_version').execute();
    await db.deleteFrom('indicators').execute();
    await db.schema.alterTable('indicators').dropColumn('row_json').execute();
    await db.schema.alterTable('indicators').dropColumn('row_version').execute();
    await db.schema.alterTable('indicators').addColumn('change_1y_pct', 'double precision').execute();
    await db.schema.alterTable('indicators').addColumn('eps_ttm', 'double precision').execute();
  },
  async down(): Promise<void> {
    throw new Error('015-one-truth cannot be undone: the stored answer copies are gone (restore a backup)');
  },
};
