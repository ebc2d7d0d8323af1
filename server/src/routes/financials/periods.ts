import { SERIES_DAY as DAY, type FactSeriesRow, NO_DAY, unpackAmounts } from '../../db/series.ts';
import { splitFactorAfter } from '../../finance/adjust.ts';
import { ttmSum } from '../../finance/periods.ts';
import type { SplitPoint } from '../../finance/types.ts';

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

/** A filed value: the metrics hand it out as it is (no copy per period). */
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

/**
 * The fiscal periods of one security from its line-item series (db/series.ts), in period-end order,
 * keeping the periods that end in [from, to]. A period takes its start from the first flow that has
 * one (instants have none) and a quarter label over FY when any item says so.
 */
export function periodRows(
  series: readonly FactSeriesRow[],
  splits: readonly SplitPoint[],
  range: { from?: string | undefined; to?: string | undefined } = {},
): PeriodRow[] {
  const byEnd = new Map<string, PeriodRow>();
  // The line items of a statement mostly share their period ends: resolve each list of ends once.
  let ends: string | undefined;
  let rows: (PeriodRow | undefined)[] = [];
  for (const s of series) {
    const n = s.period_ends.length / DAY;
    if (s.period_ends !== ends) {
      ends = s.period_ends;
      rows = [];
      for (let i = 0; i < n; i++) {
        const end = s.period_ends.slice(i * DAY, i * DAY + DAY);
        if ((range.from && end < range.from) || (range.to && end > range.to)) {
          rows.push(undefined);
          continue;
        }
        let row = byEnd.get(end);
        if (!row) {
          row = { fiscalYear: 0, fiscalPeriod: 'FY', periodStart: null, periodEnd: end, items: new Map() };
          byEnd.set(end, row);
        }
        rows.push(row);
      }
    }
    const amounts = unpackAmounts(s.amounts);
    let years: string[] | undefined;
    let accessions: (string | null)[] | undefined;
    const perShare = PER_SHARE_ITEMS.has(s.line_item);
    const shares = SHARE_ITEMS.has(s.line_item);
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      if (!row) continue;
      // The first item of a period gives its fiscal year.
      if (row.fiscalYear === 0) {
        years ??= s.fiscal_years.split(',');
        row.fiscalYear = Number(years[i]);
      }
      // Flows carry the period's start; instants (balance sheet) have none.
      if (!row.periodStart) {
        const start = s.period_starts.slice(i * DAY, i * DAY + DAY);
        if (start !== NO_DAY) row.periodStart = start;
      }
      // A quarter label wins over FY.
      if (row.fiscalPeriod === 'FY' && s.fiscal_periods.charCodeAt(i * 2) === Q)
        row.fiscalPeriod = s.fiscal_periods.slice(i * 2, i * 2 + 2) as PeriodRow['fiscalPeriod'];
      let value = amounts[i] as number;
      if (perShare) value *= splitFactorAfter(splits, row.periodEnd);
      else if (shares) value /= splitFactorAfter(splits, row.periodEnd);
      accessions ??= s.accessions === '' ? [] : (JSON.parse(s.accessions) as (string | null)[]);
      const accession = accessions[i];
      row.items.set(s.line_item, { value, accessions: accession ? [accession] : NONE, derived: s.derived[i] === '1' });
    }
  }
  return [...byEnd.values()].sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : a.periodEnd > b.periodEnd ? 1 : 0));
}

const Q = 'Q'.charCodeAt(0);
/** Shared by every value without a filing (frozen: a cell's accessions are never added to). */
const NONE: readonly string[] = Object.freeze([]);

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
