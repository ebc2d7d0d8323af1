import type { FinancialValue } from '@app/contract';
import { splitFactorAfter } from '../../finance/adjust.ts';
import { ttmSum } from '../../finance/periods.ts';
import type { SplitPoint } from '../../finance/types.ts';
import type { FactRow } from './queries.ts';

/*
 * Facts grouped into fiscal periods: one row per period end, holding every line item filed for it with
 * the accession it came from. Per-share items and share counts are restated here, once, for the splits
 * after the period end, so every later computation works in today's share terms.
 */
/**
 * A filed value, shaped as the contract's FinancialValue so the metrics hand it out as it is (no copy
 * per period); the type keeps a field that the response must not carry from being added here.
 */
export type Cell = FinancialValue & { value: number };

export interface PeriodRow {
  fiscalYear: number;
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4';
  periodStart: string | null;
  periodEnd: string;
  items: Map<string, Cell>;
}

const PER_SHARE_ITEMS = new Set(['eps_basic', 'eps_diluted', 'dividends_per_share']);
const SHARE_ITEMS = new Set(['shares_basic', 'shares_diluted', 'shares_outstanding']);
/** Balance-sheet instants: a TTM takes the latest, never a sum. */
export const INSTANT_ITEMS = new Set([
  'total_assets',
  'current_assets',
  'total_liabilities',
  'current_liabilities',
  'equity',
  'cash',
  'total_debt',
  'inventory',
  'receivables',
  'accounts_payable',
  'shares_outstanding',
]);

export function periodRows(facts: readonly FactRow[], splits: readonly SplitPoint[]): PeriodRow[] {
  const rows: PeriodRow[] = [];
  let current: PeriodRow | undefined;
  for (const f of facts) {
    if (!current || current.periodEnd !== f.period_end) {
      current = {
        fiscalYear: f.fiscal_year,
        fiscalPeriod: f.fiscal_period,
        periodStart: null,
        periodEnd: f.period_end,
        items: new Map(),
      };
      rows.push(current);
    }
    // Flows carry the period's start; instants (balance sheet) have none.
    if (f.period_start && !current.periodStart) current.periodStart = f.period_start;
    if (f.fiscal_period !== 'FY' && current.fiscalPeriod === 'FY') current.fiscalPeriod = f.fiscal_period;
    let value = f.value;
    if (PER_SHARE_ITEMS.has(f.line_item)) value *= splitFactorAfter(splits, f.period_end);
    else if (SHARE_ITEMS.has(f.line_item)) value /= splitFactorAfter(splits, f.period_end);
    current.items.set(f.line_item, {
      value,
      accessions: f.accession ? [f.accession] : [],
      derived: f.derived === 1,
    });
  }
  return rows;
}

/**
 * The trailing twelve months as one synthetic period: flows summed over the last four quarters
 * (when they are four consecutive ones, finance/periods ttmSum), instants and average share counts
 * from the last quarter. Null when the last four quarters are not complete.
 */
export function ttmRow(quarters: readonly PeriodRow[]): PeriodRow | null {
  const last4 = quarters.slice(-4);
  const last = last4[3];
  if (!last) return null;
  const ends = last4.map((q) => ({ periodEnd: q.periodEnd, value: 0 }));
  if (ttmSum(ends, last.periodEnd) == null) return null;
  const items = new Map<string, Cell>();
  const names = new Set(last4.flatMap((q) => [...q.items.keys()]));
  for (const name of names) {
    if (INSTANT_ITEMS.has(name) || name === 'shares_basic' || name === 'shares_diluted') {
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
    fiscalYear: last.fiscalYear,
    fiscalPeriod: last.fiscalPeriod,
    periodStart: last4[0]?.periodStart ?? null,
    periodEnd: last.periodEnd,
    items,
  };
}
