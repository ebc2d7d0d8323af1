import {
  companyLinks,
  companyProfile,
  companySearch,
  companySearchQuery,
  errorBody,
  homeCards,
  homeCardsQuery,
  profileQuery,
  tickerPathParams,
} from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { selectCloses } from '../../derived/series-queries.ts';
import { addDays } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { resolveTicker, resolveTickers } from '../market/securities.ts';
import { presentCard, presentLinks, presentProfile, presentSearch, weeklySparkline } from './presenter.ts';
import { searchSecurities, selectCards, selectLinkSources, selectProfile } from './queries.ts';
import { statisticsRoutes } from './statistics.ts';

/** How many cards the home dashboard gets without a ticker list: the largest stocks. */
const DEFAULT_CARDS = 8;
const DEFAULT_SEARCH_RESULTS = 10;

/** spec 7, Company: profile, links, home cards and the ticker box's search; key statistics (issue 22). */
export function companyRoutes(app: ZodApp, context: AppContext): void {
  const { database } = context;
  statisticsRoutes(app, context);
  const cached = dataCache(database).hooks;
  const db = database.reader;
  const tags = ['company'];

  app.get(
    '/api/data/company',
    {
      schema: {
        tags,
        summary: 'Company (or coin) profile with the last price',
        querystring: profileQuery,
        response: { 200: companyProfile, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request) =>
      presentProfile(await selectProfile(db, (await resolveTicker(db, request.query.ticker)).id), request.query.lang),
  );

  app.get(
    '/api/data/company/search',
    {
      schema: {
        tags,
        summary: 'Search tickers and names for the ticker box',
        description:
          'Ranked: exact ticker, ticker prefix, a word of the name starting with q, then q anywhere; ' +
          'larger market cap first within a rank. Case-insensitive.',
        querystring: companySearchQuery,
        response: { 200: companySearch, 400: errorBody },
      },
      ...cached,
    },
    async (request) =>
      presentSearch(await searchSecurities(db, request.query.q, request.query.limit ?? DEFAULT_SEARCH_RESULTS)),
  );

  app.get(
    '/api/data/company/home',
    {
      schema: {
        tags,
        summary: 'Cards for the home dashboard',
        description: 'Price, day change, a one-year weekly sparkline, dividend yield and market cap per ticker.',
        querystring: homeCardsQuery,
        response: { 200: homeCards, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request) => {
      const asked = request.query.tickers ? await resolveTickers(db, request.query.tickers) : null;
      const rows = await selectCards(db, asked?.map((s) => s.id) ?? null, DEFAULT_CARDS);
      const days = rows.map((r) => r.as_of).filter((d): d is string => d != null);
      const from = days.length ? addDays(days.sort()[0] as string, -366) : null;
      const closes = from
        ? await selectCloses(
            db,
            rows.map((r) => r.security_id),
            { from },
            'close_split_adj',
          )
        : new Map();
      const byId = new Map(rows.map((r) => [r.security_id, r]));
      // Asked-for order; a security without a screener row yet has no card.
      const ordered = asked ? asked.flatMap((s) => byId.get(s.id) ?? []) : rows;
      return { cards: ordered.map((r) => presentCard(r, weeklySparkline(closes.get(r.security_id) ?? [], r.as_of))) };
    },
  );

  app.get(
    '/api/data/company/:ticker/links',
    {
      schema: {
        tags,
        summary: 'Website, investor relations, SEC filings and news feeds of a company',
        params: tickerPathParams,
        response: { 200: companyLinks, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request) => presentLinks(await selectLinkSources(db, (await resolveTicker(db, request.params.ticker)).id)),
  );
}
