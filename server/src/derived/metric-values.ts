import type { FinancialMetric } from '@app/contract';
import type { DividendPoint } from '../finance/types.ts';
import type { FinancialValue, PeriodRow } from './fiscal-periods.ts';

/*
 * What the metrics of period-metrics.ts and kind-metrics.ts are computed with: a period's filed values,
 * computed values naming every filing they use, and totals that are null, with the parts they miss,
 * unless every part is known.
 */
export interface MetricContext {
  previous: PeriodRow | undefined;
  /** Split-adjusted dividends by ex-date: the per-share fallback when no DPS was filed. */
  dividends: readonly DividendPoint[];
  /** Say why a total is null (`incomplete`: the parts it misses), as every answer of periods and TTM does. */
  reasons?: boolean;
  /** Give each filed value a later filing changed its value as first filed (`firstFiled`), as the statement answers do. */
  firstFiled?: boolean;
}

/*
 * Responses are built from thousands of these (5 tickers x 20 years x every metric), so the values are
 * shared rather than copied: a filed value is its period's cell as it is (a Cell is a FinancialValue),
 * and the empty ones are constants. Nothing changes a value once built (period-metrics.test.ts freezes them).
 */
export const empty: FinancialValue = { value: null, accessions: [], derived: false };
export const emptyComputed: FinancialValue = { value: null, accessions: [], derived: true };

/** A total some of whose parts are not known: null, naming the parts that are missing (never a partial sum). */
export type Incomplete = FinancialValue & { missing: readonly FinancialMetric[] };
export const incomplete = (missing: FinancialMetric[]): Incomplete => ({ ...emptyComputed, missing });

/** The parts of a total that have no value: those of `parts` (metric name and value) that are null. */
export function missingOf(parts: [FinancialMetric, FinancialValue][]): FinancialMetric[] {
  const out: FinancialMetric[] = [];
  for (const [name, part] of parts) {
    if (part.value != null) continue;
    const inner = (part as Partial<Incomplete>).missing;
    for (const m of inner ?? [name]) if (!out.includes(m)) out.push(m);
  }
  return out;
}

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function filed(row: PeriodRow | undefined, item: string): FinancialValue {
  return row?.items.get(item) ?? empty;
}

/** A value computed from inputs: null unless the function gives one; the inputs' filings are its sources. */
export function computed(value: number | null, ...inputs: FinancialValue[]): FinancialValue {
  if (value == null || !Number.isFinite(value)) return emptyComputed;
  // Inputs from one period's filing share its list (fiscal-periods.ts periodRows): handed on as it is.
  let shared: readonly string[] | undefined;
  for (const input of inputs) {
    if (input.accessions.length === 0 || input.accessions === shared) continue;
    if (shared !== undefined) {
      shared = undefined;
      break;
    }
    shared = input.accessions;
  }
  if (shared) return { value, accessions: shared, derived: true };
  // Each accession once, in the order of the inputs (a handful at most: includes beats a Set here).
  const accessions: string[] = [];
  for (const input of inputs) for (const a of input.accessions) if (!accessions.includes(a)) accessions.push(a);
  return { value, accessions, derived: true };
}

export type Compute = (row: PeriodRow, context: MetricContext) => FinancialValue;
