import { type FinancialMetric, type FinancialsResponse, financialMetricInfo, type TtmFinancials } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { Period } from '../db/schema.ts';
import { selectFactStatements, selectStatementKinds } from '../derived/fact-statements.ts';
import { type PeriodRow, periodRows, previousRow, START_WINDOW_DAYS, ttmRow } from '../derived/fiscal-periods.ts';
import { inputsOf, metricValues } from '../derived/period-metrics.ts';
import { dividendPoints, type SeriesHead, seriesHead } from '../derived/series-head.ts';
import { groupBySecurity, type SecurityRef, selectDividends, selectSplits } from '../derived/series-queries.ts';
import { addDays, type DividendPoint, type Range } from '../finance/types.ts';

/*
 * Loading and shaping the financials of several securities: three queries whatever the number of
 * tickers (statements, dividends when a metric uses them, splits), then pure computation per period. Shared by the financials calls
 * and the data sheets.
 */
export interface SecurityFinancials {
  security: SecurityRef;
  rows: PeriodRow[];
  dividends: DividendPoint[];
  /** The series' fields beside its ticker: currency, quartersFiled, splits. */
  head: SeriesHead;
}

export async function loadFinancials(
  db: Db,
  securities: readonly SecurityRef[],
  period: Period,
  range: Range = {},
  /** Read only the facts these metrics use (default: every line item). */
  metrics?: readonly FinancialMetric[],
): Promise<SecurityFinancials[]> {
  // No securities (a batch of coins only): `in ()` is a syntax error on PostgreSQL.
  if (securities.length === 0) return [];
  const ids = securities.map((s) => s.id);
  // The period before from is read too: averages (ROE, ROA) need the balance at the first period's start.
  const from = range.from ? addDays(range.from, -START_WINDOW_DAYS[period]) : undefined;
  const inputs = metrics ? inputsOf(metrics) : undefined;
  const [facts, dividends, splits, kinds] = await Promise.all([
    selectFactStatements(db, ids, period),
    // An income statement, say, never looks at the dividends: no need to read them.
    inputs && !inputs.dividends ? [] : selectDividends(db, ids),
    selectSplits(db, ids),
    selectStatementKinds(db, ids),
  ]);
  const f = new Map(facts.map((statement) => [statement.security_id, statement]));
  const [d, s, k] = [groupBySecurity(dividends), groupBySecurity(splits), groupBySecurity(kinds)];
  return securities.map((security) => ({
    security,
    rows: periodRows(f.get(security.id), s.get(security.id) ?? [], { from, to: range.to }, inputs?.lineItems),
    dividends: dividendPoints(d.get(security.id) ?? []),
    head: seriesHead(k.get(security.id) ?? [], s.get(security.id) ?? [], security.currency),
  }));
}

export function metricList(metrics: readonly FinancialMetric[]): FinancialsResponse['metrics'] {
  return metrics.map((name) => ({ name, ...financialMetricInfo[name] }));
}

/** The periods of one security from `from` on, each with the metrics asked for. */
export function presentPeriods(
  data: SecurityFinancials,
  metrics: readonly FinancialMetric[],
  from: string | undefined,
): FinancialsResponse['series'][number] {
  const periods: FinancialsResponse['series'][number]['periods'] = [];
  data.rows.forEach((row, i) => {
    if (from && row.periodEnd < from) return;
    periods.push({
      fiscalYear: row.fiscalYear,
      fiscalPeriod: row.fiscalPeriod,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      ...metricValues(row, metrics, {
        previous: previousRow(data.rows, i),
        dividends: data.dividends,
        reasons: true,
        firstFiled: true,
      }),
    });
  });
  return { ticker: data.security.ticker, ...data.head, periods };
}

/** The metrics of a TTM answer: the key statistics (P/E, EPS, yield, margins) and the statements' totals. */
export const TTM_METRICS: FinancialMetric[] = [
  'revenue',
  'grossProfit',
  'operatingIncome',
  'pretaxIncome',
  'incomeTax',
  'netIncome',
  'netIncomeCommon',
  'epsBasic',
  'epsDiluted',
  'sharesBasic',
  'sharesDiluted',
  'dividendsPerShare',
  'ebitda',
  'operatingCashFlow',
  'capitalExpenditure',
  'freeCashFlow',
  'dividendsPaid',
  'buybacks',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'payoutRatio',
  'totalAssets',
  'totalLiabilities',
  'equity',
  'totalDebt',
  'cash',
  'netCash',
  'bookValuePerShare',
  'sharesOutstanding',
];

/**
 * TTM from the last four real quarters (derived/fiscal-periods.ts ttmRow); when those cannot be formed (a quarter
 * missing, or quarters not filed at all: 20-F filers), the latest fiscal year, and `basis` says which:
 * never a null labelled TTM. Nothing only for a security without statements. A fiscal year that ends
 * after the last quarter (its Q4 could not be derived) is newer than the quarters: it is taken.
 */
export function presentTtm(
  quarterly: SecurityFinancials,
  annual: SecurityFinancials,
  metrics: readonly FinancialMetric[] = TTM_METRICS,
): Omit<TtmFinancials['series'][number], 'template'> {
  const ttm = ttmRow(quarterly.rows);
  const fiscalYear = annual.rows
    .filter((row) => row.fiscalPeriod === 'FY' && TTM_FLOWS.some((item) => row.items.has(item)))
    .at(-1);
  const useTtm = ttm !== null && !(fiscalYear && fiscalYear.periodEnd > ttm.periodEnd);
  const row = useTtm ? ttm : (fiscalYear ?? null);
  const head = { ticker: quarterly.security.ticker, ...quarterly.head };
  if (!row) return { ...head, basis: null, asOf: null, period: null, values: {}, accessions: {}, derived: [] };
  return {
    ...head,
    basis: useTtm ? 'ttm' : 'fy',
    asOf: row.periodEnd,
    period: {
      fiscalYear: row.fiscalYear,
      fiscalPeriod: useTtm ? 'TTM' : 'FY',
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
    },
    // Averages (ROE, ROA) over a TTM or a fallback year take its end balances: there is no period before.
    // firstFiled: a TTM sum of four quarters was never filed as such, so it has none (each restated quarter
    // carries its own in the quarterly answer); its balance items and share counts are the last quarter's
    // values as filed and carry theirs, as does every value of a fallback fiscal year.
    ...metricValues(row, metrics, {
      previous: undefined,
      dividends: quarterly.dividends,
      reasons: true,
      firstFiled: true,
    }),
  };
}

/**
 * A fiscal year the TTM may fall back to has income: a year of balance-sheet instants only is not one,
 * nor is a transition period (TP).
 */
const TTM_FLOWS = ['revenue', 'net_income'];
