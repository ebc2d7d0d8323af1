import type { FinancialMetric } from '@app/contract';
import type { Database } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';
import { inputsOf } from '../../derived/period-metrics.ts';
import { STATEMENT_LAYOUT, STATEMENT_VALUES_VERSION } from '../../derived/statement-values.ts';
import type { Range } from '../../finance/types.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { SecurityRef } from '../market/securities.ts';
import { loadFinancials, metricList, presentPeriods, type SecurityFinancials } from './load.ts';

/*
 * A financials answer from the stored statement values (derived/statement-values.ts, ADR 0010): the
 * tokens of the metrics and periods asked for, joined where the rows are read; a security whose values
 * are not stored (yet, or of another version) is computed from its statement (load.ts), which gives the
 * same text.
 */

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
  range: Range,
  metrics: readonly FinancialMetric[],
): Promise<JsonText> {
  const { db } = database;
  const plan = planOf(metrics);
  // The periods of each security with current values, as JSON made from the rows as read (read-formats.ts).
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
    layout: STATEMENT_LAYOUT,
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
