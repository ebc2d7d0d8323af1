import type { BacktestQuery, BacktestResponse } from '@app/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { readDataVersion } from '../../db/meta.ts';
import type { IndicatorColumns } from '../../derived/screener-rows.ts';
import { indicatorColumns } from '../../derived/screener-rows.ts';
import { addDays } from '../../finance/types.ts';
import { ApiError, invalidField } from '../../http/errors.ts';
import { type Holding, simulate, summarise } from '../../metrics/backtest.ts';
import { turnTaker } from '../../metrics/event-loop-turns.ts';
import {
  isMonthEnd,
  lastMonthEndBefore,
  monthEndsBetween,
  staleMonthSecurities,
} from '../../metrics/indicator-months.ts';
import { kickMonthsFill } from '../../metrics/months-fill.ts';
import { indicatorRow } from '../../metrics/screener-row.ts';
import { inputsOn, readUniverseHistoryInTurns } from '../../metrics/universe-as-of.ts';
import { ODataError } from '../../odata/errors.ts';
import { type ODataPlan, planODataQuery } from '../../odata/query.ts';
import { type DayTable, indicatorsOf } from './as-of-table.ts';
import { backtestCloses } from './backtest-closes.ts';

/*
 * GET /api/data/indicator/backtest (issue 43): the screen run as of each rebalance day on the stocks
 * known then (the screener's own SQL over that day's rows: a month end's stored rows, ADR 0026), its top
 * stocks held equal-weighted until the next rebalance on total-return closes (metrics/backtest.ts),
 * against every stock with a close in the week up to that day, equal-weighted.
 */

/** A stock without a close in the week up to a rebalance day no longer trades: it cannot be bought. */
const STALE_DAYS = 7;
/** Answers kept per data version (the data cache stores an answer from its second request on). */
const ANSWERS_KEPT = 32;

const answers = new WeakMap<Database, { version: number; byQuery: Map<string, Promise<BacktestResponse>> }>();

/** The backtest of a screen, computed once per data version and query. */
export async function backtestOf(database: Database, query: BacktestQuery): Promise<BacktestResponse> {
  const plan = planScreen(database.engine, query);
  const version = await readDataVersion(database.reader);
  let known = answers.get(database);
  if (!known || known.version !== version) {
    known = { version, byQuery: new Map() };
    answers.set(database, known);
  }
  const key = JSON.stringify(query);
  const cached = known.byQuery.get(key);
  if (cached) return cached;
  const answer = runBacktest(database, query, plan);
  const byQuery = known.byQuery;
  byQuery.set(key, answer);
  answer.catch(() => byQuery.delete(key));
  if (byQuery.size > ANSWERS_KEPT) byQuery.delete(byQuery.keys().next().value as string);
  return answer;
}

const flagFilters = [
  ['isGreenEnergy', 'isGreenEnergy eq true'],
  ['isGreenTransport', 'isGreenTransport eq true'],
  ['isGreenWater', 'isGreenWater eq true'],
  ['isGreenWaste', 'isGreenWaste eq true'],
] as const;

/** The screen's $filter (with the green flags asked for: any of them) and orderBy, compiled; a 400 naming the option. */
function planScreen(engine: Database['engine'], query: BacktestQuery): ODataPlan {
  const plan = (filter: string | undefined) => {
    try {
      return planODataQuery({ filter, orderby: query.orderBy }, indicatorColumns, engine, 'ticker');
    } catch (error) {
      if (!(error instanceof ODataError)) throw error;
      const field = error.option === '$orderby' ? 'orderBy' : '$filter';
      throw new ApiError(400, 'validation_error', `Invalid query parameter "${field}": ${error.message}`, {
        field,
        location: 'query',
        issues: [{ path: field, message: error.message }],
        position: error.position,
      });
    }
  };
  const userPlan = plan(query.$filter);
  const flags = flagFilters.filter(([name]) => query[name]).map(([, text]) => text);
  if (flags.length === 0) return userPlan;
  const screen = query.$filter ? `(${query.$filter}) and (${flags.join(' or ')})` : flags.join(' or ');
  return plan(screen);
}

async function runBacktest(database: Database, query: BacktestQuery, plan: ODataPlan): Promise<BacktestResponse> {
  const db = database.reader;
  const today = new Date().toISOString().slice(0, 10);
  if (query.to > today) throw invalidField('to', `${query.to} is in the future (today is ${today})`);
  const stocks = await db.selectFrom('securities').select(['id', 'ticker']).where('kind', '=', 'stock').execute();
  const closes = await backtestCloses(
    db,
    stocks.map((s) => s.id),
    query.from,
    query.to,
  );
  if (closes.firstMonth === null || query.from.slice(0, 7) < closes.firstMonth)
    throw invalidField('from', `${query.from} is before the first close on file (${closes.firstMonth ?? 'none'})`);
  const { first, end } = closes;
  if (!first || !end || first >= end)
    throw invalidField('from', `no trading day between ${query.from} and ${query.to}`);
  // Rebalances on the first trading day, then at calendar month ends, each bought at the last close on
  // or before it: the month rows are what was known at the end of that day (ADR 0026).
  const monthEnds = monthEndsBetween(first, end).filter((day) => day > first);
  const quarterly = query.rebalance === 'quarterly';
  const rebalanceDays = [
    first,
    ...monthEnds.filter((day) => day < end && (!quarterly || Number(day.slice(5, 7)) % 3 === 0)),
  ];
  const onRead = await rowsOnRead(db, rebalanceDays, today);
  const screen: (Holding & { matched: number })[] = [];
  const universe: Holding[] = [];
  for (const day of rebalanceDays) {
    const source = indicatorsOf(database.engine, await onRead.tableOn(day));
    const fresh = addDays(day, -STALE_DAYS);
    // One read a rebalance: every stock with a fresh close (the universe), those passing the screen first
    // in the screen's order (the portfolio: the first `top` of them).
    const ranked = await sql<{ security_id: number; passes: number | string }>`with indicators as (${source})
        select security_id, case when ${plan.where} then 1 else 0 end as passes from indicators
        where kind = 'stock' and as_of >= ${fresh}
        order by passes desc, ${sql.join(plan.orderBy)}`.execute(db);
    const passing = ranked.rows.filter((row) => Number(row.passes) === 1);
    universe.push({ day, members: ranked.rows.map((row) => Number(row.security_id)) });
    screen.push({
      day,
      members: passing.slice(0, query.top).map((row) => Number(row.security_id)),
      matched: passing.length,
    });
  }
  const closeOn = closes.closeOn;
  const valued = monthEnds.at(-1) === end ? monthEnds : [...monthEnds, end];
  const lineOf = (holdings: readonly Holding[]) => {
    const run = simulate(holdings, valued, end, closeOn);
    const monthly = [{ day: first, value: 100 }, ...run.atDays];
    return { line: { atRebalance: run.atRebalance, monthly, ...summarise(monthly) }, turnover: run.turnover };
  };
  const portfolio = lineOf(screen);
  const tickers = new Map(stocks.map((s) => [s.id, s.ticker]));
  const turnover = portfolio.turnover;
  return {
    from: first,
    to: end,
    rebalance: query.rebalance,
    top: query.top,
    orderBy: query.orderBy,
    portfolio: portfolio.line,
    universe: lineOf(universe).line,
    turnoverPct: turnover.length > 0 ? (turnover.reduce((a, b) => a + b, 0) / turnover.length) * 100 : null,
    rebalances: screen.map(({ day, members, matched }) => ({
      day,
      matched,
      members: members.map((id) => tickers.get(id) ?? String(id)),
    })),
    limits: ['survivorship', 'pricesAsLoaded', 'noCosts'],
  };
}

/**
 * The stocks' rows of each rebalance day: a month end's stored rows, with the stocks whose month rows are
 * behind computed on read; any other day (the first, or a month end not yet over) all computed on read.
 * The stocks computed on read have their history read once and cut at each day.
 */
async function rowsOnRead(db: Database['reader'], days: readonly string[], today: string) {
  const lastStored = lastMonthEndBefore(today);
  const stored = new Set(days.filter((day) => isMonthEnd(day) && day <= lastStored));
  const latest = [...stored].at(-1);
  const stale = latest ? await staleMonthSecurities(db, latest, true) : [];
  if (stale.length > 0) kickMonthsFill(db);
  const everyStock = days.some((day) => !stored.has(day));
  const history = await readUniverseHistoryInTurns(db, true, everyStock ? undefined : stale);
  const staleSet = new Set(stale);
  const computed = JSON.stringify(stale);
  return {
    async tableOn(day: string): Promise<DayTable> {
      const onStored = stored.has(day);
      const turn = turnTaker();
      const rows: IndicatorColumns[] = [];
      for (const security of history.securities) {
        if (onStored && !staleSet.has(security.id)) continue;
        const inputs = inputsOn(history, security, day);
        if (inputs) rows.push(indicatorRow(security, inputs));
        await turn();
      }
      return { rows, json: JSON.stringify(rows), months: onStored ? { day, computed } : null };
    },
  };
}
