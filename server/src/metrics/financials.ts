import {
  type AsFiledNote,
  type FinancialMetric,
  type FinancialsResponse,
  type FinancialValues,
  financialMetricInfo,
  meaningfulFor,
  type StatementKind,
  type TtmFinancials,
} from '@app/contract';
import type { Db } from '../db/index.ts';
import type { Period } from '../db/schema.ts';
import { selectFactStatementsAsFiled } from '../derived/as-filed.ts';
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
  /** As filed on a day (asOf): the day, and the first filing day of the security's statements. */
  asFiled?: { day: string; firstFiled: string | null };
}

export async function loadFinancials(
  db: Db,
  securities: readonly SecurityRef[],
  period: Period,
  range: Range = {},
  /** Read only the facts these metrics use (default: every line item). */
  metrics?: readonly FinancialMetric[],
  /** The statements as filed by the end of this day (derived/as-filed.ts); today's without it. */
  asOf?: string,
): Promise<SecurityFinancials[]> {
  // No securities (a batch of coins only): `in ()` is a syntax error on PostgreSQL.
  if (securities.length === 0) return [];
  const ids = securities.map((s) => s.id);
  // The period before from is read too: averages (ROE, ROA) need the balance at the first period's start.
  const from = range.from ? addDays(range.from, -START_WINDOW_DAYS[period]) : undefined;
  const inputs = metrics ? inputsOf(metrics) : undefined;
  const [asFiled, dividends, allSplits, kinds] = await Promise.all([
    asOf ? selectFactStatementsAsFiled(db, ids, period, asOf) : selectFactStatements(db, ids, period),
    // An income statement, say, never looks at the dividends: no need to read them.
    inputs && !inputs.dividends ? [] : selectDividends(db, ids),
    selectSplits(db, ids),
    selectStatementKinds(db, ids),
  ]);
  const facts = Array.isArray(asFiled) ? asFiled : asFiled.statements;
  const f = new Map(facts.map((statement) => [statement.security_id, statement]));
  // On the basis of the splits known on the day: a later split is not yet restated (nor in dividends).
  const splits = asOf ? allSplits.filter((split) => split.day <= asOf) : allSplits;
  const dividendsKnown = asOf ? asFiledDividends(dividends, allSplits, asOf) : dividends;
  const [d, s, k] = [groupBySecurity(dividendsKnown), groupBySecurity(splits), groupBySecurity(kinds)];
  return securities.map((security) => ({
    security,
    rows: periodRows(f.get(security.id), s.get(security.id) ?? [], { from, to: range.to }, inputs?.lineItems),
    dividends: dividendPoints(d.get(security.id) ?? []),
    head: seriesHead(k.get(security.id) ?? [], s.get(security.id) ?? [], security.currency, asOf),
    ...(asOf && !Array.isArray(asFiled)
      ? { asFiled: { day: asOf, firstFiled: asFiled.firstFiled.get(security.id) ?? null } }
      : {}),
  }));
}

/**
 * Dividends known on `day` (ex-date on or before it) in the share terms of that day: the stored
 * split-adjusted amount less the splits after the day, which none of them had seen.
 */
export function asFiledDividends<T extends { security_id: number; ex_date: string; amount_split_adj: number }>(
  rows: readonly T[],
  splits: readonly { security_id: number; day: string; numerator: number; denominator: number }[],
  day: string,
): T[] {
  const later = new Map<number, number>();
  for (const s of splits)
    if (s.day > day && s.numerator > 0 && s.denominator > 0)
      later.set(s.security_id, (later.get(s.security_id) ?? 1) * (s.denominator / s.numerator));
  return rows
    .filter((row) => row.ex_date <= day)
    .map((row) => ({ ...row, amount_split_adj: row.amount_split_adj / (later.get(row.security_id) ?? 1) }));
}

/** The day of an asOf answer: a day after today (UTC) is today, since nothing can have been filed later. */
export function asFiledDay(asOf: string | undefined): string | undefined {
  if (!asOf) return undefined;
  const today = new Date().toISOString().slice(0, 10);
  return asOf > today ? today : asOf;
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
  return { ticker: data.security.ticker, ...data.head, periods, ...asFiledOf(data) };
}

/** An answer asked with asOf says the day it is as filed on, and why it is empty before the first filing. */
export function asFiledOf(data: SecurityFinancials): { asFiled?: AsFiledNote } {
  if (!data.asFiled) return {};
  const { day, firstFiled } = data.asFiled;
  const note =
    firstFiled === null
      ? 'No statements on file for this security'
      : firstFiled > day
        ? `No statements filed on or before ${day}: the first were filed on ${firstFiled}`
        : null;
  return { asFiled: { day, firstFiled, note } };
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
  kind: StatementKind = 'general',
): Omit<TtmFinancials['series'][number], 'template'> {
  const ttm = ttmRow(quarterly.rows);
  const fiscalYear = annual.rows
    .filter((row) => row.fiscalPeriod === 'FY' && TTM_FLOWS.some((item) => row.items.has(item)))
    .at(-1);
  const useTtm = ttm !== null && !(fiscalYear && fiscalYear.periodEnd > ttm.periodEnd);
  const row = useTtm ? ttm : (fiscalYear ?? null);
  const head = { ticker: quarterly.security.ticker, ...quarterly.head, ...asFiledOf(earliestFiled(quarterly, annual)) };
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
    ...meaningfulOnly(
      metricValues(row, metrics, {
        previous: undefined,
        dividends: quarterly.dividends,
        reasons: true,
        firstFiled: true,
      }),
      kind,
    ),
  };
}

/**
 * The values with those that mean nothing for the kind of company made null, with no sources (a bank's gross
 * and operating margins): the rule key statistics and the screener follow (contract meaningfulFor, issue 42).
 */
function meaningfulOnly(values: FinancialValues, kind: StatementKind): FinancialValues {
  if (kind === 'general') return values;
  const out: FinancialValues = { ...values, values: { ...values.values }, accessions: { ...values.accessions } };
  for (const name of Object.keys(values.values) as FinancialMetric[]) {
    if (meaningfulFor(kind, name)) continue;
    out.values[name] = null;
    delete out.accessions[name];
    if (out.incomplete) delete out.incomplete[name];
    if (out.firstFiled) delete out.firstFiled[name];
  }
  out.derived = values.derived.filter((name) => meaningfulFor(kind, name));
  return out;
}

/** Of the quarterly and annual statements as filed, the one whose first filing is the earlier (a TTM reads both). */
function earliestFiled(quarterly: SecurityFinancials, annual: SecurityFinancials): SecurityFinancials {
  const [q, a] = [quarterly.asFiled?.firstFiled, annual.asFiled?.firstFiled];
  return a && (!q || a < q) ? annual : quarterly;
}

/**
 * A fiscal year the TTM may fall back to has income: a year of balance-sheet instants only is not one,
 * nor is a transition period (TP).
 */
const TTM_FLOWS = ['revenue', 'net_income'];
