import type { FinancialMetric } from '@app/contract';
import { filingIndexUrl, financialMetricInfo } from '@app/contract';
import { MISSING, type UnitFormatters } from '../../ui/units.ts';

/** The SEC filing index page of an accession number, as the contract builds it (one address everywhere). */
export const filingUrl = (cik: string, accession: string): string => filingIndexUrl(cik, accession);

export type UnitKind = 'amount' | 'perShare' | 'shares' | 'ratio';

/** The kind of unit of a metric, whatever the currency the company reports in. */
export function unitKind(metric: FinancialMetric): UnitKind {
  switch (financialMetricInfo[metric].unit) {
    case 'currency':
      return 'amount';
    case 'currency/share':
      return 'perShare';
    case 'shares':
      return 'shares';
    case 'ratio':
      return 'ratio';
  }
}

/**
 * Whether a value stands for "nothing": not filed, not computable, or a zero (issue 22: buybacks read
 * "$0.00" where none were made; a table reads "—" there, as the sites investors use do).
 */
export const isNone = (value: number | null | undefined): value is null | undefined | 0 =>
  value == null || value === 0 || !Number.isFinite(value);

/**
 * A statement value with its unit: amounts compact in the company's currency, per-share exact, ratios
 * as %, share counts compact; "—" for nothing.
 */
export function formatMetric(
  units: UnitFormatters,
  metric: FinancialMetric,
  value: number | null | undefined,
  currency: string,
): string {
  return isNone(value) ? MISSING : metricFigure(units, metric, value, currency);
}

/** A metric's value in its unit (money compact, per share, shares, a fraction), a zero as a figure too. */
export function metricFigure(units: UnitFormatters, metric: FinancialMetric, value: number, currency: string): string {
  switch (unitKind(metric)) {
    case 'amount':
      return units.moneyCompact(value, currency);
    case 'perShare':
      return units.money(value, currency);
    case 'shares':
      return units.compact(value);
    case 'ratio':
      return units.fraction(value);
  }
}

/** Whether a metric is a ratio (charted in %) rather than an amount. */
export const isRatio = (metric: FinancialMetric) => unitKind(metric) === 'ratio';

/** The unit kinds a table's lines use, in a fixed order, so its units note names only those (issue 22). */
export function unitKindsOf(metrics: readonly FinancialMetric[]): UnitKind[] {
  const present = new Set(metrics.map(unitKind));
  return (['amount', 'perShare', 'shares', 'ratio'] as const).filter((kind) => present.has(kind));
}

/** Examples for the units note, formatted as the table formats them ("$1.25B", "16.33B"). */
export function unitExamples(units: UnitFormatters, currency: string) {
  return {
    amount: units.moneyCompact(1_250_000_000, currency),
    perShare: units.money(2.5, currency),
    shares: units.compact(16_330_000_000),
    ratio: units.fraction(0.25),
  };
}
