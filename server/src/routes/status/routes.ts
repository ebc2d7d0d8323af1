import { dataStatusResponse } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { dataCache } from '../../http/data-cache.ts';
import { readDataGaps, readDataStatus } from '../../ingest/data-status.ts';

/** GET /api/data/status: data version, demo flag and as-of dates (the web shell's "demo data" banner reads it). */
export function statusRoutes(app: ZodApp, { database }: AppContext): void {
  app.get(
    '/api/data/status',
    {
      schema: {
        tags: ['data'],
        summary: 'What market data the server holds',
        description:
          'The data version, whether the demo universe is in use, the as-of dates of prices and filings, and the ' +
          'progress of a first start loading the demo universe in the background.',
        response: { 200: dataStatusResponse },
      },
      ...dataCache(database).hooks,
    },
    async () => {
      const [s, gaps] = await Promise.all([readDataStatus(database.reader), readDataGaps(database.reader)]);
      return {
        dataVersion: s.dataVersion,
        demo: s.demo,
        securities: { stocks: s.stocks, crypto: s.crypto },
        pricesAsOf: s.pricesAsOf,
        filingsAsOf: s.filingsAsOf,
        gaps,
        seeding: s.seedingTotal === null ? null : { loaded: s.stocks + s.crypto, total: s.seedingTotal },
      };
    },
  );
}
