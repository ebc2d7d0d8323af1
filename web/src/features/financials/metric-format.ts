import type { FinancialMetric } from '@app/contract';
import { financialMetricInfo } from '@app/contract';
import type { UnitFormatters } from '../../ui/units.ts';

/** The SEC filing index of an accession number (docs/api.md): dashes dropped, under the company's CIK. */
export function filingUrl(cik: string, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replaceAll('-', '')}/`;
}

/** A statement value with its unit: amounts compact with the currency, per-share exact, ratios as %. */
export function formatMetric(
  units: UnitFormatters,
  metric: FinancialMetric,
  value: number | null | undefined,
  currency: string,
): string {
  switch (financialMetricInfo[metric].unit) {
    case 'USD':
      return units.moneyCompact(value, currency);
    case 'USD/share':
      return units.money(value, currency);
    case 'shares':
      return value === null || value === undefined
        ? units.number(value)
        : new Intl.NumberFormat(units.locale, {
            notation: 'compact',
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          }).format(value);
    case 'ratio':
      return units.fraction(value);
  }
}

/** Whether a metric is a ratio (charted in %) rather than an amount. */
export const isRatio = (metric: FinancialMetric) => financialMetricInfo[metric].unit === 'ratio';
