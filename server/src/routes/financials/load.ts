import { type FinancialMetric, type FinancialsResponse, financialMetricInfo, type TtmFinancials } from '@app/contract';
import type { Db } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';
import { addDays, type DividendPoint } from '../../finance/types.ts';
import { groupBySecurity, type SecurityRef } from '../market/securities.ts';
import { selectDividends, selectSplits } from '../market/series-queries.ts';
import { inputsOf, metricValues } from './metrics.ts';
import { type PeriodRow, periodRows, previousRow, START_WINDOW_DAYS, ttmRow } from './periods.ts';
import { selectFactStatements } from './queries.ts';

/*
 * Loading and shaping the financials of several securities: three queries whatever the number of
 * tickers (statements, dividends when a metric uses them, splits), then pure computation per period. Shared by the financials calls
 * and the data sheets.
 */
export interface SecurityFinancials {
  security: SecurityRef;
  rows: PeriodRow[];
  dividends: DividendPoint[];
}

export async function loadFinancials(
  db: Db,
  securities: readonly SecurityRef[],
  period: Period,
  range: { from?: string | undefined; to?: string | undefined } = {},
  /** Read only the facts these metrics use (default: every line item). */
  metrics?: readonly FinancialMetric[],
): Promise<SecurityFinancials[]> {
  const ids = securities.map((s) => s.id);
  // The period before from is read too: averages (ROE, ROA) need the balance at the first period's start.
  const from = range.from ? addDays(range.from, -START_WINDOW_DAYS[period]) : undefined;
  const inputs = metrics ? inputsOf(metrics) : undefined;
  const [facts, dividends, splits] = await Promise.all([
    selectFactStatements(db, ids, period),
    // An income statement, say, never looks at the dividends: no need to read them.
    inputs && !inputs.dividends ? [] : selectDividends(db, ids),
    selectSplits(db, ids),
  ]);
  const f = new Map(facts.map((statement) => [statement.security_id, statement]));
  const [d, s] = [groupBySecurity(dividends), groupBySecurity(splits)];
  return securities.map((security) => ({
    security,
    rows: periodRows(f.get(security.id), s.get(security.id) ?? [], { from, to: range.to }, inputs?.lineItems),
    dividends: dividendPoints(d.get(security.id) ?? []),
  }));
}

/** Dividend rows as the metrics take them: split-adjusted amounts by ex-date. */
export const dividendPoints = (rows: readonly { ex_date: string; amount_split_adj: number }[]): DividendPoint[] =>
  rows.map((row) => ({ exDate: row.ex_date, amount: row.amount_split_adj }));

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
      ...metricValues(row, metrics, { previous: previousRow(data.rows, i), dividends: data.dividends }),
    });
  });
  return { ticker: data.security.ticker, currency: data.security.currency, periods };
}

export const TTM_METRICS: FinancialMetric[] = [
  'revenue',
  'grossProfit',
  'operatingIncome',
  'netIncome',
  'epsBasic',
  'ebitda',
  'operatingCashFlow',
  'capitalExpenditure',
  'freeCashFlow',
  'dividendsPaid',
  'buybacks',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'totalAssets',
  'equity',
  'totalDebt',
  'cash',
  'sharesOutstanding',
];

/** TTM from the last four quarters, else the last fiscal year (a quarter is missing), else nothing. */
export function presentTtm(quarterly: SecurityFinancials, annual: SecurityFinancials): TtmFinancials['series'][number] {
  const ttm = ttmRow(quarterly.rows);
  const fiscalYear = annual.rows.at(-1);
  const row = ttm ?? fiscalYear ?? null;
  return {
    ticker: quarterly.security.ticker,
    currency: quarterly.security.currency,
    asOf: row?.periodEnd ?? null,
    basis: ttm ? 'ttm' : fiscalYear ? 'fiscal_year' : null,
    ...(row
      ? metricValues(row, TTM_METRICS, { previous: undefined, dividends: quarterly.dividends })
      : { values: {}, accessions: {}, derived: [] }),
  };
}
