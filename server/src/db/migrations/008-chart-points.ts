import { type Kysely, sql } from 'kysely';
import { groupBy } from '../../derived/chunk-layout.ts';
import { packPriceYear } from '../../derived/price-years.ts';
import type { Engine } from '../engine.ts';
import { upsertRows } from '../upsert.ts';

/*
 * price_years.chart_points: each year's points as the price chart writes them, so a chart is the stored
 * JSON of the years it covers, cut inside the first and the last (ADR 0008, third addendum of 2026-11-22).
 * The year chunks are built here from daily_prices, the source of truth, for the securities already
 * stored: 004 leaves the table empty, and a database that ran the old 004 gets the same rows again.
 * Only the columns the table has here are written: 013 adds chart_version (0 for these rows, which the
 * server then rewrites at start), and later ones may add more.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

export function chartPointsMigration(engine: Engine) {
  const empty = engine === 'sqlite' ? sql`x''` : sql`''::bytea`;
  const binary = engine === 'sqlite' ? sql`blob` : sql`bytea`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('price_years')
        .addColumn('chart_points', binary, (c) => c.notNull().defaultTo(empty))
        .execute();
      const ids = await db.selectFrom('securities').select('id').orderBy('id').execute();
      for (const { id } of ids) await buildPriceYears(db, id as number);
      // As in 009: the default only let the column be added; a writer that leaves it out must fail.
      if (engine === 'postgres') {
        await db.schema
          .alterTable('price_years')
          .alterColumn('chart_points', (c) => c.dropDefault())
          .execute();
      }
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('price_years').dropColumn('chart_points').execute();
    },
  };
}

/** The year chunks of one security from its rows in daily_prices, in the columns of this migration. */
async function buildPriceYears(db: AnyDb, securityId: number): Promise<void> {
  const prices = await db
    .selectFrom('daily_prices')
    .select(['day', 'close_split_adj', 'close_adj'])
    .where('security_id', '=', securityId)
    .orderBy('day')
    .execute();
  const history = prices.map((p) => ({
    day: p.day as string,
    closeSplitAdj: p.close_split_adj,
    closeAdj: p.close_adj,
  }));
  const rows = [...groupBy(history, (p) => p.day.slice(0, 4)).values()].map((points) => {
    const { security_id, year, days, close_split_adj, close_adj, chart_points } = packPriceYear(securityId, points);
    return { security_id, year, days, close_split_adj, close_adj, chart_points };
  });
  const values = ['days', 'close_split_adj', 'close_adj', 'chart_points'];
  await upsertRows(db, 'price_years', rows, ['security_id', 'year'], values);
}
