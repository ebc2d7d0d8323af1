import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

/*
 * Issue 43 (ADR 0026): the screener's rows as known at the end of each calendar month, one per security
 * and month end (`indicator_months`), and what each security's rows were computed from
 * (`indicator_month_sources`: the screener row's updated_at, which every load that touches the security
 * rewrites, and the last month end written). The figure columns are the screener's of this migration's
 * day (contract/src/catalogue.ts); a later figure adds its column here too, and a formula change deletes
 * the sources' rows so that every security's months are computed again (metrics/indicator-months.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Schema type
type AnyDb = Kysely<any>;

const FIGURE_COLUMNS = [
  'price',
  'change_pct',
  'change_1y_pct',
  'market_cap',
  'eps_ttm',
  'pe',
  'ps',
  'pb',
  'ev_ebitda',
  'dividend_yield_pct',
  'payout_ratio',
  'dividend_cagr_5y',
  'dividend_growth_years',
  'dividend_yield_percentile',
  'revenue_growth',
  'gross_margin',
  'operating_margin',
  'net_margin',
  'roe',
  'debt_to_equity',
  'week52_high',
  'week52_low',
  'drawdown_pct',
  'restatements_3y',
  'largest_restatement_pct',
  'piotroski_score',
  'shareholder_yield_pct',
];

export function indicatorMonthsMigration(engine: Engine) {
  const day = engine === 'postgres' ? 'date' : 'text';
  return {
    async up(db: AnyDb): Promise<void> {
      let months = db.schema
        .createTable('indicator_months')
        .addColumn('day', day, (c) => c.notNull())
        .addColumn('security_id', 'integer', (c) => c.notNull().references('securities.id').onDelete('cascade'));
      for (const column of FIGURE_COLUMNS) months = months.addColumn(column, 'double precision');
      // A backtest reads one month end at a time: the key leads with the day.
      await months
        .addColumn('as_of', day)
        .addPrimaryKeyConstraint('indicator_months_pk', ['day', 'security_id'])
        .execute();
      await db.schema.createIndex('indicator_months_security').on('indicator_months').column('security_id').execute();
      await db.schema
        .createTable('indicator_month_sources')
        .addColumn('security_id', 'integer', (c) => c.primaryKey().references('securities.id').onDelete('cascade'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('through', day, (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('indicator_month_sources').execute();
      await db.schema.dropTable('indicator_months').execute();
    },
  };
}
