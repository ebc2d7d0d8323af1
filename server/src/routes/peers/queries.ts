import type { Db } from '../../db/index.ts';
import type { FiledPeriod } from '../../finance/report-date.ts';

/*
 * Reads of the peers and next-report calls. The ratios are the screener's wide table (indicators, one
 * row per security: the metric catalogue's figures, the same numbers as the screener and key statistics),
 * read by their column names.
 */

/** Every stock's screener row: what the peers are chosen from and shown with. */
export function selectStockRows(db: Db) {
  return db
    .selectFrom('indicators')
    .select([
      'security_id as id',
      'ticker',
      'name',
      'sector',
      'industry',
      'currency',
      'price',
      'change_1y_pct as change1yPct',
      'market_cap as marketCap',
      'pe',
      'dividend_yield_pct as dividendYieldPct',
      'payout_ratio as payoutRatio',
      'net_margin as netMargin',
      'as_of as asOf',
    ])
    .where('kind', '=', 'stock')
    .execute();
}
export type StockRow = Awaited<ReturnType<typeof selectStockRows>>[number];

/**
 * The company's filed periods: each period end with the day its first filing was made public (a later
 * report repeats it as a comparative), labelled FY when an annual report covers it. Facts computed by us
 * (Q4 = FY - Q1..Q3) and facts without a filing day are left out.
 */
export async function selectFiledPeriods(db: Db, id: number): Promise<FiledPeriod[]> {
  const rows = await db
    .selectFrom('financial_facts')
    .select(['period_end', 'period', 'fiscal_period'])
    .select((eb) => eb.fn.min('filed').as('filed'))
    .where('security_id', '=', id)
    .where('derived', '=', 0)
    .where('filed', 'is not', null)
    .groupBy(['period_end', 'period', 'fiscal_period'])
    .execute();
  const byEnd = new Map<string, FiledPeriod>();
  for (const row of rows) {
    // A transition period between two fiscal year ends is no step of the reporting calendar.
    if (!row.filed || row.fiscal_period === 'TP') continue;
    const label = row.period === 'annual' ? 'FY' : row.fiscal_period;
    const known = byEnd.get(row.period_end);
    if (!known) byEnd.set(row.period_end, { periodEnd: row.period_end, fiscalPeriod: label, filed: row.filed });
    else {
      if (row.filed < known.filed) known.filed = row.filed;
      if (label === 'FY') known.fiscalPeriod = 'FY';
    }
  }
  return [...byEnd.values()];
}

/** The company's last trading day. */
export async function selectAsOf(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('indicators').select('as_of').where('security_id', '=', id).executeTakeFirst();
  return row?.as_of ?? null;
}
