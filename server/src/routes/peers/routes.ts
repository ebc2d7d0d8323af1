import { companyPeers, errorBody, nextReport, tickerQuery } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { choosePeers } from '../../finance/peers.ts';
import { dataCache } from '../../http/data-cache.ts';
import { notFound } from '../../http/errors.ts';
import { resolveTicker, resolveTickers } from '../market/securities.ts';
import { presentNextReport, presentPeers } from './presenter.ts';
import { selectAsOf, selectFiledPeriods, selectStockRows } from './queries.ts';

const tags = ['company'];

/** Issue 33: a company's peers side by side, and its next report date estimated from its filings. */
export function peerRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  const db = database.reader;

  app.get(
    '/api/data/company/peers',
    {
      schema: {
        tags,
        summary: 'The nearest companies by industry and market cap, with key ratios side by side',
        querystring: tickerQuery,
        response: { 200: companyPeers, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request) => {
      // A coin has no industry, no peers: its ticker is not one this call knows.
      const [security] = await resolveTickers(db, [request.query.ticker], 'stock');
      const rows = await selectStockRows(db);
      const company = rows.find((row) => row.id === security?.id);
      if (!company) throw notFound(`No key ratios for "${request.query.ticker}" yet`);
      return presentPeers(company, choosePeers(company, rows));
    },
  );

  app.get(
    '/api/data/company/next-report',
    {
      schema: {
        tags,
        summary: 'The next report date, estimated from the filing calendar',
        querystring: tickerQuery,
        response: { 200: nextReport, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request) => {
      const security = await resolveTicker(db, request.query.ticker);
      const [filings, asOf] = await Promise.all([selectFiledPeriods(db, security.id), selectAsOf(db, security.id)]);
      return presentNextReport(security.ticker, filings, asOf);
    },
  );
}
