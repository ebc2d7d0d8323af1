import type { IndicatorField } from '@app/contract';

/*
 * What the screener can show and filter: every numeric column has a range filter, every categorical
 * one a choice filter (issue 23). Units follow the contract (contract/src/indicator.ts): *Pct fields are
 * percent, ratios, margins and growth rates fractions, money in the row's currency. A reader types
 * percent for both kinds, and market cap in billions; `toApi` turns what they typed into the API's unit.
 */
export const GREEN_FLAGS = {
  energy: 'isGreenEnergy',
  transport: 'isGreenTransport',
  water: 'isGreenWater',
  waste: 'isGreenWaste',
} as const satisfies Record<string, IndicatorField>;
export type GreenFlag = keyof typeof GREEN_FLAGS;
export const FLAG_NAMES = Object.keys(GREEN_FLAGS) as GreenFlag[];

/** The unit a reader types a range in; its label is screener:units.<unit>. */
export type RangeUnit = 'pct' | 'billions' | 'currency' | 'multiple' | 'years' | 'percentile' | 'count';

export interface RangeSpec {
  /** The URL parameter's stem: `${param}Min` and `${param}Max`. */
  param: string;
  unit: RangeUnit;
  /** Typed value -> API value (percent typed for a fraction field: / 100). */
  toApi: (typed: number) => number;
}

const same = (typed: number) => typed;
const percentOfFraction = (typed: number) => typed / 100;
const range = (unit: RangeUnit, toApi = same, param?: string) => ({ unit, toApi, ...(param ? { param } : {}) });

/** Numeric columns with their filter, in the order the filter panel groups them. */
const RANGES = {
  marketCap: range('billions', (typed) => typed * 1e9, 'cap'),
  price: range('currency'),
  pe: range('multiple', same, 'pe'),
  ps: range('multiple'),
  pb: range('multiple'),
  evEbitda: range('multiple'),
  dividendYieldPct: range('pct', same, 'yield'),
  payoutRatio: range('pct', percentOfFraction),
  dividendCagr5y: range('pct', percentOfFraction),
  dividendGrowthYears: range('years'),
  dividendYieldPercentile: range('percentile'),
  revenueGrowth: range('pct', percentOfFraction),
  grossMargin: range('pct', percentOfFraction),
  operatingMargin: range('pct', percentOfFraction),
  netMargin: range('pct', percentOfFraction),
  roe: range('pct', percentOfFraction),
  debtToEquity: range('multiple'),
  changePct: range('pct'),
  drawdownPct: range('pct'),
  week52High: range('currency'),
  week52Low: range('currency'),
  // The restatement ledger (issue 32): values a filing of the last 3 years changed, and the largest change.
  restatements3y: range('count'),
  largestRestatementPct: range('pct'),
} satisfies Partial<Record<IndicatorField, { unit: RangeUnit; toApi: (typed: number) => number; param?: string }>>;

export type RangeKey = keyof typeof RANGES;
export const RANGE_KEYS = Object.keys(RANGES) as RangeKey[];
export const RANGE_SPECS: Record<RangeKey, RangeSpec> = Object.fromEntries(
  RANGE_KEYS.map((key) => {
    const spec: { unit: RangeUnit; toApi: (typed: number) => number; param?: string } = RANGES[key];
    return [key, { param: spec.param ?? key, unit: spec.unit, toApi: spec.toApi }];
  }),
) as Record<RangeKey, RangeSpec>;

/** Categorical columns with a choice filter (one value, or any). */
export const CHOICE_KEYS = ['sector', 'industry', 'country', 'exchange'] as const satisfies readonly IndicatorField[];
export type ChoiceKey = (typeof CHOICE_KEYS)[number];

/** The filter panel's sections: each opens by itself when one of its filters is set. */
export const FILTER_GROUPS: { id: string; ranges: RangeKey[]; choices: ChoiceKey[] }[] = [
  { id: 'descriptive', ranges: [], choices: ['sector', 'industry', 'country', 'exchange'] },
  { id: 'valuation', ranges: ['marketCap', 'price', 'pe', 'ps', 'pb', 'evEbitda'], choices: [] },
  {
    id: 'dividends',
    ranges: ['dividendYieldPct', 'payoutRatio', 'dividendCagr5y', 'dividendGrowthYears', 'dividendYieldPercentile'],
    choices: [],
  },
  {
    id: 'profitability',
    ranges: ['revenueGrowth', 'grossMargin', 'operatingMargin', 'netMargin', 'roe', 'debtToEquity'],
    choices: [],
  },
  { id: 'price', ranges: ['changePct', 'drawdownPct', 'week52High', 'week52Low'], choices: [] },
  { id: 'restatements', ranges: ['restatements3y', 'largestRestatementPct'], choices: [] },
];

/** Columns a reader can show, in table order; the ticker is always the first column. */
export const CHOOSABLE_COLUMNS = [
  'name',
  'sector',
  'industry',
  'country',
  'exchange',
  'price',
  'changePct',
  'marketCap',
  'pe',
  'ps',
  'pb',
  'evEbitda',
  'dividendYieldPct',
  'payoutRatio',
  'dividendCagr5y',
  'dividendGrowthYears',
  'dividendYieldPercentile',
  'revenueGrowth',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'roe',
  'debtToEquity',
  'week52High',
  'week52Low',
  'drawdownPct',
  'restatements3y',
  'largestRestatementPct',
  'isGreenEnergy',
  'isGreenTransport',
  'isGreenWater',
  'isGreenWaste',
] as const satisfies readonly IndicatorField[];
export type ScreenerColumn = (typeof CHOOSABLE_COLUMNS)[number];

export const DEFAULT_COLUMNS: readonly ScreenerColumn[] = [
  'name',
  'sector',
  'country',
  'price',
  'marketCap',
  'pe',
  'dividendYieldPct',
  'isGreenEnergy',
  'isGreenTransport',
  'isGreenWater',
  'isGreenWaste',
];
