import {
  backtestQuery,
  backtestResponse,
  errorBody,
  odataAsOfQuery,
  odataResponse,
  odataTopMax,
  odataV2Response,
  screenerChoices,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext, ZodApp } from '../../context.ts';
import { dataCache } from '../../http/data-cache.ts';
import { invalidField } from '../../http/errors.ts';
import { canonicalODataQuery, RepeatedOptionError, withSkip } from '../../odata/options.ts';
import { checkAsOf } from './as-of-table.ts';
import { backtestOf } from './backtest-run.ts';
import { screenerChoices as selectChoices } from './choices.ts';
import { describeColumns } from './columns.ts';
import { screenerPage } from './screener.ts';

const FILTER_HELP =
  'OData 4.01 over the screener table: $filter (eq ne gt ge lt le, and or not, in (...), add sub mul div mod, ' +
  "contains startswith endswith tolower toupper length, null, true, false, numbers, dates as 2024-01-31, 'strings' " +
  "with '' for a quote), $orderby (several keys, asc/desc, nulls last), $select, $top (at most 1000), $skip, " +
  '$count=true, and asOf=YYYY-MM-DD for the screen as known on a day (no look-ahead; ADR 0026); as OData 4.01 allows, an option may be written without its $ and in any case (filter=, Top=). ' +
  'A malformed expression is a 400 whose details give the position (0-based) and what was expected.';

/** A preValidation hook for OData routes: the schema then checks `top=abc` as it checks `$top=abc`. */
async function canonicalODataOptions(request: FastifyRequest): Promise<void> {
  try {
    request.query = canonicalODataQuery(request.query as Record<string, unknown>);
  } catch (error) {
    if (error instanceof RepeatedOptionError) throw invalidField(error.parameter, error.detail);
    throw error;
  }
}

/** spec 7, Indicators: the screener's OData endpoints. */
export function indicatorRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;

  app.get(
    '/api/data/indicator/odata',
    {
      schema: {
        tags: ['indicators'],
        summary: 'Query the screener table with OData',
        description: `${FILTER_HELP} Without $top the server returns at most ${odataTopMax} rows and an @odata.nextLink.`,
        querystring: odataAsOfQuery,
        response: { 200: odataResponse, 400: errorBody },
      },
      // filter=, Top= and the like are the OData 4.01 spellings of $filter, $top...
      preValidation: canonicalODataOptions,
      ...cached,
    },
    async (request) => {
      const query = request.query;
      if (query.asOf) await checkAsOf(database.reader, query.asOf);
      const page = await screenerPage(database, query, {
        defaultTop: odataTopMax,
        withCount: query.$count === 'true',
        probeNext: query.$top === undefined,
        ...(query.asOf ? { asOf: query.asOf } : {}),
      });
      const head = {
        ...(page.total === undefined ? {} : { '@odata.count': page.total }),
        ...(page.more ? { '@odata.nextLink': withSkip(request.url, page.skip + page.top) } : {}),
      };
      return { ...head, value: page.rows };
    },
  );

  app.get(
    '/api/data/indicator/odatav2',
    {
      schema: {
        tags: ['indicators'],
        summary: 'One page of the screener, with the total and column types',
        description: `${FILTER_HELP} Always counts; $top defaults to 50.`,
        querystring: odataAsOfQuery,
        response: { 200: odataV2Response, 400: errorBody },
      },
      preValidation: canonicalODataOptions,
      ...cached,
    },
    async (request) => {
      const query = request.query;
      if (query.asOf) await checkAsOf(database.reader, query.asOf);
      const page = await screenerPage(database, query, {
        defaultTop: 50,
        withCount: true,
        probeNext: false,
        ...(query.asOf ? { asOf: query.asOf } : {}),
      });
      const columns = describeColumns(page.fields);
      return { total: page.total ?? 0, skip: page.skip, top: page.top, columns, value: page.rows };
    },
  );

  app.get(
    '/api/data/indicator/backtest',
    {
      schema: {
        tags: ['indicators'],
        summary: 'Backtest a screen: run as of each rebalance day, its top stocks held equal-weighted',
        description:
          'At each rebalance day (the first trading day from `from`, then each month end, or each quarter end) the ' +
          'screen ($filter and the green flags, any of those set) runs on the stocks as known that day (ADR 0026: ' +
          'the filings filed by then, the closes up to it) and its first `top` by `orderBy` are bought ' +
          'equal-weighted and held to the next, dividends reinvested. Against every stock with a close in the ' +
          'week up to the day, equal-weighted. Survivorship: a stock whose data ends is held at its last close; ' +
          'prices as loaded; no costs or taxes.',
        querystring: backtestQuery,
        response: { 200: backtestResponse, 400: errorBody },
      },
      ...cached,
    },
    async (request) => backtestOf(database, request.query),
  );

  app.get(
    '/api/data/indicator/choices',
    {
      schema: {
        tags: ['indicators'],
        summary: "The screener's choice filters: every sector, industry, country and exchange among the stocks",
        response: { 200: screenerChoices },
      },
      ...cached,
    },
    async () => selectChoices(database.reader),
  );
}
