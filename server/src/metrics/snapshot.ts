import {
  type FigureKind,
  type FinancialMetric,
  figureMeansSomethingFor,
  figureNames,
  type SnapshotFigures,
  type StatementKind,
} from '@app/contract';
import { type LatestCoinSupply, selectLatestCoinSupply } from '../db/coin-supply.ts';
import type { Db } from '../db/index.ts';
import type { SecurityKind } from '../db/schema.ts';
import { INSTANT_ITEMS, type PeriodRow } from '../derived/fiscal-periods.ts';
import { metricValues } from '../derived/period-metrics.ts';
import { readBothCloses } from '../derived/price-years.ts';
import { groupBySecurity, selectDividends } from '../derived/series-queries.ts';
import { CloseHistory } from '../finance/close-history.ts';
import { coinValuation } from '../finance/coin-supply.ts';
import {
  coversYear,
  dividendCagr,
  dividendGrowthStreak,
  dividendYieldPct,
  dividendYieldSeries,
  dpsByYear,
  firstFullYear,
  lastFullYear,
  ttmDividends,
  yieldPercentile,
} from '../finance/dividends.ts';
import { drawdownSummaryOf } from '../finance/drawdown.ts';
import { growth } from '../finance/periods.ts';
import { debtToEquity, returnOnEquity } from '../finance/statements.ts';
import { addDays, addMonths, type DividendPoint } from '../finance/types.ts';
import {
  enterpriseValue,
  evToEbitda,
  marketCap,
  priceToBook,
  priceToEarnings,
  priceToSales,
} from '../finance/valuation.ts';
import { changeSince, closeOnOrBefore, yearRange } from './closes.ts';
import { loadFinancials, presentTtm, type SecurityFinancials } from './financials.ts';
import { scoreFigures } from './scores.ts';
import { statementTemplates } from './templates.ts';

/*
 * The metric catalogue's figures of one security on one day (issue 31, ADR 0022): the ONLY code that
 * turns stored prices, dividends and statements into the figures more than one page shows (price,
 * changes, market cap, TTM EPS, ratios, yield, payout, margins, 52-week range, drawdown...). Key
 * statistics compute them here on request; the loader stores them as the screener's columns
 * (ingest/indicators.ts), which the screener, the home cards and the market panels read. Same inputs,
 * same function: the same number everywhere (server/test/consistency.test.ts checks every security).
 * Each figure's name, unit, basis, formula and the kinds it is for: contract/src/catalogue.ts.
 */

export interface SnapshotInputs {
  kind: SecurityKind;
  /** Trading currency. */
  currency: string;
  /** Every daily close, split-adjusted (prices as traded, in today's share terms) and total return. */
  prices: CloseHistory;
  dividends: DividendPoint[];
  /** Quarterly and annual statements (metrics/financials.ts); null for a coin. */
  financials: { quarterly: SecurityFinancials; annual: SecurityFinancials } | null;
  coinSupply: LatestCoinSupply | null;
  /** The statement template (contract statement-templates.ts); null for a coin. */
  template: StatementKind | null;
}

/** The catalogue's figures (contract/src/metrics.ts names, units and formulas). */
export type Snapshot = SnapshotFigures;

/** The statement metrics the snapshot takes from the TTM period (the same as the TTM answer's). */
const TTM_INPUTS: FinancialMetric[] = [
  'revenue',
  'netIncome',
  'epsBasic',
  'epsDiluted',
  'payoutRatio',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'equity',
  'totalDebt',
  'cash',
  'ebitda',
];

/**
 * Every figure of the snapshot from its inputs: pure, data in, numbers out. A figure that means nothing
 * for the company's kind (a bank's enterprise value, gross margin, EV/EBITDA) or for a coin is null on
 * every surface: the catalogue says which kinds each figure is for (contract/src/catalogue.ts `for`).
 */
export function computeSnapshot(inputs: SnapshotInputs): Snapshot {
  const figures = snapshotFigures(inputs);
  const kind: FigureKind = inputs.kind === 'crypto' ? 'coin' : (inputs.template ?? 'general');
  for (const name of figureNames) {
    if (figureMeansSomethingFor(name, kind)) continue;
    figures[name] = null;
    delete figures.parts[name];
  }
  return figures;
}

function snapshotFigures(inputs: SnapshotInputs): Snapshot {
  const { prices, kind } = inputs;
  const n = prices.length;
  const asOf = n > 0 ? prices.day(n - 1) : null;
  const price = n > 0 ? (prices.split[n - 1] as number) : null;
  const previous = n > 1 ? (prices.split[n - 2] as number) : null;
  const ttm = inputs.financials ? presentTtm(inputs.financials.quarterly, inputs.financials.annual, TTM_INPUTS) : null;
  const v = ttm?.values ?? {};
  const value = (name: FinancialMetric) => v[name] ?? null;
  // Statements in another currency than the price (a 20-F filer reporting in EUR, traded in USD): a ratio
  // of the price to them would mix units, so there is none (no exchange rates here).
  const sameCurrency = !ttm || ttm.currency === inputs.currency;
  const priced = (figure: number | null) => (sameCurrency ? figure : null);
  // finance-definitions: market cap = close x shares outstanding latest reported at the day.
  const shares = latestReported(inputs, 'sharesOutstanding') ?? latestReported(inputs, 'sharesBasic');
  // Shares have no currency: the cap is in the trading currency whatever the statements' currency.
  const cap = kind === 'crypto' ? coinValuation(price, inputs.coinSupply).marketCap : marketCap(price, shares);
  const eps = value('epsBasic');
  // finance-definitions: P/E on TTM diluted EPS, basic where no diluted EPS is filed (peEps says which).
  const diluted = value('epsDiluted');
  const peEps = diluted !== null ? 'diluted' : eps !== null ? 'basic' : null;
  const ev = enterpriseValue(cap, value('totalDebt'), value('cash'));
  const years = dpsByYear(inputs.dividends);
  const dividendsTtm = asOf && kind === 'stock' ? ttmDividends(inputs.dividends, asOf) : null;
  // The yield's rule (finance-definitions.md): only where the dividend history covers the whole year; it is
  // known from the first close of the loaded history (the whole history is read), and only its full
  // calendar years are years of the growth count and the CAGR.
  const knownFrom = n > 0 ? prices.day(0) : undefined;
  const yieldKnown = asOf !== null && coversYear(knownFrom, asOf);
  const firstFull = firstFullYear(knownFrom);
  const range = yearRange(prices);
  const drawdown = drawdownSummaryOf(
    n,
    (i) => prices.adjusted[i] as number,
    (i) => prices.day(i),
  );
  const annual = inputs.financials?.annual.rows ?? [];
  const annualRevenue = annual.filter((row) => row.items.has('revenue'));
  const revenueOf = (row: PeriodRow | undefined) =>
    row ? (metricValues(row, ['revenue'], noContext).values.revenue ?? null) : null;
  const scores = scoreFigures({ financials: inputs.financials, marketCap: cap, sameCurrency });
  return {
    asOf,
    template: inputs.template,
    fundamentalsAsOf: ttm?.asOf ?? null,
    fundamentalsBasis: ttm?.basis ?? null,
    price,
    changePct: price !== null && previous !== null ? changeSince(price, previous) : null,
    change1yPct: asOf ? changeSince(price, closeOnOrBefore(prices, addMonths(asOf, -12))) : null,
    marketCap: cap,
    sharesOutstanding: kind === 'stock' ? shares : null,
    epsTtm: eps,
    pe: priced(priceToEarnings(price, diluted ?? eps)),
    peEps,
    ps: priced(priceToSales(cap, value('revenue'))),
    pb: priced(priceToBook(cap, value('equity'))),
    enterpriseValue: priced(ev),
    evEbitda: priced(evToEbitda(ev, value('ebitda'))),
    dividendYieldPct:
      dividendsTtm !== null && price !== null && yieldKnown ? dividendYieldPct(dividendsTtm, price) : null,
    dividendsTtm,
    payoutRatio: value('payoutRatio'),
    dividendCagr5y: asOf ? dividendCagr(years, lastFullYear(asOf), firstFull) : null,
    dividendGrowthYears: asOf && kind === 'stock' ? dividendGrowthStreak(years, lastFullYear(asOf), firstFull) : null,
    dividendYieldPercentile:
      yieldPercentile(dividendYieldSeries(tenYears(prices), inputs.dividends, knownFrom))?.percentile ?? null,
    revenueGrowth: growth(revenueOf(annualRevenue.at(-1)), revenueOf(annualRevenue.at(-2))),
    grossMargin: value('grossMargin'),
    operatingMargin: value('operatingMargin'),
    netMargin: value('netMargin'),
    roe: ttm?.asOf ? returnOnEquity(value('netIncome'), equityBefore(inputs, ttm.asOf), value('equity')) : null,
    debtToEquity: ttm ? debtToEquity(value('totalDebt'), value('equity')) : null,
    week52High: range?.high ?? null,
    week52Low: range?.low ?? null,
    drawdownPct: drawdown?.currentPct ?? null,
    maxDrawdownPct: drawdown?.maxPct ?? null,
    maxDrawdownDay: drawdown?.maxDay ?? null,
    ...restatementFigures(inputs.financials, asOf),
    ...scores.figures,
    parts: scores.parts,
  };
}

/**
 * The catalogue's restatement figures (contract metrics.ts restatements3y, largestRestatementPct): the
 * statements' filed values a filing of the 3 years up to `asOf` changed, each counted once. One filed
 * value is one concept for one period (an instant by its end) with its first and latest values: a
 * year-end balance in both statements, and a line showing another line's concept (net income to common
 * filed as NetIncomeLoss), are one value. Null for a coin or a stock without statements, or no close.
 */
export function restatementFigures(
  financials: SnapshotInputs['financials'],
  asOf: string | null,
): Pick<Snapshot, 'restatements3y' | 'largestRestatementPct'> {
  if (!financials || !asOf || (financials.annual.rows.length === 0 && financials.quarterly.rows.length === 0))
    return { restatements3y: null, largestRestatementPct: null };
  const after = addMonths(asOf, -36);
  const counted = new Set<string>();
  let largest: number | null = null;
  for (const row of [...financials.annual.rows, ...financials.quarterly.rows]) {
    for (const [item, cell] of row.items) {
      const first = cell.first;
      if (!first?.latestFiled || first.latestFiled <= after || first.latestFiled > asOf) continue;
      const span = INSTANT_ITEMS.has(item) ? 'instant' : row.periodStart;
      const key = `${first.concept}|${span}|${row.periodEnd}|${first.value}|${cell.value}`;
      if (counted.has(key)) continue;
      counted.add(key);
      if (first.value === 0) continue;
      const change = Math.abs(cell.value / first.value - 1) * 100;
      if (largest === null || change > largest) largest = change;
    }
  }
  return { restatements3y: counted.size, largestRestatementPct: largest };
}

const noContext = { previous: undefined, dividends: [] };

/** The yield percentile's window: ten years and one for the first TTM (finance-definitions.md), split-adjusted. */
function tenYears(prices: CloseHistory) {
  const n = prices.length;
  if (n === 0) return [];
  const from = addDays(prices.day(n - 1), -Math.round(11 * 365.25));
  return prices.points('split', prices.indexFrom(from));
}

/** The newest value of a statement metric in any period, quarter or year (restated for later splits). */
function latestReported(inputs: SnapshotInputs, metric: 'sharesOutstanding' | 'sharesBasic'): number | null {
  const item = metric === 'sharesOutstanding' ? 'shares_outstanding' : 'shares_basic';
  const rows = [...(inputs.financials?.quarterly.rows ?? []), ...(inputs.financials?.annual.rows ?? [])]
    .filter((row) => row.items.has(item))
    .sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0));
  for (let i = rows.length - 1; i >= 0; i--) {
    const value = metricValues(rows[i] as PeriodRow, [metric], noContext).values[metric];
    if (value != null) return value;
  }
  return null;
}

/** Equity a year before the TTM period's end (ROE's average), from any period ending by then. */
function equityBefore(inputs: SnapshotInputs, end: string): number | null {
  const cutoff = addDays(end, -365);
  const rows = [...(inputs.financials?.quarterly.rows ?? []), ...(inputs.financials?.annual.rows ?? [])]
    .filter((row) => row.periodEnd <= cutoff && row.items.has('equity'))
    .sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0));
  const row = rows.at(-1);
  return row ? (metricValues(row, ['equity'], noContext).values.equity ?? null) : null;
}

export interface SnapshotSecurity {
  id: number;
  ticker: string;
  name: string;
  kind: SecurityKind;
  currency: string;
}

/** What the snapshot of these securities is computed from: a few reads whatever their number. */
export async function readSnapshotInputs(
  db: Db,
  securities: readonly SnapshotSecurity[],
): Promise<Map<number, SnapshotInputs>> {
  const ids = securities.map((s) => s.id);
  const stocks = securities.filter((s) => s.kind === 'stock');
  const [closes, dividends, quarterly, annual, supplies, templates] = await Promise.all([
    readBothCloses(db, ids),
    selectDividends(db, ids),
    loadFinancials(db, stocks, 'quarterly'),
    loadFinancials(db, stocks, 'annual'),
    Promise.all(securities.map((s) => (s.kind === 'crypto' ? selectLatestCoinSupply(db, s.id) : null))),
    statementTemplates(db, stocks),
  ]);
  const d = groupBySecurity(dividends);
  const q = new Map(quarterly.map((f) => [f.security.id, f]));
  const a = new Map(annual.map((f) => [f.security.id, f]));
  const out = new Map<number, SnapshotInputs>();
  securities.forEach((s, i) => {
    const quarters = q.get(s.id);
    const years = a.get(s.id);
    out.set(s.id, {
      kind: s.kind,
      currency: s.currency,
      prices: closes.get(s.id) ?? CloseHistory.empty,
      dividends: (d.get(s.id) ?? []).map((row) => ({ exDate: row.ex_date, amount: row.amount_split_adj })),
      financials: quarters && years ? { quarterly: quarters, annual: years } : null,
      coinSupply: supplies[i] ?? null,
      template: s.kind === 'stock' ? (templates.get(s.id) ?? 'general') : null,
    });
  });
  return out;
}
