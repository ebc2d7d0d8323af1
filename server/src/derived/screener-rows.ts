import type { IndicatorField } from '@app/contract';
import type { IndicatorsTable } from '../db/schema.ts';
import type { ColumnSpec } from '../odata/compile.ts';

/*
 * The screener's rows (indicators): one wide row per security, the metric catalogue's figures of its last
 * trading day (metrics/snapshot.ts) kept as columns so that OData can filter and sort the whole universe
 * in one indexed query. Here: the allow-list of those columns under their API names. Written by the
 * indicator recompute (ingest/indicators.ts); read by the screener and the green list (routes/).
 */

/** A screener row's columns. */
export type IndicatorColumns = IndicatorsTable;

export interface IndicatorColumnSpec extends ColumnSpec {
  column: keyof IndicatorColumns;
}

/**
 * The allow-list: the only columns OData and the green-stocks call can read, filter or sort on,
 * under their API names. Used by the screener (/indicator/odata*) and the green list alike.
 */
export const indicatorColumns: Readonly<Record<IndicatorField, IndicatorColumnSpec>> = {
  ticker: { column: 'ticker', type: 'string' },
  name: { column: 'name', type: 'string' },
  kind: { column: 'kind', type: 'string' },
  exchange: { column: 'exchange', type: 'string' },
  sector: { column: 'sector', type: 'string' },
  industry: { column: 'industry', type: 'string' },
  country: { column: 'country', type: 'string' },
  currency: { column: 'currency', type: 'string' },
  price: { column: 'price', type: 'number' },
  changePct: { column: 'change_pct', type: 'number' },
  change1yPct: { column: 'change_1y_pct', type: 'number' },
  marketCap: { column: 'market_cap', type: 'number' },
  epsTtm: { column: 'eps_ttm', type: 'number' },
  pe: { column: 'pe', type: 'number' },
  ps: { column: 'ps', type: 'number' },
  pb: { column: 'pb', type: 'number' },
  evEbitda: { column: 'ev_ebitda', type: 'number' },
  dividendYieldPct: { column: 'dividend_yield_pct', type: 'number' },
  payoutRatio: { column: 'payout_ratio', type: 'number' },
  dividendCagr5y: { column: 'dividend_cagr_5y', type: 'number' },
  dividendGrowthYears: { column: 'dividend_growth_years', type: 'number' },
  dividendYieldPercentile: { column: 'dividend_yield_percentile', type: 'number' },
  revenueGrowth: { column: 'revenue_growth', type: 'number' },
  grossMargin: { column: 'gross_margin', type: 'number' },
  operatingMargin: { column: 'operating_margin', type: 'number' },
  netMargin: { column: 'net_margin', type: 'number' },
  roe: { column: 'roe', type: 'number' },
  debtToEquity: { column: 'debt_to_equity', type: 'number' },
  week52High: { column: 'week52_high', type: 'number' },
  week52Low: { column: 'week52_low', type: 'number' },
  drawdownPct: { column: 'drawdown_pct', type: 'number' },
  restatements3y: { column: 'restatements_3y', type: 'number' },
  largestRestatementPct: { column: 'largest_restatement_pct', type: 'number' },
  isGreenEnergy: { column: 'is_green_energy', type: 'boolean' },
  isGreenTransport: { column: 'is_green_transport', type: 'boolean' },
  isGreenWater: { column: 'is_green_water', type: 'boolean' },
  isGreenWaste: { column: 'is_green_waste', type: 'boolean' },
  asOf: { column: 'as_of', type: 'date' },
};

export const allIndicatorFields = Object.keys(indicatorColumns) as IndicatorField[];

export const flagFields = new Set(allIndicatorFields.filter((field) => indicatorColumns[field].type === 'boolean'));
