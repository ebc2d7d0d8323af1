import { marketIndices } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { addDays, addMonths } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { presentIndices } from './presenter.ts';
import { selectCloseHistories, selectStocks } from './queries.ts';

/** Issue 33: the markets page's equal-weighted indices, of every stock and of each sector. */
export function marketsRoutes(app: ZodApp, { database }: AppContext): void {
  const db = database.reader;
  app.get(
    '/api/data/market/indices',
    {
      schema: {
        tags: ['market'],
        summary: 'Equal-weighted indices of every stock and of each sector, with the sectors’ movers',
        description:
          'Day, month and year changes on daily closes: the last value against the last trading day on or before ' +
          'the same date one period earlier. The year and a week of days the year change needs.',
        response: { 200: marketIndices },
      },
      ...dataCache(database).hooks,
    },
    async () => {
      const stocks = await selectStocks(db);
      const asOf = stocks.reduce<string | null>(
        (last, s) => (s.asOf && (!last || s.asOf > last) ? s.asOf : last),
        null,
      );
      if (!asOf) {
        const empty = { companies: 0, dayPct: null, monthPct: null, yearPct: null, values: [] };
        return { asOf, weighting: 'equal' as const, days: [], universe: empty, sectors: [] };
      }
      // A week before the year: the year change's base day is the last trading day on or before it.
      const from = addDays(addMonths(asOf, -12), -7);
      const histories = await selectCloseHistories(
        db,
        stocks.map((s) => s.id),
        from,
        asOf,
      );
      return presentIndices(asOf, from, stocks, histories);
    },
  );
}
