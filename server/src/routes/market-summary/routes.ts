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
import { dataCache } from '../../http/data-cache.ts';
import { addMonths } from '../../metrics/closes.ts';
import { presentCoins, presentExDividends, presentMovers, presentSectors } from './presenter.ts';
import { selectLastDay, selectQuotes, selectRecentDividends, selectSectorRows } from './queries.ts';

const tags = ['market'];
const newestDay = (rows: readonly { asOf: string | null }[]) =>
  rows.reduce<string | null>((newest, row) => (row.asOf && (!newest || row.asOf > newest) ? row.asOf : newest), null);

/** Issue 23: the market context of the home page, each cached per data version like every data call. */
export function marketSummaryRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  const db = database.reader;

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
      const rows = await selectQuotes(db, 'stock');
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
    async () => {
      const asOf = await selectLastDay(db);
      if (!asOf) return { asOf, sectors: [] };
      const rows = await selectSectorRows(db, addMonths(asOf, -1));
      return { asOf, sectors: presentSectors(rows) };
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
