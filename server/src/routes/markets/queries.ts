import type { Db } from '../../db/index.ts';
import { readCloseSeries } from '../../derived/price-years.ts';
import type { DailyCloses } from '../../market-stats/market-index.ts';

/*
 * Reads of the markets page: every stock's screener row (sector, last close, day change) by column name,
 * and its split-adjusted closes from the year chunks (two or three rows a stock for a year and a week,
 * not daily_prices row by row: 2,000 stocks read in one query).
 */
export function selectStocks(db: Db) {
  return db
    .selectFrom('indicators')
    .select([
      'security_id as id',
      'ticker',
      'name',
      'currency',
      'sector',
      'price',
      'change_pct as changePct',
      'as_of as asOf',
    ])
    .where('kind', '=', 'stock')
    .orderBy('ticker')
    .execute();
}
export type StockQuote = Awaited<ReturnType<typeof selectStocks>>[number];

/** Each stock's closes in from..to, as numbers. */
export async function selectCloseHistories(
  db: Db,
  ids: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, DailyCloses>> {
  const series = await readCloseSeries(db, ids, { from, to }, 'close_split_adj');
  return new Map([...series].map(([id, s]) => [id, { days: s.days, closes: s.closes.map(Number) }] as const));
}
