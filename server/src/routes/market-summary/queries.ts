import type { Db } from '../../db/index.ts';
import { readVolumesOn } from '../../derived/price-years.ts';

/*
 * The market lists (the home page's context, the coin page) read from the screener table (indicators:
 * last close, changes, market cap, drawdown, as-of day), the year chunks' bars (the last day's volume,
 * ADR 0008) and the long series (past closes, dividends). Each read touches every security once through
 * the (security_id, day) keys.
 */

export interface QuoteRow {
  securityId: number;
  ticker: string;
  name: string;
  currency: string;
  price: number | null;
  changePct: number | null;
  change1yPct: number | null;
  marketCap: number | null;
  drawdownPct: number | null;
  /** The as-of day's volume, in units of the security (shares, coins). */
  volume: number | null;
  asOf: string | null;
}

/** Every security of a kind with its screener figures and the last day's volume. */
export async function selectQuotes(db: Db, kind: 'stock' | 'crypto'): Promise<QuoteRow[]> {
  const rows = await db
    .selectFrom('indicators as i')
    .select([
      'i.security_id as securityId',
      'i.ticker',
      'i.name',
      'i.currency',
      'i.price',
      'i.change_pct as changePct',
      'i.change_1y_pct as change1yPct',
      'i.market_cap as marketCap',
      'i.drawdown_pct as drawdownPct',
      'i.as_of as asOf',
    ])
    .where('i.kind', '=', kind)
    .execute();
  const asOf = new Map<number, string>();
  for (const row of rows) if (row.asOf) asOf.set(row.securityId, row.asOf);
  const volumes = await readVolumesOn(db, asOf);
  return rows.map((row) => ({ ...row, volume: volumes.get(row.securityId) ?? null }));
}

export interface SectorRow {
  sector: string;
  price: number | null;
  changePct: number | null;
  marketCap: number | null;
  /** Split-adjusted close on or before the day one month before the as-of day. */
  closeMonthAgo: number | null;
  /** The catalogue's one-year change (metrics/snapshot.ts), in %. */
  change1yPct: number | null;
}

/** Every stock with a sector, its last close, its close one month before `asOf` and its one-year change. */
export async function selectSectorRows(db: Db, monthAgo: string): Promise<SectorRow[]> {
  const rows = await db
    .selectFrom('indicators as i')
    .select([
      'i.sector',
      'i.price',
      'i.change_pct as changePct',
      'i.change_1y_pct as change1yPct',
      'i.market_cap as marketCap',
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
      return [closeOnOrBefore(monthAgo).as('closeMonthAgo')];
    })
    .where('i.kind', '=', 'stock')
    .where('i.sector', 'is not', null)
    .execute();
  return rows.map((row) => ({
    sector: row.sector as string,
    price: row.price,
    changePct: row.changePct,
    marketCap: row.marketCap,
    closeMonthAgo: row.closeMonthAgo ?? null,
    change1yPct: row.change1yPct,
  }));
}

/** The newest as-of day of the stocks (the market's last trading day). */
export async function selectLastDay(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('indicators')
    .select((eb) => eb.fn.max('as_of').as('day'))
    .where('kind', '=', 'stock')
    .executeTakeFirst();
  return row?.day ?? null;
}

export interface DividendHistoryRow {
  securityId: number;
  ticker: string;
  name: string;
  currency: string;
  yieldPct: number | null;
  exDate: string;
  amount: number;
}

/**
 * The dividends of the last two years (enough to see the payment pattern), and any announced after the
 * last trading day, of every stock or of the given tickers; ordered by security then day.
 */
export async function selectRecentDividends(
  db: Db,
  since: string,
  tickers: readonly string[] | undefined,
): Promise<DividendHistoryRow[]> {
  let query = db
    .selectFrom('dividends as d')
    .innerJoin('indicators as i', 'i.security_id', 'd.security_id')
    .select([
      'd.security_id as securityId',
      'i.ticker',
      'i.name',
      'd.currency',
      'i.dividend_yield_pct as yieldPct',
      'd.ex_date as exDate',
      'd.amount',
    ])
    .where('i.kind', '=', 'stock')
    .where('d.ex_date', '>=', since);
  if (tickers) query = query.where('i.ticker', 'in', [...tickers]);
  return query.orderBy('d.security_id').orderBy('d.ex_date').execute();
}
