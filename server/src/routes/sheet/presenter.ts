import {
  type FinancialMetric,
  financialGroups,
  financialMetricInfo,
  meaningfulFor,
  type SheetData,
  type SheetId,
  type StatementKind,
  type TemplateStatement,
  templateLines,
} from '@app/contract';
import type { Period } from '../../db/schema.ts';
import { previousRow } from '../../derived/fiscal-periods.ts';
import { metricValues } from '../../derived/period-metrics.ts';
import type { SecurityFinancials } from '../../metrics/financials.ts';

/* A financials group turned into a table: rows = line items, columns = fiscal periods (oldest first). */

const TEMPLATED = new Set<string>(['income-statement', 'balance-sheet', 'cash-flow']);

/** The lines of a sheet for a kind of company: its template's, without the figures that mean nothing for it. */
function sheetLines(sheet: SheetId, kind: StatementKind): readonly FinancialMetric[] {
  const lines = TEMPLATED.has(sheet) ? templateLines(kind, sheet as TemplateStatement) : financialGroups[sheet];
  return kind === 'general' ? lines : lines.filter((metric) => meaningfulFor(kind, metric));
}

export function sheetTable(
  data: SecurityFinancials,
  sheet: SheetId,
  period: Period,
  kind: StatementKind = 'general',
): SheetData {
  const metrics = sheetLines(sheet, kind);
  const columns = data.rows.map((row, i) => ({
    row,
    ...metricValues(row, metrics, { previous: previousRow(data.rows, i), dividends: data.dividends }),
  }));
  // A column where every line of the sheet is empty (a period filed with other statements only) is left out.
  const filled = columns.filter((c) => metrics.some((m) => c.values[m] != null));
  return {
    ticker: data.security.ticker,
    sheet,
    period,
    template: kind,
    currency: data.head.currency,
    splitBasis: data.head.splitBasis,
    columns: filled.map(({ row }) => ({
      fiscalYear: row.fiscalYear,
      fiscalPeriod: row.fiscalPeriod,
      periodEnd: row.periodEnd,
    })),
    rows: metrics.map((lineItem) => ({
      lineItem,
      ...financialMetricInfo[lineItem],
      values: filled.map((c) => c.values[lineItem] ?? null),
      accessions: filled.map((c) => c.accessions[lineItem] ?? []),
    })),
  };
}

/**
 * How many periods of each sheet have at least one value (the sheet list's counts). A period's metrics are
 * computed once for all the sheets (a metric's value does not depend on the sheet asking), not per sheet.
 */
export function filledPeriodCounts(
  data: SecurityFinancials,
  sheets: readonly SheetId[],
  kind: StatementKind = 'general',
): Map<SheetId, number> {
  const lines = sheets.map((sheet) => [sheet, sheetLines(sheet, kind)] as const);
  const every = [...new Set(lines.flatMap(([, metrics]) => metrics))];
  const counts = new Map<SheetId, number>(sheets.map((sheet) => [sheet, 0]));
  data.rows.forEach((row, i) => {
    const { values } = metricValues(row, every, { previous: previousRow(data.rows, i), dividends: data.dividends });
    for (const [sheet, metrics] of lines)
      if (metrics.some((m) => values[m] != null)) counts.set(sheet, (counts.get(sheet) as number) + 1);
  });
  return counts;
}

/** RFC 4180: quote a field that holds a comma, quote or line break. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The table as CSV: line item, unit, then one column per period end; empty cells for unknown values. */
export function sheetCsv(table: SheetData): string {
  const header = [
    'lineItem',
    'unit',
    ...table.columns.map((c) => `${c.fiscalPeriod} ${c.fiscalYear} (${c.periodEnd})`),
  ];
  const lines = [
    header,
    ...table.rows.map((r) => [r.lineItem, r.unit, ...r.values.map((v) => (v == null ? '' : String(v)))]),
  ];
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}
