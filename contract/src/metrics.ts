import { z } from 'zod';
import { statementKind } from './statement-templates.ts';

/*
 * The metric catalogue (issue 31): every figure more than one page shows, with its unit, the period it
 * covers and its formula. One server module computes them (server/src/metrics/snapshot.ts); key
 * statistics, the screener's columns, the home cards and the market panels all give the same number for
 * the same name and day. Figures that truly differ carry different names (payout of earnings over the
 * TTM vs of a fiscal year; drawdown from the all-time high vs distance from the 52-week high).
 */
export type FigureUnit = 'currency' | 'pct' | 'fraction' | 'multiple' | 'shares' | 'count' | 'percentile';

export interface MetricDefinition {
  unit: FigureUnit;
  /** The period the figure covers or the day it is of. */
  basis: string;
  formula: string;
}

export const metricCatalogue = {
  price: { unit: 'currency', basis: 'last close', formula: 'Close of the last trading day, as traded' },
  changePct: {
    unit: 'pct',
    basis: '1 trading day',
    formula: 'Last close / the previous trading day’s close - 1, on split-adjusted daily closes',
  },
  change1yPct: {
    unit: 'pct',
    basis: '1 year',
    formula:
      'Last close / the close of the last trading day on or before the same date one year earlier - 1, on ' +
      'split-adjusted daily closes',
  },
  marketCap: {
    unit: 'currency',
    basis: 'last close',
    formula: 'Last close x shares outstanding of the latest statement (a coin: x circulating supply)',
  },
  sharesOutstanding: {
    unit: 'shares',
    basis: 'latest statement',
    formula: 'Shares outstanding at the end of the TTM period (else weighted basic shares), on today’s split basis',
  },
  epsTtm: {
    unit: 'currency',
    basis: 'TTM',
    formula: 'Basic EPS summed over the last four fiscal quarters (the last fiscal year when four cannot be formed)',
  },
  pe: {
    unit: 'multiple',
    basis: 'last close, TTM',
    formula: 'Last close / TTM diluted EPS (basic where no diluted EPS is filed: peEps says which); none when EPS <= 0',
  },
  ps: { unit: 'multiple', basis: 'last close, TTM', formula: 'Market cap / TTM revenue' },
  pb: { unit: 'multiple', basis: 'last close, latest statement', formula: 'Market cap / equity; none when <= 0' },
  enterpriseValue: {
    unit: 'currency',
    basis: 'last close, latest statement',
    formula: 'Market cap + total debt - cash',
  },
  evEbitda: { unit: 'multiple', basis: 'TTM', formula: 'Enterprise value / TTM EBITDA; none when EBITDA <= 0' },
  dividendYieldPct: {
    unit: 'pct',
    basis: '365 days',
    formula: 'Dividends per share with ex-dates in the 365 days up to the last close / last close',
  },
  dividendsTtm: {
    unit: 'currency',
    basis: '365 days',
    formula: 'Split-adjusted dividends per share with ex-dates in the 365 days up to the last close',
  },
  payoutRatio: {
    unit: 'fraction',
    basis: 'TTM',
    formula:
      'Dividends per share of the TTM period / TTM EPS; none when EPS <= 0. The Dividends tab also shows each ' +
      'fiscal year’s payout (payout of that year) and the cash payout (dividends paid / free cash flow)',
  },
  dividendCagr5y: {
    unit: 'fraction',
    basis: '5 full years',
    formula: '(DPS of the last full year / DPS five years before)^(1/5) - 1',
  },
  dividendGrowthYears: {
    unit: 'count',
    basis: 'full years',
    formula: 'Consecutive full years with DPS above the year before',
  },
  dividendYieldPercentile: {
    unit: 'percentile',
    basis: '10 years',
    formula: 'Share of the trading days of the last 10 years whose yield was at or below today’s',
  },
  revenueGrowth: {
    unit: 'fraction',
    basis: 'last fiscal year',
    formula: 'Revenue of the last fiscal year / the year before - 1',
  },
  grossMargin: { unit: 'fraction', basis: 'TTM', formula: 'Gross profit / revenue' },
  operatingMargin: { unit: 'fraction', basis: 'TTM', formula: 'Operating income / revenue' },
  netMargin: { unit: 'fraction', basis: 'TTM', formula: 'Net income / revenue' },
  roe: { unit: 'fraction', basis: 'TTM', formula: 'TTM net income / mean of equity now and a year before' },
  debtToEquity: { unit: 'multiple', basis: 'latest statement', formula: 'Total debt / equity' },
  week52High: {
    unit: 'currency',
    basis: '52 weeks',
    formula: 'Highest split-adjusted daily close of the last 365 days',
  },
  week52Low: { unit: 'currency', basis: '52 weeks', formula: 'Lowest split-adjusted daily close of the last 365 days' },
  drawdownPct: {
    unit: 'pct',
    basis: 'whole history',
    formula:
      'Last adjusted close (splits and dividends) / the highest adjusted close of the whole history - 1; daily ' +
      'closes up to the last one (the drawdown chart’s end at Max)',
  },
  maxDrawdownPct: {
    unit: 'pct',
    basis: 'whole history',
    formula: 'The deepest drawdown of the whole history, on adjusted daily closes',
  },
  restatements3y: {
    unit: 'count',
    basis: '3 years up to the last close',
    formula:
      'Filed values a later filing changed (the restatement ledger), whose latest filing was filed in the 3 years ' +
      'up to the last close (after the same date 3 years earlier, on or before the last close): every line of ' +
      'the annual and quarterly statements as filed (never a value computed here: a fourth quarter, a TTM sum, ' +
      'a ratio, a total of parts), once per filed value: one concept for one period, so a year-end balance ' +
      'that both the annual and the quarterly statements show, or a line showing another line’s concept (net ' +
      'income to common filed as net income), counts once, as does a value several filings changed (by its ' +
      'latest filing); 0 when none',
  },
  largestRestatementPct: {
    unit: 'pct',
    basis: '3 years up to the last close',
    formula:
      'The largest |latest / first filed - 1| among the values restatements3y counts, in % (a value first ' +
      'filed as 0 has no ratio and is left out); null when none',
  },
} as const satisfies Record<string, MetricDefinition>;

export type SnapshotFigure = keyof typeof metricCatalogue;

const figure = (name: SnapshotFigure) =>
  z
    .number()
    .nullable()
    .meta({ description: `${metricCatalogue[name].formula} (${metricCatalogue[name].basis})` });

/** A security's figures on its last trading day, as the catalogue defines them. */
export const snapshotFigures = z
  .object({
    asOf: z.string().nullable().meta({ description: 'Day of the last close: the day every price figure is of' }),
    fundamentalsAsOf: z
      .string()
      .nullable()
      .meta({ description: 'End of the TTM (or fiscal-year) period the statement figures come from' }),
    fundamentalsBasis: z.enum(['ttm', 'fy']).nullable(),
    peEps: z
      .enum(['diluted', 'basic'])
      .nullable()
      .meta({ description: 'The EPS the P/E is on: diluted, or basic where the company files no diluted EPS' }),
    template: statementKind.nullable().meta({
      description:
        'The statement template (general, bank, insurer, reit; null for a coin): figures that mean nothing for ' +
        'a kind (a bank’s enterprise value, gross margin, EV/EBITDA) are null',
    }),
    ...(Object.fromEntries(Object.keys(metricCatalogue).map((name) => [name, figure(name as SnapshotFigure)])) as {
      [K in SnapshotFigure]: ReturnType<typeof figure>;
    }),
    maxDrawdownDay: z.string().nullable(),
  })
  .meta({ id: 'SnapshotFigures', description: 'The metric catalogue’s figures of one security (docs/api.md)' });
export type SnapshotFigures = z.infer<typeof snapshotFigures>;
