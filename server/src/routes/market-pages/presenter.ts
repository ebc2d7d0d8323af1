import type { CoinList, MapRange, MarketMap } from '@app/contract';
import type { QuoteRow } from '../market-summary/queries.ts';
import type { MapRow } from './queries.ts';

type Close = { day: string; close_split_adj: number };

/** The change in % from `from` to `to`; null when either is missing or the start is not positive. */
export function changePct(from: number | null, to: number | null): number | null {
  if (from === null || to === null || !(from > 0)) return null;
  return (to / from - 1) * 100;
}

/** The last close on or before `day` in a series sorted by day, or null. */
function closeOnOrBefore(closes: readonly Close[], day: string): number | null {
  for (let i = closes.length - 1; i >= 0; i--) {
    const close = closes[i] as Close;
    if (close.day <= day) return close.close_split_adj;
  }
  return null;
}

export function presentCoin(
  row: QuoteRow,
  closes: readonly Close[],
  weekAgo: string | null,
  sparkline: CoinList['coins'][number]['sparkline'],
): CoinList['coins'][number] {
  const last = closes.at(-1)?.close_split_adj ?? null;
  return {
    ticker: row.ticker,
    name: row.name,
    currency: row.currency,
    price: row.price,
    change1dPct: row.changePct,
    change7dPct: weekAgo ? changePct(closeOnOrBefore(closes, weekAgo), last) : null,
    change1yPct: row.change1yPct,
    marketCap: row.marketCap,
    volume: row.volume,
    drawdownPct: row.drawdownPct,
    sparkline,
  };
}

/** The largest market cap first; coins without one last, by ticker. */
export function byMarketCap<T extends { marketCap: number | null; ticker: string }>(a: T, b: T): number {
  return (b.marketCap ?? -1) - (a.marketCap ?? -1) || a.ticker.localeCompare(b.ticker);
}

export function presentMap(rows: readonly MapRow[], range: MapRange, asOf: string | null): MarketMap {
  const stocks = rows
    .map((row) => ({
      ticker: row.ticker,
      name: row.name,
      sector: row.sector,
      currency: row.currency,
      price: row.price,
      marketCap: row.marketCap,
      changePct: range === '1D' || range === '1Y' ? row.changePct : changePct(row.startClose, row.lastClose),
    }))
    .sort(byMarketCap);
  return { asOf, range, stocks };
}
