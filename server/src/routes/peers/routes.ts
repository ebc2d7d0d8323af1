import { companyPeers, errorBody, nextReport, type PeerRow, tickerQuery } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { choosePeers } from '../../finance/peers.ts';
import { estimateNextReport } from '../../finance/report-date.ts';
import { dataCache } from '../../http/data-cache.ts';
import { notFound } from '../../http/errors.ts';
import { changeOver, type IndexPoint } from '../../market-stats/market-index.ts';
import { resolveTicker, resolveTickers } from '../market/securities.ts';
import { type StockRow, selectAsOf, selectFiledPeriods, selectStockRows, selectYearOfCloses } from './queries.ts';

const tags = ['company'];
const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

function presentPeer(row: StockRow, closes: readonly IndexPoint[] | undefined): PeerRow {
  const { id: _id, asOf: _asOf, ...ratios } = row;
  return { ...ratios, change1yPct: percent(changeOver(closes ?? [], 'year')) };
}

/** Issue 33: a company's peers side by side, and its next report date estimated from its filings. */
export function peerRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  const db = database.db;

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
      const peers = choosePeers(company, rows);
      const asOf = company.asOf;
      const closes = asOf ? await selectYearOfCloses(db, [company.id, ...peers.map((p) => p.id)], asOf) : new Map();
      return {
        asOf,
        company: presentPeer(company, closes.get(company.id)),
        peers: peers.map((peer) => presentPeer(peer, closes.get(peer.id))),
      };
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
      const known = asOf ? filings.filter((f) => f.filed <= asOf) : [];
      const last = known.sort((a, b) => a.periodEnd.localeCompare(b.periodEnd)).at(-1);
      const estimate = asOf ? estimateNextReport(known, asOf) : { cadence: 'none' as const, expected: null };
      return {
        ticker: security.ticker,
        asOf,
        estimated: true as const,
        ...estimate,
        lastFiled: last ? { periodEnd: last.periodEnd, filed: last.filed } : null,
      };
    },
  );
}
