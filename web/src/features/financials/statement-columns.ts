import type { FinancialMetric, FinancialsResponse, FinancialValues, TtmFinancials } from '@app/contract';
import type { ChartSeries } from '../../ui/time-series-chart.tsx';
import { isRatio } from './metric-format.ts';
import type { StatementColumn } from './statement-table.tsx';

type Period = FinancialsResponse['series'][number]['periods'][number];
type Ttm = TtmFinancials['series'][number];
type Label = (period: Pick<Period, 'fiscalYear' | 'fiscalPeriod' | 'periodStart' | 'periodEnd'>) => string;

/** The values block of a period or TTM answer, without its other fields (first values only where there are some). */
const sources = ({ values, accessions, derived, firstFiled }: FinancialValues): FinancialValues => ({
  values,
  accessions,
  derived,
  ...(firstFiled ? { firstFiled } : {}),
});

const keyOf = (fiscalYear: number, fiscalPeriod: string) => `${fiscalYear}-${fiscalPeriod}`;

/** Every period of the answer as a column, newest first (design.md), each knowing its year-before column. */
export function periodColumns(periods: readonly Period[], label: Label): StatementColumn[] {
  return [...periods].reverse().map((period) => ({
    key: keyOf(period.fiscalYear, period.fiscalPeriod),
    label: label(period),
    periodEnd: period.periodEnd,
    yearBefore: keyOf(period.fiscalYear - 1, period.fiscalPeriod),
    ...sources(period),
  }));
}

/** How many years of quarters the quarterly table shows before "show all" (issue 33). */
export const RECENT_YEARS = 5;

/**
 * The newest RECENT_YEARS years of quarterly columns (newest first): the periods ending within that many
 * years of the newest one's end. A table of every quarter (85 columns, 16,000 elements) took 3 s to draw.
 */
export function recentColumns(columns: readonly StatementColumn[], years = RECENT_YEARS): StatementColumn[] {
  const newest = columns.find((column) => column.periodEnd !== null)?.periodEnd;
  if (!newest) return columns.slice(0, years * 4);
  const from = new Date(`${newest}T00:00:00Z`);
  from.setUTCFullYear(from.getUTCFullYear() - years);
  // A quarter ending a few days past the cut (52-53 week years) is still one of the last five years'.
  from.setUTCDate(from.getUTCDate() + 10);
  const cut = from.toISOString().slice(0, 10);
  return columns.filter((column) => column.periodEnd === null || column.periodEnd >= cut);
}

/**
 * The TTM column, put before the fiscal years, when the API has a real trailing twelve months with a
 * value for one of the lines shown. A fallback to the last fiscal year (basis other than ttm) would only
 * repeat that year's column: left out, and the page says why.
 */
export function ttmColumn(ttm: Ttm | undefined, metrics: readonly FinancialMetric[], label: string) {
  if (ttm?.basis !== 'ttm') return null;
  if (!metrics.some((metric) => ttm.values[metric] != null)) return null;
  const periodEnd = ttm.period?.periodEnd ?? ttm.asOf;
  const column: StatementColumn = { key: 'ttm', label, periodEnd, yearBefore: null, ...sources(ttm) };
  return column;
}

/**
 * The lines charted above a table: at most six, one colour each (the chart theme has an accent and five
 * palette colours: a seventh line would repeat the second's colour, issue 22). Statements are tables only.
 */
export const CHART_LINES: Partial<Record<string, readonly FinancialMetric[]>> = {
  margins: ['grossMargin', 'operatingMargin', 'netMargin'],
  'financial-returns': ['roe', 'roa', 'roic'],
  // Diluted EPS stays in the table: it runs beside basic EPS.
  'per-share': [
    'revenuePerShare',
    'epsBasic',
    'bookValuePerShare',
    'operatingCashFlowPerShare',
    'freeCashFlowPerShare',
    'dividendsPerShare',
  ],
  // The uses of operating cash flow, and the cash flow itself; the shares of it are in the table.
  'capital-allocation': [
    'operatingCashFlow',
    'dividendsPaid',
    'buybacks',
    'capitalExpenditure',
    'netDebtRepaid',
    'acquisitions',
  ],
};

/** The chart of a table: the same columns (so the same years), oldest to newest, ratios in percent. */
export function chartSeries(
  lines: readonly FinancialMetric[],
  columns: readonly StatementColumn[],
  name: (metric: FinancialMetric) => string,
): ChartSeries[] {
  // One point per day, ascending (the chart refuses repeats): a TTM ending with the fiscal year it
  // equals is the year's point already.
  const seen = new Set<string>();
  const dated = columns
    .filter((column) => column.periodEnd !== null)
    .reverse()
    .filter((column) => {
      if (column.periodEnd === null || seen.has(column.periodEnd)) return false;
      seen.add(column.periodEnd);
      return true;
    });
  return (
    lines
      .map((metric) => ({
        id: metric,
        label: name(metric),
        kind: 'line' as const,
        points: dated.flatMap((column) => {
          const value = column.values[metric];
          if (value == null || column.periodEnd === null) return [];
          return [{ day: column.periodEnd, value: isRatio(metric) ? value * 100 : value }];
        }),
      }))
      // A line that is none in every period (no buybacks ever) is not drawn as a flat "$0.00".
      .filter((series) => series.points.some((point) => point.value !== 0))
  );
}
