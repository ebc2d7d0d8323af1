import type { Db } from '../db/index.ts';
import type { FinancialFactsTable, Period, Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import { dayNumber, isoDayOf } from '../finance/types.ts';
import {
  type AnyDb,
  daysBefore,
  groupBy,
  NO_DAY,
  packAmounts,
  packDayNumbers,
  SERIES_DAY,
  unpackAmounts,
  unpackDayNumbers,
} from './chunk-layout.ts';

/*
 * fact_statements (ADR 0008, migration 007): every line item of one security for one kind of period as
 * one row, a matrix of items (sorted, `line_items`) by periods (the union of their period ends,
 * ascending): about 30 x 20 annual, 30 x 80 quarterly. A five-company income statement reads 5 rows.
 *   amounts: item-major float64 little-endian bytes (a BLOB, bytea in PostgreSQL): computed with, never
 *     passed through, so they are read as a Float64Array view without parsing;
 *   derived: one character per cell, '1' computed (a fourth quarter), '0' filed, '-' no fact;
 *   accessions: the cells' filings, '' when no cell has one. Line 0, the statement's distinct accession
 *     texts as a JSON array (a derived value's is its filings comma-joined); then one line per item: ''
 *     (none of its cells has one), '=' (the same as the item before), or n comma-separated indexes into
 *     line 0, empty for a cell without (migration 022: a JSON array per item repeated each period's
 *     accession for every item: 220 of the 290 kB of a quarterly matrix with one in every cell);
 *   restated: the few cells a later filing changed (issue 32, migration 020), '' when none: a JSON array of
 *     [k, i, first value, first accession, first filed, latest filed, concept], so the statement answers
 *     give the value as first filed from the row they read anyway (fiscal-periods.ts periodRows);
 *   filed_days: each cell's filing day (migration 022), int32 day numbers item-major like the amounts,
 *     NO_FILED_DAY where none: the valuation chart counts a value from that day (selectStatementFacts).
 * financial_facts stays the source of truth; the loader (ingest/store.ts) rewrites the statements a
 * write touches in the same transaction.
 */

/** A stored fact as the statements keep it: the financial_facts columns the read side uses. */
export type StatementFact = Pick<
  FinancialFactsTable,
  | 'line_item'
  | 'period'
  | 'period_start'
  | 'period_end'
  | 'fiscal_year'
  | 'fiscal_period'
  | 'value'
  | 'unit'
  | 'accession'
  | 'derived'
> &
  // The restatement ledger's columns (issue 32): a fact without them is as first filed.
  Partial<Pick<FinancialFactsTable, 'filed' | 'concept' | 'first_value' | 'first_accession' | 'first_filed'>>;

/**
 * A restated cell as stored: item k, period i, the value as first filed (in the period's share terms, as
 * the amounts), its filing and day, the day of the filing that gave the latest value, and the concept.
 */
export type RestatedCell = [number, number, number, string | null, string | null, string | null, string];

/** A matrix as the statements read it (every column but the filing days, which the valuation chart reads). */
export type FactStatementRow = Omit<Schema['fact_statements'], 'filed_days'>;

/** A cell of the derived matrix: the item has no fact for the period. */
export const NO_FACT = '-';
/** A cell of the derived matrix: the value was computed (a fourth quarter), not filed as it is. */
export const DERIVED_FACT = '1';
/** A cell of filed_days without a filing day (no fact, or a fact whose source gave no day). */
export const NO_FILED_DAY = -2_147_483_648;

/**
 * Every line item of one security for one kind of period as one row. A period's fiscal year, start and
 * label are decided here, once, from its facts in item order: the fiscal year of the first item that
 * has the period, the first start given (instants have none), the first quarter (or transition period,
 * TP) label over FY.
 */
export function packFactStatement(securityId: number, facts: readonly StatementFact[]): Schema['fact_statements'] {
  const first = facts[0];
  if (!first) throw new Error('packFactStatement: no facts');
  for (const f of facts) {
    if (f.period !== first.period) throw new Error('packFactStatement: mixed periods');
    if (f.period_end.length !== SERIES_DAY || (f.period_start !== null && f.period_start.length !== SERIES_DAY))
      throw new Error(`packFactStatement: period ${f.period_start} - ${f.period_end}`);
    if (f.line_item.includes(',')) throw new Error(`packFactStatement: line item ${f.line_item}`);
  }
  const items = [...new Set(facts.map((f) => f.line_item))].sort(byText);
  const ends = [...new Set(facts.map((f) => f.period_end))].sort(byText);
  const itemAt = new Map(items.map((item, k) => [item, k]));
  const endAt = new Map(ends.map((end, i) => [end, i]));
  const n = ends.length;
  const years: (number | undefined)[] = new Array(n).fill(undefined);
  const starts: (string | null)[] = new Array(n).fill(null);
  const labels: string[] = new Array(n).fill('FY');
  const amounts = new Float64Array(items.length * n);
  const derived: string[] = new Array(items.length * n).fill(NO_FACT);
  const accessions: (string | null)[][] = items.map(() => new Array(n).fill(null));
  const filedDays = new Int32Array(items.length * n).fill(NO_FILED_DAY);
  const restated: RestatedCell[] = [];
  const sorted = [...facts].sort((a, b) => byText(a.line_item, b.line_item) || byText(a.period_end, b.period_end));
  for (const f of sorted) {
    const k = itemAt.get(f.line_item) as number;
    const i = endAt.get(f.period_end) as number;
    if (derived[k * n + i] !== NO_FACT)
      throw new Error(`packFactStatement: two facts of ${f.line_item} ${f.period_end}`);
    years[i] ??= f.fiscal_year;
    starts[i] ??= f.period_start;
    if (labels[i] === 'FY' && f.fiscal_period !== 'FY') labels[i] = f.fiscal_period;
    amounts[k * n + i] = f.value;
    derived[k * n + i] = f.derived ? DERIVED_FACT : '0';
    (accessions[k] as (string | null)[])[i] = f.accession;
    if (f.filed) filedDays[k * n + i] = dayNumber(f.filed);
    if (f.first_value != null) {
      const first = [f.first_value, f.first_accession ?? null, f.first_filed ?? null] as const;
      restated.push([k, i, ...first, f.filed ?? null, f.concept ?? f.line_item]);
    }
  }
  const currency = statementCurrency(facts);
  return {
    security_id: securityId,
    period: first.period,
    period_ends: ends.join(''),
    period_starts: starts.map((start) => start ?? NO_DAY).join(''),
    fiscal_years: years.join(','),
    fiscal_periods: labels.join(''),
    line_items: items.join(','),
    amounts: packAmounts(amounts),
    accessions: packAccessions(accessions),
    derived: derived.join(''),
    currency,
    restated: restated.length > 0 ? JSON.stringify(restated) : '',
    filed_days: packDayNumbers(filedDays),
  };
}

/** The accessions column (see the top of this file) of the cells' filings, item by item. */
function packAccessions(cells: readonly (readonly (string | null)[])[]): string {
  const distinct = new Map<string, number>();
  const lines = cells.map((list) => {
    if (!list.some(Boolean)) return '';
    return list
      .map((accession) => {
        if (!accession) return '';
        let at = distinct.get(accession);
        if (at === undefined) {
          at = distinct.size;
          distinct.set(accession, at);
        }
        return String(at);
      })
      .join(',');
  });
  // Most statements outside SEC data have no filings at all: nothing to parse when read.
  if (distinct.size === 0) return '';
  const items = lines.map((line, k) => (k > 0 && line !== '' && line === lines[k - 1] ? '=' : line));
  return [JSON.stringify([...distinct.keys()]), ...items].join('\n');
}

/**
 * The currency of a statement's amounts: the ISO code its money facts carry (USD, EUR; per-share
 * units are EUR/shares). The parser keeps one reporting currency per company; should a statement
 * still hold two, the one of most facts. '' when it has no money facts at all.
 */
export function statementCurrency(facts: readonly Pick<StatementFact, 'unit'>[]): string {
  const counts = new Map<string, number>();
  for (const f of facts) {
    const code = /^([A-Z]{3})(\/shares)?$/.exec(f.unit)?.[1];
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best = '';
  for (const [code, n] of counts) if (n > (counts.get(best) ?? 0)) best = code;
  return best;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The columns of a fact_statements row besides its key (security_id, period) the statements read. */
export const FACT_STATEMENT_COLUMNS = [
  'period_ends',
  'period_starts',
  'fiscal_years',
  'fiscal_periods',
  'line_items',
  'amounts',
  'accessions',
  'derived',
  'currency',
  'restated',
] as const;

/** What is written: the statements' columns and the filing days (read by the valuation chart only). */
const WRITTEN_COLUMNS = [...FACT_STATEMENT_COLUMNS, 'filed_days'] as const;

/** Rewrites the statements of `periods` (both kinds by default) from every stored fact of the security. */
export async function writeFactStatements(
  tx: AnyDb,
  securityId: number,
  facts: readonly StatementFact[],
  periods?: ReadonlySet<Period>,
): Promise<void> {
  const groups = groupBy(facts, (f) => f.period, periods);
  const rows = [...groups.values()].map((list) => packFactStatement(securityId, list));
  await upsertRows(tx, 'fact_statements', rows, ['security_id', 'period'], WRITTEN_COLUMNS);
}

/** The financial_facts columns a statement matrix is packed from (StatementFact's own). */
export const STATEMENT_FACT_COLUMNS = [
  'line_item',
  'period',
  'period_start',
  'period_end',
  'fiscal_year',
  'fiscal_period',
  'value',
  'unit',
  'accession',
  'derived',
] as const;

/**
 * Both statements of one security again from its rows in financial_facts: what the consistency check
 * compares against, and what the repair at start writes for a security without them (ingest/repair.ts).
 */
export async function rebuildFactStatements(db: AnyDb, securityId: number): Promise<void> {
  const facts = await db
    .selectFrom('financial_facts')
    .select([...STATEMENT_FACT_COLUMNS, 'filed', 'concept', 'first_value', 'first_accession', 'first_filed'])
    .where('security_id', '=', securityId)
    .execute();
  await writeFactStatements(db, securityId, facts);
}

/**
 * The statements of several securities for one kind of period (both when none is given): one row per
 * security and kind on the fact_statements primary key, every line item in it.
 */
export function selectFactStatements(db: Db, ids: readonly number[], period?: Period) {
  let query = db
    .selectFrom('fact_statements')
    .select(['security_id', 'period', ...FACT_STATEMENT_COLUMNS])
    .where('security_id', 'in', ids);
  if (period) query = query.where('period', '=', period);
  return query.execute();
}

/** Which kinds of statement each security has, and their currency: the series head (series-head.ts). */
export function selectStatementKinds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('fact_statements')
    .select(['security_id', 'period', 'currency'])
    .where('security_id', 'in', ids)
    .execute();
}

/** One fact of a statement matrix as a row: its security, item, kind of period, end, value and filing day. */
export interface MatrixFact {
  security_id: number;
  line_item: string;
  period: Period;
  period_end: string;
  value: number;
  filed: string | null;
}

/**
 * The facts of some line items, ending on or before `to` when given, read from the securities' statement
 * matrices (the rows a stock page reads anyway) rather than financial_facts: in financial_facts' key order
 * (security, kind of period, item, period end). Beside them, from the same rows, the statements' reporting
 * currencies (issue 19: an IFRS filer may report in EUR while it trades in USD): each security's distinct
 * ones, none for a security without statements or whose statements say none.
 */
export async function selectStatementFacts(
  db: Db,
  ids: readonly number[],
  lineItems: readonly string[],
  to: string | undefined,
): Promise<{ facts: MatrixFact[]; currencies: Map<number, Set<string>> }> {
  const currencies = new Map<number, Set<string>>();
  if (ids.length === 0) return { facts: [], currencies };
  const rows = await db
    .selectFrom('fact_statements')
    .select(['security_id', 'period', 'period_ends', 'line_items', 'amounts', 'derived', 'filed_days', 'currency'])
    .where('security_id', 'in', ids)
    .orderBy('security_id')
    .orderBy('period')
    .execute();
  const wanted = new Set(lineItems);
  const out: MatrixFact[] = [];
  for (const row of rows) {
    if (row.currency !== '') {
      const known = currencies.get(row.security_id);
      if (known) known.add(row.currency);
      else currencies.set(row.security_id, new Set([row.currency]));
    }
    if (row.filed_days.byteLength * 2 !== row.amounts.byteLength)
      throw new Error(`fact_statements ${row.security_id}/${row.period}: filing days do not match its cells`);
    const ends = row.period_ends;
    const n = ends.length / SERIES_DAY;
    const last = to === undefined ? n : daysBefore(ends, n, to, true);
    const amounts = unpackAmounts(row.amounts);
    const filed = unpackDayNumbers(row.filed_days);
    const items = row.line_items === '' ? [] : row.line_items.split(',');
    for (let k = 0; k < items.length; k++) {
      const item = items[k] as string;
      if (!wanted.has(item)) continue;
      for (let i = 0; i < last; i++) {
        const cell = k * n + i;
        if (row.derived.charCodeAt(cell) === NO_FACT_CODE) continue;
        const day = filed[cell] as number;
        out.push({
          security_id: row.security_id,
          line_item: item,
          period: row.period,
          period_end: ends.slice(i * SERIES_DAY, i * SERIES_DAY + SERIES_DAY),
          value: amounts[cell] as number,
          filed: day === NO_FILED_DAY ? null : isoDayOf(day),
        });
      }
    }
  }
  return { facts: out, currencies };
}

const NO_FACT_CODE = NO_FACT.charCodeAt(0);
