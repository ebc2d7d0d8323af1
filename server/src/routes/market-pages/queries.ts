import type { MapRange } from '@app/contract';
import type { Db } from '../../db/index.ts';
import { addDays, addMonths } from '../../finance/types.ts';

/*
 * The markets page's map (issue 46), read from the screener table (indicators: last close, changes, market
 * cap) and the daily closes; the coin page reads market-summary's selectQuotes. Each read touches every
 * security once through the (security_id, day) keys.
 */

export interface MapRow {
  ticker: string;
  name: string;
  sector: string;
  currency: string;
  price: number | null;
  marketCap: number;
  changePct: number | null;
  /** Split-adjusted closes on the last day and at the range's start (the ranges the table does not hold). */
  lastClose: number | null;
  startClose: number | null;
}

/**
 * The day whose close a range's change is measured from: a week or a month before the last day, or the
 * last day of the year before (YTD). Null for the two ranges the screener row holds (1D, 1Y).
 */
export function rangeStart(range: MapRange, asOf: string): string | null {
  switch (range) {
    case '1W':
      return addDays(asOf, -7);
    case '1M':
      return addMonths(asOf, -1);
    case 'YTD':
      return `${Number(asOf.slice(0, 4)) - 1}-12-31`;
    default:
      return null;
  }
}

/** Every stock with a sector and a market cap, with what its change over `range` is made of. */
export async function selectMapRows(db: Db, range: MapRange, asOf: string): Promise<MapRow[]> {
  const start = rangeStart(range, asOf);
  const rows = await db
    .selectFrom('indicators as i')
    .select([
      'i.ticker',
      'i.name',
      'i.sector',
      'i.currency',
      'i.price',
      'i.market_cap as marketCap',
      range === '1Y' ? 'i.change_1y_pct as changePct' : 'i.change_pct as changePct',
    ])
    .select((eb) => {
      const closeOnOrBefore = (day: string) =>
        eb
          .selectFrom('daily_prices as p')
          .select('p.close_split_adj')
          .whereRef('p.security_id', '=', 'i.security_id')
          .where('p.day', '<=', day)
          .orderBy('p.day', 'desc')
          .limit(1);
      // Only the ranges the screener row lacks read closes: 1D and 1Y are one column each.
      return start
        ? [closeOnOrBefore(asOf).as('lastClose'), closeOnOrBefore(start).as('startClose')]
        : [eb.val(null).as('lastClose'), eb.val(null).as('startClose')];
    })
    .where('i.kind', '=', 'stock')
    .where('i.sector', 'is not', null)
    .where('i.market_cap', '>', 0)
    .execute();
  return rows.map((row) => ({
    ...row,
    sector: row.sector as string,
    marketCap: Number(row.marketCap),
    lastClose: row.lastClose === null ? null : Number(row.lastClose),
    startClose: row.startClose === null ? null : Number(row.startClose),
  }));
}
