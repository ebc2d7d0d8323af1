import type { FinancialMetric } from '@app/contract';
import { PostgresAdapter, sql } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import type { Period, StatementValuesTable } from '../../db/schema.ts';
import type { FactStatementRow } from '../../db/series.ts';
import type { DividendPoint, SplitPoint } from '../../finance/types.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { SecurityRef } from '../market/securities.ts';
import { selectDividends, selectSplits } from '../market/series-queries.ts';
import {
  dividendPoints,
  loadFinancials,
  metricList,
  presentPeriods,
  type SecurityFinancials,
  type SeriesHead,
  seriesHead,
} from './load.ts';
import { inputsOf, metricsWithComputation, metricValues } from './metrics.ts';
import { periodRows, previousRow } from './periods.ts';
import { selectFactStatements } from './queries.ts';

/*
 * Stored statement values (ADR 0010). Computing a five-company income statement from fact_statements
 * (periods, split restatement, every metric, then JSON.stringify of 53 kB, mostly number formatting)
 * took about 0.7 ms of the main thread per request, the larger half of its cost. These values change
 * only when a filing, a split or a dividend does, so they are computed then, for every metric and every
 * period, and kept as JSON tokens; a request joins the tokens of the metrics and periods it asks for.
 *
 * Rules that keep the tokens equal to the computation (tested: every call, both kinds of period, ranges):
 * - a period's values do not depend on the range asked for nor on which line items were read
 *   (periods.ts previousRow), so every period is computed once with all its items;
 * - a metric list includes a period when one of the line items its metrics read has a fact there, as
 *   periodRows does with those items (`present`);
 * - a row is read only when its version is STATEMENT_VALUES_VERSION. Anything else, or no row, is
 *   computed as before (load.ts). At start the server rebuilds the rows of another version.
 */

/**
 * The version of the computations behind the tokens. Bump it with any change to what a financials
 * period gives (a metric, a formula, the restatement, the JSON): rows of another version are then never
 * read, and the server rebuilds them at start. stored.test.ts fails when the code they come from changes,
 * as a reminder.
 */
export const STATEMENT_VALUES_VERSION = 2;

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
      if (isDerived.has(name)) (derived[k] as string[])[i] = '1';
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
    selectSplits(db, [securityId]),
    selectDividends(db, [securityId]),
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

/**
 * Writes the values of every security whose values are missing or stale, one transaction each, letting
 * the event loop run between them (the server answers meanwhile, computing what is not stored yet).
 * A security that fails (its data changed under the transaction) is left to be computed per request.
 */
export async function rebuildStatementValues(
  db: Db,
  options: { stopping?: () => boolean; onError?: (securityId: number, error: unknown) => void } = {},
): Promise<{ written: number; failed: number }> {
  let written = 0;
  let failed = 0;
  for (const id of await staleStatementValues(db)) {
    if (options.stopping?.()) break;
    try {
      await db.transaction().execute((tx) => writeStatementValues(tx, id));
      written++;
    } catch (error) {
      failed++;
      options.onError?.(id, error);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { written, failed };
}

/** The columns a request reads: everything but the version, which the query matches. */
const READ_COLUMNS = [
  'security_id',
  'period_ends',
  'heads',
  'line_items',
  'present',
  'metrics',
  'value_tokens',
  'accession_tokens',
  'derived',
  'series_head',
] as const;

/** What a metric list needs beside its stored rows, worked out once per list. */
interface MetricPlan {
  /** The line items the metrics read: a period with none of them is left out. */
  lineItems: readonly string[];
  /** The answer's `metrics`, as JSON. */
  listJson: string;
}

const plans = new Map<string, MetricPlan>();

function planOf(metrics: readonly FinancialMetric[]): MetricPlan {
  const key = metrics.join(',');
  let plan = plans.get(key);
  if (!plan) {
    plan = { lineItems: inputsOf(metrics).lineItems, listJson: JSON.stringify(metricList(metrics)) };
    // calc-financials takes any list: keep a bounded number.
    if (plans.size >= 200) plans.delete(plans.keys().next().value as string);
    plans.set(key, plan);
  }
  return plan;
}

/**
 * A financials answer (FinancialsResponse) as JSON text: each security from its stored values when they
 * are current, else computed from its statement (load.ts), which gives the same text.
 */
export async function financialsJson(
  database: Database,
  securities: readonly SecurityRef[],
  period: Period,
  range: { from?: string | undefined; to?: string | undefined },
  metrics: readonly FinancialMetric[],
): Promise<JsonText> {
  const { db } = database;
  const plan = planOf(metrics);
  // The periods of each security with current values, as JSON made where the rows are read (a reader thread).
  const query = db
    .selectFrom('statement_values')
    .select(READ_COLUMNS)
    .where(
      'security_id',
      'in',
      securities.map((s) => s.id),
    )
    .where('period', '=', period)
    .where('version', '=', STATEMENT_VALUES_VERSION)
    .compile();
  const { value } = await database.readFormatted(query, 'statements', {
    metrics,
    lineItems: plan.lineItems,
    from: range.from ?? null,
    to: range.to ?? null,
  });
  const stored = new Map(value.ids.map((id, i) => [id, i]));
  const missing = securities.filter((s) => !stored.has(s.id));
  const computed = new Map(
    missing.length === 0
      ? []
      : (await loadFinancials(db, missing, period, range, metrics)).map((data) => [data.security.id, data]),
  );
  const series = securities.map((security) => {
    const i = stored.get(security.id);
    if (i === undefined) {
      return JSON.stringify(presentPeriods(computed.get(security.id) as SecurityFinancials, metrics, range.from));
    }
    return `{"ticker":${JSON.stringify(security.ticker)},${value.seriesHeads[i]},"periods":${value.periods[i]}}`;
  });
  return `{"period":${JSON.stringify(period)},"metrics":${plan.listJson},"series":[${series.join(',')}]}` as JsonText;
}
