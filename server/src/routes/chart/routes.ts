import {
  chartSeriesBody,
  chartSeriesQuery,
  dividendYieldChart,
  drawdownChart,
  errorBody,
  priceChart,
  priceChartV2,
  type SeriesResolution,
  seriesBody,
  seriesQuery,
  valuationRatiosChart,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext, ZodApp } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import type { SecurityKind } from '../../db/schema.ts';
import { selectStatementFacts } from '../../derived/fact-statements.ts';
import { readCloseColumn, readCloseSeries, readPriceBars } from '../../derived/price-years.ts';
import { selectCloses, selectDividends, selectFirstCloses, selectSplits } from '../../derived/series-queries.ts';
import { ColumnCloses } from '../../finance/close-history.ts';
import { addDays, type Range } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { statementTemplates } from '../../metrics/templates.ts';
import { groupBySecurity, resolveTickers, type SecurityRef } from '../market/securities.ts';
import { dividendYieldOf, drawdownOf, ohlcvSeries } from './presenter.ts';
import { VALUATION_ITEMS } from './queries.ts';
import { chooseResolution, weekRunsOf } from './resolution.ts';
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
  /** A daily series sized to the range (the resolution parameter, docs/api.md "Resolution"). */
  sized: boolean;
  summary: string;
  response: R;
  build: (db: Db, securities: SecurityRef[], range: Range, asked?: SeriesResolution) => Promise<z.infer<R>>;
}

/** The resolution of one series from its rows (sorted by day). */
const resolutionOf = (asked: SeriesResolution | undefined, range: Range, rows: readonly { day: string }[] = []) =>
  chooseResolution(asked, range, rows[0]?.day, rows.at(-1)?.day);

const ids = (securities: SecurityRef[]) => securities.map((s) => s.id);

/** Daily split-adjusted closes, every day of the range (the spec's call has no resolution). */
async function prices(db: Db, securities: SecurityRef[], range: Range) {
  const closes = await readCloseSeries(db, ids(securities), range, 'close_split_adj');
  return {
    series: securities.map((s) => {
      const series = closes.get(s.id);
      // Points made once from the chunk's columns (20 years: 5,000 a line).
      const points = series ? series.days.map((day, i) => ({ day, close: Number(series.closes[i]) })) : [];
      return { ticker: s.ticker, name: s.name, currency: s.currency, points };
    }),
  };
}

async function ohlcv(db: Db, securities: SecurityRef[], range: Range, asked?: SeriesResolution) {
  const [bars, dividends, splits] = await Promise.all([
    readPriceBars(db, ids(securities), range),
    selectDividends(db, ids(securities), range),
    selectSplits(db, ids(securities), range),
  ]);
  const [d, s] = [groupBySecurity(dividends), groupBySecurity(splits)];
  return {
    series: securities.map((sec) => {
      const own = bars.get(sec.id);
      const resolution = chooseResolution(asked, range, own?.days[0], own?.days.at(-1));
      return ohlcvSeries(sec, own, d.get(sec.id), s.get(sec.id), resolution);
    }),
  };
}

async function drawdown(db: Db, securities: SecurityRef[], range: Range, asked?: SeriesResolution) {
  const rows = await selectCloses(db, ids(securities), range, 'close_adj');
  return {
    series: securities.map((s) => drawdownOf(s, rows.get(s.id), resolutionOf(asked, range, rows.get(s.id)))),
  };
}

async function dividendYield(db: Db, securities: SecurityRef[], range: Range, asked?: SeriesResolution) {
  // The first day's yield needs the dividends of the year before it, and the first close of the whole
  // history: the dividend history is known from it, so a yield exists from a year after it (issue 42).
  const yearBefore = { from: range.from ? addDays(range.from, -366) : undefined, to: range.to };
  const [closes, dividends, firstCloses] = await Promise.all([
    selectCloses(db, ids(securities), range, 'close_split_adj'),
    selectDividends(db, ids(securities), yearBefore),
    selectFirstCloses(db, ids(securities)),
  ]);
  const d = groupBySecurity(dividends);
  return {
    series: securities.map((s) => {
      const rows = closes.get(s.id) ?? [];
      return dividendYieldOf(s, rows, d.get(s.id), firstCloses.get(s.id), resolutionOf(asked, range, rows));
    }),
  };
}

async function valuation(db: Db, securities: SecurityRef[], range: Range, asked?: SeriesResolution) {
  const [closes, { facts, currencies }, splits, templates] = await Promise.all([
    readCloseColumn(db, ids(securities), range, 'close_split_adj'),
    selectStatementFacts(db, ids(securities), VALUATION_ITEMS, range.to),
    selectSplits(db, ids(securities)),
    // The kind of company decides which ratios mean anything (a bank's EV/EBITDA does not), as in key statistics.
    statementTemplates(db, securities),
  ]);
  const [f, s] = [groupBySecurity(facts), groupBySecurity(splits)];
  // No exchange rates here: a price in one currency over statements in another has no ratio (the
  // screener's rule, ingest/indicators.ts), never USD prices over EUR earnings.
  const otherCurrency = new Set(
    securities
      .filter((sec) => [...(currencies.get(sec.id) ?? [])].some((currency) => currency !== sec.currency))
      .map((sec) => sec.id),
  );
  return {
    series: securities.map((sec) => {
      const series = closes.get(sec.id) ?? ColumnCloses.empty;
      const n = series.length;
      const resolution = chooseResolution(
        asked,
        range,
        n ? series.day(0) : undefined,
        n ? series.day(n - 1) : undefined,
      );
      // A day's ratios need only its close and what was filed by then: weekly, only the weeks' last days
      // are computed (20 years: 1,000 of 5,000).
      const at = resolution === 'weekly' ? weekRunsOf(series.numbers).map(([, last]) => last) : null;
      const on = at
        ? {
            days: at.map((i) => series.day(i)),
            numbers: Int32Array.from(at, (i) => series.numbers[i] as number),
            closes: Float64Array.from(at, (i) => series.closes[i] as number),
          }
        : {
            days: Array.from({ length: n }, (_, i) => series.day(i)),
            numbers: series.numbers,
            closes: series.closes,
          };
      const ownFacts = otherCurrency.has(sec.id) ? [] : f.get(sec.id);
      return valuationSeries(sec, on, ownFacts, s.get(sec.id), resolution, templates.get(sec.id) ?? 'general');
    }),
  };
}

const calls = [
  {
    path: '/api/data/chart/price',
    sized: false,
    kind: 'stock',
    post: true,
    summary: 'Daily closes',
    response: priceChart,
    build: prices,
  },
  {
    path: '/api/data/chart/crypto/price',
    sized: false,
    kind: 'crypto',
    post: true,
    summary: 'Daily crypto closes (UTC days)',
    response: priceChart,
    build: prices,
  },
  {
    path: '/api/data/v2/chart/price',
    sized: true,
    kind: 'stock',
    post: true,
    summary: 'Daily OHLCV with adjusted close, dividends and splits',
    response: priceChartV2,
    build: ohlcv,
  },
  {
    path: '/api/data/v2/chart/crypto/price',
    sized: true,
    kind: 'crypto',
    post: false,
    summary: 'Daily crypto OHLCV (UTC days), as the stock call gives it',
    response: priceChartV2,
    build: ohlcv,
  },
  {
    path: '/api/data/chart/downside-potential',
    sized: true,
    kind: 'stock',
    post: false,
    summary: 'Drawdown from the running high, per day',
    response: drawdownChart,
    build: drawdown,
  },
  {
    path: '/api/data/chart/crypto/downside-potential',
    sized: true,
    kind: 'crypto',
    post: false,
    summary: 'Crypto drawdown from the running high, per day',
    response: drawdownChart,
    build: drawdown,
  },
  {
    path: '/api/data/chart/dividend-yield-by-time',
    sized: true,
    kind: 'stock',
    post: false,
    summary: 'TTM dividend yield per day',
    response: dividendYieldChart,
    build: dividendYield,
  },
  {
    path: '/api/data/chart/valuation-ratios',
    sized: true,
    kind: 'stock',
    post: false,
    summary: 'P/E, P/S, P/B, EV/EBITDA, P/FCF and EV/Sales per day',
    response: valuationRatiosChart,
    build: valuation,
  },
] as const satisfies readonly ChartCall<z.ZodType>[];

export function chartRoutes(app: ZodApp, { database }: AppContext): void {
  const cached = dataCache(database).hooks;
  for (const call of calls as readonly ChartCall<z.ZodType>[]) {
    const answer = async (input: Range & { tickers: string[]; resolution?: SeriesResolution | undefined }) => {
      const securities = await resolveTickers(database.reader, input.tickers, call.kind);
      const range = { from: input.from, to: input.to };
      return call.build(database.reader, securities, range, input.resolution);
    };
    const description = `${call.summary}, one series per ticker (${call.kind} tickers; another is a 404 ticker_not_found).`;
    app.get(
      call.path,
      {
        schema: {
          tags: ['chart'],
          summary: call.summary,
          description,
          querystring: call.sized ? chartSeriesQuery : seriesQuery,
          response: { 200: call.response, 400: errorBody, 404: errorBody },
        },
        ...cached,
      },
      async (request) => answer(request.query),
    );
    if (!call.post) continue;
    app.post(
      call.path,
      {
        schema: {
          tags: ['chart'],
          summary: `${call.summary} (POST, for long ticker lists)`,
          description,
          body: call.sized ? chartSeriesBody : seriesBody,
          response: { 200: call.response, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => answer(request.body),
    );
  }
}
