import type { Db } from '../../db/index.ts';
import type { SecurityKind } from '../../db/schema.ts';
import type { SecurityRef } from '../../derived/series-queries.ts';
import { tickerNotFound } from '../../http/errors.ts';

/*
 * Shared by every data call that takes tickers: resolve them to securities in one indexed query
 * (securities.ticker is unique), in the order asked, de-duplicated. An unknown ticker is a 404
 * ticker_not_found naming it (spec 8: the web reports it to analytics).
 */
export type { SecurityRef } from '../../derived/series-queries.ts';
export { groupBySecurity } from '../../derived/series-queries.ts';

export async function resolveTickers(db: Db, tickers: readonly string[], kind?: SecurityKind): Promise<SecurityRef[]> {
  const wanted = [...new Set(tickers)];
  const rows = await db
    .selectFrom('securities')
    .select(['id', 'ticker', 'name', 'kind', 'currency'])
    .where('ticker', 'in', wanted)
    .execute();
  const byTicker = new Map(rows.map((row) => [row.ticker, row]));
  return wanted.map((ticker) => {
    const row = byTicker.get(ticker);
    // A stock asked for on a crypto path (or the reverse) is not a ticker that path knows.
    if (!row || (kind && row.kind !== kind)) throw tickerNotFound(ticker);
    return row;
  });
}

export async function resolveTicker(db: Db, ticker: string): Promise<SecurityRef> {
  return (await resolveTickers(db, [ticker]))[0] as SecurityRef;
}
