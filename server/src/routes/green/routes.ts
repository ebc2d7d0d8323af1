import {
  errorBody,
  greenDefaultFields,
  greenStocksDescription,
  greenStocksQuery,
  greenStocksResponse,
} from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { dataCache } from '../../http/data-cache.ts';
import { checkAsOf, indicatorsOf, indicatorTableOn } from '../indicator/as-of-table.ts';
import { presentIndicatorRows } from '../indicator/columns.ts';
import { countGreenStocks, type GreenFlagColumn, selectGreenStocks } from './queries.ts';

const DEFAULT_LIMIT = 50;

/** spec 7, Green stocks: the green-stocks list with its four filter flags and the total count. */
export function greenRoutes(app: ZodApp, { database }: AppContext): void {
  app.get(
    '/api/data/green/stocks',
    {
      schema: {
        tags: ['green'],
        summary: 'Green stocks, filtered by flag, sorted and paged',
        description: greenStocksDescription,
        querystring: greenStocksQuery,
        response: { 200: greenStocksResponse, 400: errorBody },
      },
      ...dataCache(database).hooks,
    },
    async (request) => {
      const query = request.query;
      const flags: GreenFlagColumn[] = [];
      if (query.isGreenEnergy) flags.push('is_green_energy');
      if (query.isGreenTransport) flags.push('is_green_transport');
      if (query.isGreenWater) flags.push('is_green_water');
      if (query.isGreenWaste) flags.push('is_green_waste');
      const fields = [...new Set(query.fields ?? greenDefaultFields)];
      const skip = query.skip ?? 0;
      const limit = query.limit ?? DEFAULT_LIMIT;
      if (query.asOf) await checkAsOf(database.reader, query.asOf);
      const source = query.asOf
        ? indicatorsOf(database.engine, await indicatorTableOn(database, query.asOf))
        : undefined;
      const [rows, total] = await Promise.all([
        selectGreenStocks(database.reader, {
          flags,
          fields,
          orderBy: query.orderBy ?? 'marketCap',
          order: query.order ?? 'desc',
          skip,
          limit,
          ...(source ? { source } : {}),
        }),
        countGreenStocks(database.reader, flags, source),
      ]);
      return { total, skip, limit, rows: presentIndicatorRows(rows, fields) };
    },
  );
}
