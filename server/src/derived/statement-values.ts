import type { FinancialSeriesHead } from '@app/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Period, StatementValuesTable } from '../db/schema.ts';
import type { DividendPoint, SplitPoint } from '../finance/types.ts';
import { SERIES_DAY } from './chunk-layout.ts';
import { derivedCodeVersion } from './code-version.ts';
import { type FactStatementRow, NO_FACT, selectFactStatements } from './fact-statements.ts';
import { periodRows, previousRow } from './fiscal-periods.ts';
import { metricsWithComputation, metricValues } from './period-metrics.ts';
import type { StatementLayout } from './statement-values-format.ts';

/*
 * Stored statement values (ADR 0010). Computing a financials answer from fact_statements (periods, split
 * restatement, every metric, then JSON.stringify, mostly number formatting) was the larger half of its
 * cost. These values change
 * only when a filing, a split or a dividend does, so they are computed then, for every metric and every
 * period, and kept as JSON tokens; a request joins the tokens of the metrics and periods it asks for
 * (statement-values-format.ts, read by routes/financials/stored.ts).
 *
 * Rules that keep the tokens equal to the computation (tested: every call, both kinds of period, ranges):
 * - a period's values do not depend on the range asked for nor on which line items were read
 *   (fiscal-periods.ts previousRow), so every period is computed once with all its items;
 * - a metric list includes a period when one of the line items its metrics read has a fact there, as
 *   periodRows does with those items (`present`);
 * - a row is read only when its version is STATEMENT_VALUES_VERSION, computed from the code that writes
 *   it. Anything else, or no row, is computed as before (routes/financials/load.ts). At start the server
 *   rebuilds the rows of another version in the background (main.ts).
 */

/**
 * The version of the computations behind the tokens: a hash of this module's source and of every module
 * it takes values from (fiscal periods, metrics, the finance functions, the contract; code-version.ts).
 * Any change to what a financials period gives changes it by itself: rows of another version are then
 * never read, and the server rebuilds them in the background at start while it computes those answers.
 */
export const STATEMENT_VALUES_VERSION = derivedCodeVersion('statement-values.ts');

export type SeriesHead = Omit<FinancialSeriesHead, 'ticker'>;

/**
 * What a series says of all its periods: the currency of its statements (the filings' reporting
 * currency; the trading currency when it has none), whether quarters are filed, and the splits its
 * per-share values are restated for. The same for both kinds of period (kept as text in the rows).
 */
export function seriesHead(
  statements: readonly { period: Period; currency: string }[],
  splits: readonly { day: string; numerator: number; denominator: number }[],
  tradingCurrency: string,
): SeriesHead {
  const annual = statements.find((s) => s.period === 'annual');
  const quarterly = statements.find((s) => s.period === 'quarterly');
  return {
    currency: annual?.currency || quarterly?.currency || tradingCurrency,
    quartersFiled: quarterly !== undefined,
    splits: splits.map(({ day, numerator, denominator }) => ({ day, numerator, denominator })),
  };
}

/** Dividend rows as the metrics take them: split-adjusted amounts by ex-date. */
export const dividendPoints = (rows: readonly { ex_date: string; amount_split_adj: number }[]): DividendPoint[] =>
  rows.map((row) => ({ exDate: row.ex_date, amount: row.amount_split_adj }));

/** A metric's cell in `derived`: its value was computed here. */
const DERIVED_MARK = '1';

/** What the read format (statement-values-format.ts) needs of the layout, passed with every read. */
export const STATEMENT_LAYOUT: StatementLayout = { dayWidth: SERIES_DAY, noFact: NO_FACT, derivedMark: DERIVED_MARK };

/** Every metric, in the order the rows keep them. */
const ALL_METRICS = metricsWithComputation();

/** The values of every metric in every period of one statement, as its statement_values row. */
export function statementValuesRow(
  statement: FactStatementRow,
  splits: readonly SplitPoint[],
  dividends: readonly DividendPoint[],
  head: SeriesHead,
): StatementValuesTable {
  // Without a range or a list of items every period of the statement is a row: rows[i].index === i.
  const rows = periodRows(statement, splits);
  const n = rows.length;
  const values = ALL_METRICS.map(() => new Array<string>(n));
  const accessions = ALL_METRICS.map(() => new Array<string>(n).fill(''));
  const derived = ALL_METRICS.map(() => new Array<string>(n).fill('0'));
  let anyAccession = false;
  const heads = rows.map((row, i) => {
    const out = metricValues(row, ALL_METRICS, { previous: previousRow(rows, i), dividends });
    const isDerived = new Set(out.derived);
    ALL_METRICS.forEach((name, k) => {
      (values[k] as string[])[i] = JSON.stringify(out.values[name] ?? null);
      const filings = out.accessions[name];
      if (filings) {
        (accessions[k] as string[])[i] = JSON.stringify(filings);
        anyAccession = true;
      }
      if (isDerived.has(name)) (derived[k] as string[])[i] = DERIVED_MARK;
    });
    const { fiscalYear, fiscalPeriod, periodStart, periodEnd } = row;
    return JSON.stringify({ fiscalYear, fiscalPeriod, periodStart, periodEnd }).slice(1, -1);
  });
  return {
    security_id: statement.security_id,
    period: statement.period,
    version: STATEMENT_VALUES_VERSION,
    period_ends: statement.period_ends,
    heads: heads.join('\n'),
    line_items: statement.line_items,
    present: statement.derived,
    metrics: ALL_METRICS.join(','),
    value_tokens: values.map((line) => line.join(',')).join('\n'),
    accession_tokens: anyAccession ? accessions.map((line) => line.join('\t')).join('\n') : '',
    derived: derived.map((line) => line.join('')).join(''),
    // The members of the series object between its ticker and its periods, as presentPeriods writes them.
    series_head: JSON.stringify(head).slice(1, -1),
  };
}

/**
 * Rewrites the statement_values rows of one security from its statements, splits and dividends as the
 * writer sees them: the loader calls it in the transaction that changed any of them.
 */
export async function writeStatementValues(db: Db, securityId: number): Promise<void> {
  // PostgreSQL: a rebuild and a load of the same security take turns, so the later writer read the
  // later data (SQLite has one writer at a time; a stale snapshot there fails to write instead).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${STATEMENT_LOCK}, ${securityId})`.execute(db);
  }
  const [statements, splits, dividends, security] = await Promise.all([
    selectFactStatements(db, [securityId]),
    db
      .selectFrom('splits')
      .select(['day', 'numerator', 'denominator'])
      .where('security_id', '=', securityId)
      .orderBy('day')
      .execute(),
    db
      .selectFrom('dividends')
      .select(['ex_date', 'amount_split_adj'])
      .where('security_id', '=', securityId)
      .orderBy('ex_date')
      .execute(),
    db.selectFrom('securities').select('currency').where('id', '=', securityId).executeTakeFirst(),
  ]);
  const points = dividendPoints(dividends);
  const head = seriesHead(statements, splits, security?.currency ?? 'USD');
  const rows = statements.map((statement) => statementValuesRow(statement, splits, points, head));
  await db.deleteFrom('statement_values').where('security_id', '=', securityId).execute();
  if (rows.length > 0) await db.insertInto('statement_values').values(rows).execute();
}

/** First key of the PostgreSQL advisory lock writeStatementValues takes (the second is the security). */
const STATEMENT_LOCK = 0x5354_4154;

/** Securities with a statement whose values are missing or of another version. */
export async function staleStatementValues(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('fact_statements as f')
    .leftJoin('statement_values as v', (join) =>
      join.onRef('v.security_id', '=', 'f.security_id').onRef('v.period', '=', 'f.period'),
    )
    .where((eb) => eb.or([eb('v.version', 'is', null), eb('v.version', '!=', STATEMENT_VALUES_VERSION)]))
    .select('f.security_id')
    .distinct()
    .orderBy('f.security_id')
    .execute();
  return rows.map((row) => row.security_id);
}
