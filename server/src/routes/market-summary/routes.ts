import {
  cryptoStrip,
  errorBody,
  exDividendsQuery,
  marketMovers,
  moversQuery,
  sectorPerformance,
  upcomingExDividends,
} from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { addMonths } from '../../finance/types.ts';
import { answerVersionOf, dataCache } from '../../http/data-cache.ts';
import { presentCoins, presentExDividends, presentMovers, presentSectors } from './presenter.ts';
import { selectLastDay, selectQuotes, selectRecentDividends, selectSectorRows } from './queries.ts';

const tags = ['market'];
const newestDay = (rows: readonly { asOf: string | null }[]) =>
  rows.reduce<string | null>((newest, row) => (row.asOf && (!newest || row.asOf > newest) ? row.asOf : newest), null);

/**
 * A read of the whole universe (every stock's quote; every sector's closes a month ago), made once per data
 * version and shared by the answers of that version, whatever their query: at 8,000 companies reading it
 * on every uncached call missed the per-call budget (bench:api `scale`, docs/performance.md). An
 * answer without a data version (none in practice: every data route is under the data cache) reads anew.
 */
function oncePerVersion<T>(read: () => Promise<T>): (version: number | undefined) => Promise<T> {
  let memo: { version: number; value: Promise<T> } | undefined;
  return (version) => {
    if (version === undefined) return read();
    if (memo?.version !== version) {
      const value = read();
      const entry = { version, value };
      memo = entry;
      // A failed read is not kept: the next answer reads again.
      value.catch(() => {
        if (memo === entry) memo = undefined;
      });
    }
    return memo.value;
  };
}

/** Issue 23: the market context of the home page, each cached per data version like every data call. */
export function marketSummaryRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  const db = database.reader;
  const stockQuotes = oncePerVersion(() => selectQuotes(db, 'stock'));
  const sectorRows = oncePerVersion(async () => {
    const asOf = await selectLastDay(db);
    return { asOf, rows: asOf ? await selectSectorRows(db, addMonths(asOf, -1)) : [] };
  });

  app.get(
    '/api/data/market/movers',
    {
      schema: {
        tags,
        summary: 'Top gainers and losers of the last day, and the most traded stocks',
        querystring: moversQuery,
        response: { 200: marketMovers, 400: errorBody },
      },
      ...cached,
    },
    async (request) => {
      const rows = await stockQuotes(answerVersionOf(request));
      return { asOf: newestDay(rows), ...presentMovers(rows, request.query.limit ?? 5) };
    },
  );

  app.get(
    '/api/data/market/crypto',
    {
      schema: {
        tags,
        summary: 'Every coin with its last price and day change',
        response: { 200: cryptoStrip },
      },
      ...cached,
    },
    async () => {
      const rows = await selectQuotes(db, 'crypto');
      return { asOf: newestDay(rows), coins: presentCoins(rows) };
    },
  );

  app.get(
    '/api/data/market/sectors',
    {
      schema: {
        tags,
        summary: 'Price change of each sector over a day, a month and a year',
        response: { 200: sectorPerformance },
      },
      ...cached,
    },
    async (request) => {
      const { asOf, rows } = await sectorRows(answerVersionOf(request));
      // Cap-weighted, and the answer says so: the markets page's indices are equal-weighted (issue 42).
      if (!asOf) return { asOf, weighting: 'cap' as const, sectors: [] };
      return { asOf, weighting: 'cap' as const, sectors: presentSectors(rows) };
    },
  );

  app.get(
    '/api/data/market/ex-dividends',
    {
      schema: {
        tags,
        summary: 'The next ex-dividend days, soonest first',
        description:
          'For every paying stock (or the tickers given, a watchlist): the next ex-dividend day after the last ' +
          'trading day, announced or projected from its payment pattern (estimated: true), with the amount.',
        querystring: exDividendsQuery,
        response: { 200: upcomingExDividends, 400: errorBody },
      },
      ...cached,
    },
    async (request) => {
      const asOf = await selectLastDay(db);
      if (!asOf) return { asOf, items: [] };
      // Two years back: a year of ex-days gives the pattern, the year before covers an annual payer's last one.
      const rows = await selectRecentDividends(db, addMonths(asOf, -24), request.query.tickers);
      return { asOf, items: presentExDividends(rows, asOf, request.query.limit ?? 8) };
    },
  );
}
