import type { StatementKind } from '@app/contract';
import type { Selectable } from 'kysely';
import { selectLatestCoinSupply } from '../db/coin-supply.ts';
import type { Db } from '../db/index.ts';
import type { Schema } from '../db/schema.ts';
import { type FactHistory, factStatementsOn, selectFactHistories } from '../derived/as-filed.ts';
import { selectStatementKinds } from '../derived/fact-statements.ts';
import { type PeriodRow, periodRows } from '../derived/fiscal-periods.ts';
import { readBothCloses } from '../derived/price-years.ts';
import type { IndicatorColumns } from '../derived/screener-rows.ts';
import { dividendPoints, seriesHead } from '../derived/series-head.ts';
import { groupBySecurity, selectDividends, selectSplits } from '../derived/series-queries.ts';
import { splitFactorAfter } from '../finance/adjust.ts';
import type { CloseHistory } from '../finance/close-history.ts';
import { turnTaker } from './event-loop-turns.ts';
import { asFiledDividends, type SecurityFinancials } from './financials.ts';
import { indicatorRow } from './screener-row.ts';
import type { SnapshotInputs } from './snapshot.ts';
import { statementTemplates } from './templates.ts';

/*
 * The universe as known on a day (issue 43, ADR 0026): the screener's rows computed on read from what
 * was public by the end of that day, by the same function as today's (computeSnapshot, through the
 * loader's indicatorRow): the filings filed on or before it (as filed: derived/as-filed.ts), the closes
 * and dividends up to it, the splits up to it (prices and per-share values as traded then). Read once
 * (readUniverseHistory), cut at any day (universeRowsOn): a backtest cuts one read at every rebalance.
 */

export type SecurityRow = Selectable<Schema['securities']>;
type DividendRow = { security_id: number; ex_date: string; amount_split_adj: number };
type SplitRow = { security_id: number; day: string; numerator: number; denominator: number };

/** Everything the figures of the securities are computed from, on every day. */
export interface UniverseHistory {
  securities: SecurityRow[];
  closes: Map<number, CloseHistory>;
  dividends: Map<number, DividendRow[]>;
  splits: Map<number, SplitRow[]>;
  statementCurrencies: Map<number, { period: 'annual' | 'quarterly'; currency: string }[]>;
  quarterly: Map<number, FactHistory[]>;
  annual: Map<number, FactHistory[]>;
  /**
   * The statement template from today's line items: a classification of the company (a bank stays a
   * bank), not a figure, so that no figure is left out on one day and shown on the next.
   */
  templates: Map<number, StatementKind>;
  /**
   * Each security's and period's statements of the last day cut, with what they depend on: the last
   * filing day on or before that day and the splits known then. Days cut in ascending order (a
   * backtest's rebalance days) that saw no new filing nor split reuse them: a month end without a report
   * costs no repacking of thousands of facts. One entry per security and period: memory stays flat.
   */
  lastStatements: Map<string, { key: string; rows: PeriodRow[]; firstFiled: string | null }>;
}

/**
 * The history of every security (`stocksOnly`: of the stocks; `ids`: of those), in a few reads whatever
 * their number.
 */
export async function readUniverseHistory(
  db: Db,
  stocksOnly = false,
  only?: readonly number[],
): Promise<UniverseHistory> {
  if (only?.length === 0) return emptyHistory;
  const securities = await db
    .selectFrom('securities')
    .selectAll()
    .$if(stocksOnly, (q) => q.where('kind', '=', 'stock'))
    .$if(only !== undefined, (q) => q.where('id', 'in', only as number[]))
    .orderBy('id')
    .execute();
  const ids = securities.map((s) => s.id);
  const stocks = securities.filter((s) => s.kind === 'stock');
  const stockIds = stocks.map((s) => s.id);
  if (ids.length === 0) return emptyHistory;
  const [closes, dividends, splits, currencies, quarterly, annual, templates] = await Promise.all([
    readBothCloses(db, ids),
    selectDividends(db, ids),
    selectSplits(db, ids),
    stockIds.length > 0 ? selectStatementKinds(db, stockIds) : [],
    selectFactHistories(db, stockIds, 'quarterly'),
    selectFactHistories(db, stockIds, 'annual'),
    statementTemplates(db, stocks),
  ]);
  const byId = <T extends { securityId: number }>(rows: readonly T[]) => {
    const out = new Map<number, T[]>();
    for (const row of rows) {
      const list = out.get(row.securityId);
      if (list) list.push(row);
      else out.set(row.securityId, [row]);
    }
    return out;
  };
  return {
    securities,
    closes,
    dividends: groupBySecurity(dividends),
    splits: groupBySecurity(splits),
    statementCurrencies: groupBySecurity(currencies),
    quarterly: byId(quarterly),
    annual: byId(annual),
    templates,
    lastStatements: new Map(),
  };
}

const emptyHistory: UniverseHistory = {
  securities: [],
  closes: new Map(),
  dividends: new Map(),
  splits: new Map(),
  statementCurrencies: new Map(),
  quarterly: new Map(),
  annual: new Map(),
  templates: new Map(),
  lastStatements: new Map(),
};

/**
 * One security's snapshot inputs as known at the end of `day`; null when it had no close by then (not
 * yet listed, or no prices at all). Prices, dividends and per-share statement values are in the share
 * terms of that day, so ratios are today's ratios for that day and prices are those a reader saw.
 */
export function inputsOn(
  history: UniverseHistory,
  security: SecurityRow,
  day: string,
  coinSupply: SnapshotInputs['coinSupply'] = null,
): SnapshotInputs | null {
  const all = history.closes.get(security.id);
  if (!all || all.indexOnOrBefore(day) < 0) return null;
  const allSplits = history.splits.get(security.id) ?? [];
  // Stored closes are divided by every later split; as traded on the day, by none after it.
  const prices = all.through(day, 1 / splitFactorAfter(allSplits, day));
  const dividends = dividendPoints(asFiledDividends(history.dividends.get(security.id) ?? [], allSplits, day));
  if (security.kind !== 'stock') {
    return {
      kind: security.kind,
      currency: security.currency,
      prices,
      dividends,
      financials: null,
      coinSupply,
      template: null,
    };
  }
  const splits = allSplits.filter((split) => split.day <= day);
  const head = seriesHead(history.statementCurrencies.get(security.id) ?? [], splits, security.currency);
  const financials = (period: 'quarterly' | 'annual'): SecurityFinancials => {
    const histories = history[period].get(security.id) ?? [];
    const { rows, firstFiled } = statementsOn(history, `${security.id}|${period}`, histories, splits, day);
    return { security, rows, dividends, head, asFiled: { day, firstFiled } };
  };
  return {
    kind: 'stock',
    currency: security.currency,
    prices,
    dividends,
    financials: {
      quarterly: financials('quarterly'),
      annual: financials('annual'),
    },
    coinSupply: null,
    template: history.templates.get(security.id) ?? 'general',
  };
}

/** One security's statements of one kind of period as filed on `day`, on the splits known then. */
function statementsOn(
  history: UniverseHistory,
  slot: string,
  histories: readonly FactHistory[],
  splits: readonly SplitRow[],
  day: string,
): { rows: PeriodRow[]; firstFiled: string | null } {
  // What the statements of the day depend on: the versions filed by then (the last filing day says
  // which) and the splits known then.
  let lastFiled = '';
  for (const { versions } of histories)
    for (const v of versions) if (v.filed <= day && v.filed > lastFiled) lastFiled = v.filed;
  const key = `${lastFiled}|${splits.length}`;
  const kept = history.lastStatements.get(slot);
  if (kept && kept.key === key) return kept;
  const id = Number(slot.split('|')[0]);
  const { statements, firstFiled } = factStatementsOn(histories, [id], day);
  const made = { key, rows: periodRows(statements[0], splits), firstFiled: firstFiled.get(id) ?? null };
  history.lastStatements.set(slot, made);
  return made;
}

/** The screener's rows as known on `day`: the securities with a close by then, each with the catalogue's figures. */
export function universeRowsOn(
  history: UniverseHistory,
  day: string,
  coinSupplies: ReadonlyMap<number, SnapshotInputs['coinSupply']> = new Map(),
): IndicatorColumns[] {
  const rows: IndicatorColumns[] = [];
  for (const security of history.securities) {
    const inputs = inputsOn(history, security, day, coinSupplies.get(security.id) ?? null);
    if (inputs) rows.push(indicatorRow(security, inputs));
  }
  return rows;
}

/** Each coin's supply as known on `day` (its market cap's input): three key reads per coin. */
export async function coinSuppliesOn(
  db: Db,
  history: UniverseHistory,
  day: string,
): Promise<Map<number, SnapshotInputs['coinSupply']>> {
  const coins = history.securities.filter((s) => s.kind === 'crypto');
  const supplies = await Promise.all(coins.map((coin) => selectLatestCoinSupply(db, coin.id, day)));
  return new Map(coins.map((coin, i) => [coin.id, supplies[i] ?? null]));
}

/** Securities per read of a history on a serving process: one read of a company's facts is tens of ms. */
const READ_CHUNK = 2;

/**
 * readUniverseHistory a few securities at a time, the event loop getting a turn between reads: a
 * synchronous SQLite read of many companies' facts would hold it for seconds.
 */
export async function readUniverseHistoryInTurns(
  db: Db,
  stocksOnly = false,
  only?: readonly number[],
): Promise<UniverseHistory> {
  const ids =
    only ??
    (
      await db
        .selectFrom('securities')
        .select('id')
        .$if(stocksOnly, (q) => q.where('kind', '=', 'stock'))
        .orderBy('id')
        .execute()
    ).map((s) => s.id);
  const merged: UniverseHistory = { ...emptyHistory, securities: [], lastStatements: new Map() };
  const maps = ['closes', 'dividends', 'splits', 'statementCurrencies', 'quarterly', 'annual', 'templates'] as const;
  for (const key of maps) (merged as unknown as Record<string, Map<number, unknown>>)[key] = new Map();
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const part = await readUniverseHistory(db, stocksOnly, ids.slice(start, start + READ_CHUNK));
    merged.securities.push(...part.securities);
    for (const key of maps) {
      const into = merged[key] as Map<number, unknown>;
      for (const [id, value] of part[key] as Map<number, unknown>) into.set(id, value);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return merged;
}

/**
 * Rows of the screener as of `day`, read and computed (uncached: the callers keep them), of every
 * security or of `ids`; the event loop gets a turn every few milliseconds of work (a request path).
 */
export async function readUniverseRowsOn(
  db: Db,
  day: string,
  ids?: readonly number[],
  stocksOnly = false,
): Promise<IndicatorColumns[]> {
  const history = await readUniverseHistoryInTurns(db, stocksOnly, ids);
  const supplies = await coinSuppliesOn(db, history, day);
  const turn = turnTaker();
  const rows: IndicatorColumns[] = [];
  for (const security of history.securities) {
    const inputs = inputsOn(history, security, day, supplies.get(security.id) ?? null);
    if (inputs) rows.push(indicatorRow(security, inputs));
    await turn();
  }
  return rows;
}
