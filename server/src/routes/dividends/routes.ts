import {
  dividendsByMonth,
  dividendsPerShare,
  dividendYieldPercentile,
  errorBody,
  seriesQuery,
  tickerQuery,
} from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { selectDividends, selectFirstCloses } from '../../derived/series-queries.ts';
import { dividendYieldSeries, yieldPercentile } from '../../finance/dividends.ts';
import { addDays } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import { groupBySecurity, resolveTicker, resolveTickers } from '../market/securities.ts';
import { dividendHistoryRoutes } from './history.ts';
import { presentByMonth, presentDps } from './presenter.ts';
import { selectAsOf, selectYieldHistory } from './queries.ts';

const today = () => new Date().toISOString().slice(0, 10);
const idsOf = (securities: readonly { id: number }[]) => securities.map((s) => s.id);
/** The newest of the days; undefined for none. */
const newest = (days: ReadonlyMap<number, string>) =>
  [...days.values()].reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);

/** spec 7, Dividends (dps, by-month) and the dividend-yield percentile indicator (div-perc). */
export function dividendRoutes(app: ZodApp, context: AppContext): void {
  const { database } = context;
  dividendHistoryRoutes(app, context);
  const cached = dataCache(database).hooks;
  const db = database.reader;
  const responses = { 400: errorBody, 404: errorBody };

  app.get(
    '/api/data/dividends/dps',
    {
      schema: {
        tags: ['dividends'],
        summary: 'Dividends per share per year, with growth',
        querystring: seriesQuery,
        response: { 200: dividendsPerShare, ...responses },
      },
      ...cached,
    },
    async (request) => {
      const { tickers, from, to } = request.query;
      const securities = await resolveTickers(db, tickers);
      const ids = securities.map((s) => s.id);
      // All history: growth and the 5-year CAGR look back before from, over the full years the history
      // covers (from its first close on).
      const [rows, asOf, firstCloses] = await Promise.all([
        selectDividends(db, ids, { to }),
        selectAsOf(db, ids),
        selectFirstCloses(db, ids),
      ]);
      const bySecurity = groupBySecurity(rows);
      return {
        series: securities.map((s) =>
          presentDps(
            s,
            bySecurity.get(s.id) ?? [],
            { from, to },
            to ?? asOf.get(s.id) ?? today(),
            firstCloses.get(s.id),
          ),
        ),
      };
    },
  );

  app.get(
    '/api/data/dividends/by-month',
    {
      schema: {
        tags: ['dividends'],
        summary: 'Dividends per calendar month (a dividend calendar)',
        querystring: seriesQuery,
        response: { 200: dividendsByMonth, ...responses },
      },
      ...cached,
    },
    async (request) => {
      const securities = await resolveTickers(db, request.query.tickers);
      // The year up to the newest close of the securities asked (their inputs' day, as every panel's as-of),
      // not the wall clock: the same answer for the same data whatever the day it is asked.
      const to = request.query.to ?? newest(await selectAsOf(db, idsOf(securities))) ?? today();
      const from = request.query.from ?? addDays(to, -364);
      // Every dividend: the pattern reads the gaps before and after the range's payments too.
      const rows = groupBySecurity(
        await selectDividends(
          db,
          securities.map((s) => s.id),
        ),
      );
      return { from, to, series: securities.map((s) => presentByMonth(s, rows.get(s.id) ?? [], { from, to })) };
    },
  );

  app.get(
    '/api/data/indicator/div-perc',
    {
      schema: {
        tags: ['indicators'],
        summary: "Dividend yield against the ticker's own 10-year history",
        querystring: tickerQuery,
        response: { 200: dividendYieldPercentile, ...responses },
      },
      ...cached,
    },
    async (request) => {
      const security = await resolveTicker(db, request.query.ticker);
      const asOf = (await selectAsOf(db, [security.id])).get(security.id) ?? today();
      // Ten years of yields, plus the year before for the first day's trailing dividends.
      const [prices, dividends, firstClose] = await selectYieldHistory(
        db,
        security.id,
        addDays(asOf, -Math.round(11 * 365.25)),
      );
      const series = dividendYieldSeries(
        prices.map((p) => ({ day: p.day, close: p.close_split_adj })),
        dividends.map((d) => ({ exDate: d.ex_date, amount: d.amount_split_adj })),
        firstClose,
      ).filter((p) => p.day > addDays(asOf, -Math.round(10 * 365.25)));
      const result = yieldPercentile(series);
      const last = series.at(-1);
      return {
        ticker: security.ticker,
        day: last?.day ?? null,
        yieldPct: last?.yieldPct ?? null,
        percentile: result?.percentile ?? null,
        band: result?.band ?? null,
        windowStart: result?.windowStart ?? null,
        days: result?.days ?? 0,
      };
    },
  );
}
