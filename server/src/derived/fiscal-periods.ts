import { financialGroups } from '@app/contract';
import { splitFactorAfter } from '../finance/adjust.ts';
import { dayNumber, type Range, type SplitPoint } from '../finance/types.ts';
import { SERIES_DAY as DAY, NO_DAY, unpackAmounts } from './chunk-layout.ts';
import { DERIVED_FACT, type FactStatementRow, NO_FACT, type RestatedCell } from './fact-statements.ts';

/*
 * Facts grouped into fiscal periods: one row per period end, holding every line item filed for it with
 * the accession it came from. Per-share items and share counts are restated here, once, for the splits
 * after the period end, so every later computation works in today's share terms.
 */
/** One value while computing: the number, the filings it comes from, and whether it was computed. */
export interface FinancialValue {
  value: number | null;
  accessions: readonly string[];
  derived: boolean;
}

/**
 * The value as first filed, where a later filing changed it (issue 32): in today's share terms like the
 * latest value, with its filing and day; beside them the day of the filing that gave the latest value and
 * the concept, which the catalogue's restatement figures count by (metrics/snapshot.ts).
 */
export interface FirstFiled {
  value: number;
  accession: string | null;
  filed: string | null;
  latestFiled: string | null;
  concept: string;
}

/** A filed value: the metrics hand it out as it is (no copy per period); `first` when a later filing changed it. */
export type Cell = FinancialValue & { value: number; first?: FirstFiled };

export interface PeriodRow {
  /** Its position among all the periods of its statement (previousRow). */
  index: number;
  fiscalYear: number;
  /** TP: the transition period of a change of fiscal year end (no fiscal year, no quarter). */
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TP';
  periodStart: string | null;
  periodEnd: string;
  items: Map<string, Cell>;
}

const PER_SHARE_ITEMS = new Set(['eps_basic', 'eps_diluted', 'dividends_per_share']);
const SHARE_ITEMS = new Set(['shares_basic', 'shares_diluted', 'shares_outstanding']);
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/**
 * Balance-sheet instants (the balance-sheet lines of the contract as line items, shares outstanding
 * among them): a TTM takes the latest, never a sum.
 */
export const INSTANT_ITEMS: ReadonlySet<string> = new Set(financialGroups['balance-sheet'].map(snake));
/** Weighted average share counts: flows in their dates, but a TTM takes the last quarter's, never a sum. */
const AVERAGE_ITEMS = new Set(['shares_basic', 'shares_diluted']);

/**
 * The fiscal periods of one security from its statement (fact-statements.ts), in period-end order, keeping
 * the periods that end in [from, to]. With `lineItems`, only those items are read, and a period none of
 * them has a fact for is left out. A period's fiscal year, start and label were decided when the
 * statement was written, from all its facts.
 */
export function periodRows(
  statement: FactStatementRow | undefined,
  splits: readonly SplitPoint[],
  range: Range = {},
  lineItems?: readonly string[],
): PeriodRow[] {
  if (!statement) return [];
  const ends = statement.period_ends;
  const n = ends.length / DAY;
  const items = statement.line_items === '' ? [] : statement.line_items.split(',');
  const wanted = lineItems ? new Set(lineItems) : undefined;
  const amounts = unpackAmounts(statement.amounts);
  const filingsOfItem = statement.accessions === '' ? undefined : itemFilings(statement.accessions, n);
  const { derived } = statement;
  // The few cells a later filing changed, by position (k * n + i); most statements have none.
  const restated = statement.restated
    ? new Map((JSON.parse(statement.restated) as RestatedCell[]).map((cell) => [cell[0] * n + cell[1], cell]))
    : undefined;
  const rows = new Array<PeriodRow | undefined>(n);
  let years: string[] | undefined;
  /** Per period: in the range (1), out (0), or not looked at yet (undefined). */
  const inRange = new Array<number | undefined>(n);
  /** Per period, the split factor after its end (per-share items and share counts are restated by it). */
  const factors = new Array<number | undefined>(n);
  for (let k = 0; k < items.length; k++) {
    const item = items[k] as string;
    if (wanted && !wanted.has(item)) continue;
    const perShare = PER_SHARE_ITEMS.has(item);
    const shares = SHARE_ITEMS.has(item);
    const cellFilings = filingsOfItem?.(k);
    for (let i = 0; i < n; i++) {
      const cell = derived.charCodeAt(k * n + i);
      if (cell === NONE_CODE) continue;
      let row = rows[i];
      if (!row) {
        if (inRange[i] === undefined) {
          const end = ends.slice(i * DAY, i * DAY + DAY);
          inRange[i] = (range.from && end < range.from) || (range.to && end > range.to) ? 0 : 1;
        }
        if (inRange[i] === 0) continue;
        years ??= statement.fiscal_years.split(',');
        const start = statement.period_starts.slice(i * DAY, i * DAY + DAY);
        row = {
          index: i,
          fiscalYear: Number(years[i]),
          fiscalPeriod: statement.fiscal_periods.slice(i * 2, i * 2 + 2) as PeriodRow['fiscalPeriod'],
          periodStart: start === NO_DAY ? null : start,
          periodEnd: ends.slice(i * DAY, i * DAY + DAY),
          items: new Map(),
        };
        rows[i] = row;
      }
      let value = amounts[k * n + i] as number;
      const changed = restated?.get(k * n + i);
      let firstValue = changed?.[2];
      if (perShare || shares) {
        let factor = factors[i];
        if (factor === undefined) {
          factor = splitFactorAfter(splits, row.periodEnd);
          factors[i] = factor;
        }
        value = perShare ? value * factor : value / factor;
        if (firstValue !== undefined) firstValue = perShare ? firstValue * factor : firstValue / factor;
      }
      const filed: Cell = { value, accessions: cellFilings?.[i] ?? NONE, derived: cell === DERIVED_CODE };
      if (changed && firstValue !== undefined) {
        const [, , , firstAccession, firstDay, latestFiled, concept] = changed;
        filed.first = { value: firstValue, accession: firstAccession, filed: firstDay, latestFiled, concept };
      }
      row.items.set(item, filed);
    }
  }
  return rows.filter((row): row is PeriodRow => row !== undefined);
}

/**
 * The filings of each cell of item k, from a statement's accessions column (fact-statements.ts), as lists
 * shared, never changed: every cell naming one filing gets the same list, so a value computed from one
 * period's cells hands that list on (metric-values.ts computed) instead of merging a new one. Undefined for
 * an item none of whose cells has a filing.
 */
function itemFilings(column: string, n: number): (k: number) => readonly (readonly string[])[] | undefined {
  const lines = column.split('\n');
  // A derived value (Q4 = FY - Q1..Q3) names every filing it uses, comma-joined (ingest/sources/sec.ts).
  const lists = (JSON.parse(lines[0] as string) as string[]).map((text) =>
    text.includes(',') ? text.split(',') : [text],
  );
  const decoded = new Map<number, (readonly string[])[]>();
  const decode = (line: number): (readonly string[])[] | undefined => {
    const text = lines[line];
    if (!text || line === 0) return undefined;
    // '=': the same as the item before (never the first item's: line 0 is the filings).
    if (text === '=') return decode(line - 1);
    let cells = decoded.get(line);
    if (!cells) {
      const at = text.split(',');
      cells = new Array(n);
      for (let i = 0; i < n; i++) {
        const index = at[i];
        cells[i] = index ? (lists[Number(index)] as readonly string[]) : NONE;
      }
      decoded.set(line, cells);
    }
    return cells;
  };
  return (k) => decode(k + 1);
}

/**
 * How far back the period before a period may end and still be its start (averages: ROE, ROA): a year
 * and its slack, a quarter and its slack. Reading `from` minus this much finds it (metrics/financials.ts).
 */
export const START_WINDOW_DAYS = { annual: 400, quarterly: 100 } as const;

/**
 * The period whose end is rows[i]'s start, for averages: the statement's period right before it, when it
 * was read and ends within START_WINDOW_DAYS. Else none: a year missing from the filings leaves no start,
 * rather than taking the year before it. So a period's values do not depend on the range asked for, nor
 * on which line items were read (a period before that has none of them has none of their values either).
 */
export function previousRow(rows: readonly PeriodRow[], i: number): PeriodRow | undefined {
  const row = rows[i];
  const before = rows[i - 1];
  if (!row || !before || before.index !== row.index - 1) return undefined;
  const window = START_WINDOW_DAYS[row.fiscalPeriod === 'FY' ? 'annual' : 'quarterly'];
  return dayNumber(before.periodEnd) >= dayNumber(row.periodEnd) - window ? before : undefined;
}

const NONE_CODE = NO_FACT.charCodeAt(0);
const DERIVED_CODE = DERIVED_FACT.charCodeAt(0);
/** Shared by every value without a filing (frozen: a cell's accessions are never added to). */
const NONE: readonly string[] = Object.freeze([]);

/** A quarter end more than this after the previous one means a quarter is missing (finance/periods.ts). */
const MAX_QUARTER_GAP_DAYS = 120;
/** The flows a TTM must have in each of its four quarters; else it cannot be formed (no null labelled TTM). */
const TTM_KEY_FLOWS = ['revenue', 'net_income'];

/**
 * A quarter with flows: a row of balance-sheet instants only is not a quarter of income, nor is a
 * transition period (a TTM across one finds its quarters a gap apart, and falls back to the fiscal year).
 */
const hasFlows = (row: PeriodRow) => {
  if (row.fiscalPeriod === 'TP') return false;
  for (const name of row.items.keys()) if (!INSTANT_ITEMS.has(name)) return true;
  return false;
};

/**
 * The trailing twelve months as one synthetic period (finance-definitions.md): flows summed over the
 * last four real quarters (fiscal quarters with flows, consecutive, each with revenue or net income filed, so a
 * TTM never stands for a missing figure), instants and average share counts from the last quarter. A
 * derived sum names the filings of all four quarters. Null when the four cannot be formed.
 */
export function ttmRow(quarters: readonly PeriodRow[]): PeriodRow | null {
  const real = quarters.filter(hasFlows);
  const last4 = real.slice(-4);
  const last = last4[3];
  if (!last) return null;
  for (let i = 1; i < 4; i++) {
    const gap = dayNumber((last4[i] as PeriodRow).periodEnd) - dayNumber((last4[i - 1] as PeriodRow).periodEnd);
    if (gap > MAX_QUARTER_GAP_DAYS) return null;
  }
  if (!TTM_KEY_FLOWS.some((name) => last4.every((q) => q.items.has(name)))) return null;
  const items = new Map<string, Cell>();
  const names = new Set(last4.flatMap((q) => [...q.items.keys()]));
  for (const name of names) {
    if (INSTANT_ITEMS.has(name) || AVERAGE_ITEMS.has(name)) {
      const cell = last.items.get(name);
      if (cell) items.set(name, cell);
      continue;
    }
    const cells = last4.map((q) => q.items.get(name));
    // A flow missing in one of the four quarters has no TTM.
    if (cells.some((c) => c === undefined)) continue;
    const present = cells as Cell[];
    items.set(name, {
      value: present.reduce((sum, c) => sum + c.value, 0),
      accessions: [...new Set(present.flatMap((c) => c.accessions))],
      derived: true,
    });
  }
  return {
    index: last.index,
    fiscalYear: last.fiscalYear,
    fiscalPeriod: last.fiscalPeriod,
    periodStart: last4[0]?.periodStart ?? null,
    periodEnd: last.periodEnd,
    items,
  };
}
