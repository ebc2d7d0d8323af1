/*
 * The read format of stored statement values (statement-values.ts): statement_values rows, read raw,
 * as the JSON text of each security's `periods` (db/read-formats.ts registers it). What it needs of the
 * chunk layout comes in `options.layout` (STATEMENT_LAYOUT below), never re-declared here.
 */

/** The parts of the chunk layout the format reads (chunk-layout.ts, fact-statements.ts). */
export interface StatementLayout {
  /** Width of a day in period_ends. */
  dayWidth: number;
  /** A `present` cell without a fact. */
  noFact: string;
  /** A `derived` cell of a computed value. */
  derivedMark: string;
}

export interface StatementPeriodsOptions {
  metrics: readonly string[];
  /** The line items the metrics read: a period without a fact of any of them is left out. */
  lineItems: readonly string[];
  from: string | null;
  to: string | null;
  layout: StatementLayout;
}

/**
 * The periods that end in [from, to] and have a fact of one of `lineItems`, each with the values,
 * accessions and derived list of `metrics`: what JSON.stringify writes for the periods
 * routes/financials/load.ts presentPeriods computes (stored.test.ts). Per row, in row order: its
 * security, its periods' JSON array, and its series head (the members between ticker and periods).
 */
export function statementPeriods(
  rows: readonly (readonly unknown[])[],
  names: readonly string[],
  options: StatementPeriodsOptions,
): { ids: number[]; periods: string[]; seriesHeads: string[] } {
  // Read as objects, no rows have no column names either.
  if (rows.length === 0) return { ids: [], periods: [], seriesHeads: [] };
  const { metrics, lineItems, from, to, layout } = options;
  const day = layout.dayWidth;
  const derivedCode = layout.derivedMark.charCodeAt(0);
  const column = (name: string) => {
    const at = names.indexOf(name);
    if (at < 0) throw new TypeError(`statementPeriods: no column ${name}`);
    return at;
  };
  const col = {
    id: column('security_id'),
    ends: column('period_ends'),
    heads: column('heads'),
    items: column('line_items'),
    present: column('present'),
    metrics: column('metrics'),
    values: column('value_tokens'),
    accessions: column('accession_tokens'),
    derived: column('derived'),
    seriesHead: column('series_head'),
  };
  const keys = metrics.map((name) => `${JSON.stringify(name)}:`);
  const quoted = metrics.map((name) => JSON.stringify(name));
  const metricCount = metrics.length;
  const ids: number[] = [];
  const periods: string[] = [];
  const seriesHeads: string[] = [];
  for (const row of rows) {
    ids.push(Number(row[col.id]));
    seriesHeads.push(row[col.seriesHead] as string);
    const ends = row[col.ends] as string;
    const periodCount = ends.length / day;
    const present = row[col.present] as string;
    const items = (row[col.items] as string) === '' ? [] : (row[col.items] as string).split(',');
    const included = new Uint8Array(periodCount);
    for (const item of lineItems) {
      const k = items.indexOf(item);
      if (k >= 0)
        for (let i = 0; i < periodCount; i++) if (present[k * periodCount + i] !== layout.noFact) included[i] = 1;
    }
    const stored = (row[col.metrics] as string).split(',');
    const valueLines = (row[col.values] as string).split('\n');
    const accessionText = row[col.accessions] as string;
    const accessionLines = accessionText === '' ? undefined : accessionText.split('\n');
    const derived = row[col.derived] as string;
    const values = new Array<string[]>(metricCount);
    const accessions = new Array<string[] | undefined>(metricCount);
    const derivedAt = new Array<number>(metricCount);
    for (let j = 0; j < metricCount; j++) {
      const k = stored.indexOf(metrics[j] as string);
      if (k < 0) throw new TypeError(`statementPeriods: no metric ${metrics[j]} stored`);
      values[j] = (valueLines[k] as string).split(',');
      const line = accessionLines?.[k];
      accessions[j] = line ? line.split('\t') : undefined;
      derivedAt[j] = k * periodCount;
    }
    const heads = (row[col.heads] as string).split('\n');
    const parts: string[] = [];
    for (let i = 0; i < periodCount; i++) {
      if (included[i] === 0) continue;
      const end = ends.slice(i * day, i * day + day);
      if ((from !== null && end < from) || (to !== null && end > to)) continue;
      let valuesJson = '';
      let accessionsJson = '';
      let derivedJson = '';
      for (let j = 0; j < metricCount; j++) {
        valuesJson += `${j === 0 ? '' : ','}${keys[j]}${(values[j] as string[])[i]}`;
        // Written as metricValues gives them: a metric without a value has neither.
        const filings = accessions[j]?.[i];
        if (filings) accessionsJson += `${accessionsJson === '' ? '' : ','}${keys[j]}${filings}`;
        if (derived.charCodeAt((derivedAt[j] as number) + i) === derivedCode) {
          derivedJson += `${derivedJson === '' ? '' : ','}${quoted[j]}`;
        }
      }
      parts.push(`{${heads[i]},"values":{${valuesJson}},"accessions":{${accessionsJson}},"derived":[${derivedJson}]}`);
    }
    periods.push(`[${parts.join(',')}]`);
  }
  return { ids, periods, seriesHeads };
}
