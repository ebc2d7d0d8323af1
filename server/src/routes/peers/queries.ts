import { type PeerFigure, peerFigures, screenerColumnOf } from '@app/contract';
import type { Db } from '../../db/index.ts';
import type { FiledPeriod } from '../../finance/report-date.ts';

/*
 * Reads of the peers and next-report calls. The ratios are the screener's wide table (indicators, one
 * row per security: the metric catalogue's figures, the same numbers as the screener and key statistics),
 * the ones the catalogue shows in the peers table, read by their declared column names.
 */

/** A stock's screener row as the peers call reads it: who it is and the catalogue's peers figures. */
export type StockRow = {
  id: number;
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  currency: string;
  asOf: string | null;
} & Record<PeerFigure, number | null>;

/** Every stock's screener row: what the peers are chosen from (by market cap) and shown with. */
export function selectStockRows(db: Db): Promise<StockRow[]> {
  return db
    .selectFrom('indicators')
    .select(['security_id as id', 'ticker', 'name', 'sector', 'industry', 'currency', 'as_of as asOf'])
    .select((eb) => peerFigures.map((name) => eb.ref(screenerColumnOf(name)).as(name)))
    .where('kind', '=', 'stock')
    .execute() as Promise<StockRow[]>;
}

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
