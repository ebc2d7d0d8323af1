import { coinList, errorBody, marketMap, marketMapQuery } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { selectCloses } from '../../derived/series-queries.ts';
import { addDays } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { weeklySparkline } from '../company/presenter.ts';
import { selectLastDay, selectQuotes } from '../market-summary/queries.ts';
import { byMarketCap, presentCoin, presentMap } from './presenter.ts';
import { selectMapRows } from './queries.ts';

const tags = ['market'];

/** Issue 46: the coin list (/crypto) and the markets page's map, each cached per data version. */
export function marketPagesRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  const db = database.reader;

  app.get(
    '/api/data/market/coins',
    {
      schema: {
        tags,
        summary: 'Every coin with its price, changes, market cap, volume, drawdown and a year’s sparkline',
        response: { 200: coinList },
      },
      ...cached,
    },
    async () => {
      const rows = await selectQuotes(db, 'crypto');
      const asOf = rows.reduce<string | null>((max, r) => (r.asOf && (!max || r.asOf > max) ? r.asOf : max), null);
      const closes = asOf
        ? await selectCloses(
            db,
            rows.map((r) => r.securityId),
            { from: addDays(asOf, -366) },
            'close_split_adj',
          )
        : new Map();
      const coins = rows.map((row) => {
        const series = closes.get(row.securityId) ?? [];
        return presentCoin(row, series, row.asOf ? addDays(row.asOf, -7) : null, weeklySparkline(series, row.asOf));
      });
      return { asOf, coins: coins.sort(byMarketCap) };
    },
  );

  app.get(
    '/api/data/market/map',
    {
      schema: {
        tags,
        summary: 'Every stock by sector with its market cap and its price change over a range (the market map)',
        querystring: marketMapQuery,
        response: { 200: marketMap, 400: errorBody },
      },
      ...cached,
    },
    async (request) => {
      const range = request.query.range;
      const asOf = await selectLastDay(db);
      if (!asOf) return { asOf, range, stocks: [] };
      return presentMap(await selectMapRows(db, range, asOf), range, asOf);
    },
  );
}
