import {
  dividendYieldChart,
  drawdownChart,
  errorBody,
  priceChart,
  priceChartV2,
  seriesBody,
  seriesQuery,
  valuationRatiosChart,
} from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext, ZodApp } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { SecurityKind } from '../../db/schema.ts';
import { readChartPoints } from '../../db/series.ts';
import { addDays } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { isJsonBody, type JsonBytes, sendJsonText } from '../../http/json-text.ts';
import { groupBySecurity, resolveTickers, type SecurityRef } from '../market/securities.ts';
import { type Range, selectCloses, selectDividends, selectSplits } from '../market/series-queries.ts';
import { dividendYieldOf, drawdownOf, ohlcvSeries, priceChartBody } from './presenter.ts';
import { selectBars, selectValuationFacts } from './queries.ts';
import { valuationSeries } from './valuation.ts';

/*
 * spec 7, Chart: each call is tickers + from/to -> one series per ticker. A call is declared once below
 * (path, kind, response, how to build it) and registered as GET (cached) and, where the spec has one,
 * as POST with the same parameters in a JSON body for long ticker lists.
 */
interface ChartCall<R extends z.ZodType> {
  path: string;
  kind: SecurityKind;
  post: boolean;
  summary: string;
  response: R;
  /** The response, or its JSON when written directly (the price calls). */
  build: (db: Db, securities: SecurityRef[], range: Range) => Promise<z.infer<R> | JsonBytes>;
}

const ids = (securities: SecurityRef[]) => securities.map((s) => s.id);

/** Written as JSON straight from the JSON the year chunks store (presenter priceChartBody). */
async function prices(db: Db, securities: SecurityRef[], range: Range) {
  return priceChartBody(securities, await readChartPoints(db, ids(securities), range));
}

async function ohlcv(db: Db, securities: SecurityRef[], range: Range) {
  const [bars, dividends, splits] = await Promise.all([
    selectBars(db, ids(securities), range),
    selectDividends(db, ids(securities), range),
    selectSplits(db, ids(securities), range),
  ]);
  const [b, d, s] = [groupBySecurity(bars), groupBySecurity(dividends), groupBySecurity(splits)];
  return { series: securities.map((sec) => ohlcvSeries(sec, b.get(sec.id), d.get(sec.id), s.get(sec.id))) };
}

async function drawdown(db: Db, securities: SecurityRef[], range: Range) {
  const rows = await selectCloses(db, ids(securities), range, 'close_adj');
  return { series: securities.map((s) => drawdownOf(s, rows.get(s.id))) };
}

async function dividendYield(db: Db, securities: SecurityRef[], range: Range) {
  // The first day's yield needs the dividends of the year before it.
  const dividendRange = { from: range.from ? addDays(range.from, -366) : undefined, to: range.to };
  const [closes, dividends] = await Promise.all([
    selectCloses(db, ids(securities), range, 'close_split_adj'),
    selectDividends(db, ids(securities), dividendRange),
  ]);
  const d = groupBySecurity(dividends);
  return { series: securities.map((s) => dividendYieldOf(s, closes.get(s.id), d.get(s.id))) };
}

async function valuation(db: Db, securities: SecurityRef[], range: Range) {
  const [closes, facts, splits] = await Promise.all([
    selectCloses(db, ids(securities), range, 'close_split_adj'),
    selectValuationFacts(db, ids(securities), range.to),
    selectSplits(db, ids(securities)),
  ]);
  const [f, s] = [groupBySecurity(facts), groupBySecurity(splits)];
  return { series: securities.map((sec) => valuationSeries(sec, closes.get(sec.id), f.get(sec.id), s.get(sec.id))) };
}

const calls = [
  {
    path: '/api/data/chart/price',
    kind: 'stock',
    post: true,
    summary: 'Daily closes',
    response: priceChart,
    build: prices,
  },
  {
    path: '/api/data/chart/crypto/price',
    kind: 'crypto',
    post: true,
    summary: 'Daily crypto closes (UTC days)',
    response: priceChart,
    build: prices,
  },
  {
    path: '/api/data/v2/chart/price',
    kind: 'stock',
    post: true,
    summary: 'Daily OHLCV with adjusted close, dividends and splits',
    response: priceChartV2,
    build: ohlcv,
  },
  {
    path: '/api/data/chart/downside-potential',
    kind: 'stock',
    post: false,
    summary: 'Drawdown from the running high, per day',
    response: drawdownChart,
    build: drawdown,
  },
  {
    path: '/api/data/chart/crypto/downside-potential',
    kind: 'crypto',
    post: false,
    summary: 'Crypto drawdown from the running high, per day',
    response: drawdownChart,
    build: drawdown,
  },
  {
    path: '/api/data/chart/dividend-yield-by-time',
    kind: 'stock',
    post: false,
    summary: 'TTM dividend yield per day',
    response: dividendYieldChart,
    build: dividendYield,
  },
  {
    path: '/api/data/chart/valuation-ratios',
    kind: 'stock',
    post: false,
    summary: 'P/E, P/S, P/B and EV/EBITDA per day',
    response: valuationRatiosChart,
    build: valuation,
  },
] as const satisfies readonly ChartCall<z.ZodType>[];

export function chartRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  for (const call of calls as readonly ChartCall<z.ZodType>[]) {
    const answer = async (
      input: { tickers: string[]; from?: string | undefined; to?: string | undefined },
      reply: FastifyReply,
    ) => {
      const securities = await resolveTickers(database.db, input.tickers, call.kind);
      const body = await call.build(database.db, securities, { from: input.from, to: input.to });
      if (isJsonBody(body)) return sendJsonText(reply, body);
      return body;
    };
    const description = `${call.summary}, one series per ticker (${call.kind} tickers; another is a 404 ticker_not_found).`;
    app.get(
      call.path,
      {
        schema: {
          tags: ['chart'],
          summary: call.summary,
          description,
          querystring: seriesQuery,
          response: { 200: call.response, 400: errorBody, 404: errorBody },
        },
        ...cached,
      },
      async (request, reply) => answer(request.query, reply),
    );
    if (!call.post) continue;
    app.post(
      call.path,
      {
        schema: {
          tags: ['chart'],
          summary: `${call.summary} (POST, for long ticker lists)`,
          description,
          body: seriesBody,
          response: { 200: call.response, 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => answer(request.body, reply),
    );
  }
}
