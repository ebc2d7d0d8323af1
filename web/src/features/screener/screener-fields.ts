import type { IndicatorField } from '@app/contract';
import {
  declarationOf,
  type FiguresWhere,
  type FigureUnit,
  type FilterGroup,
  type FilterUnit,
  figuresWhere,
} from '@app/contract/catalogue';

/*
 * What the screener can show and filter: every numeric column has a range filter, every categorical
 * one a choice filter (issue 23). The numeric columns and their filters are the metric catalogue's
 * (contract/src/catalogue.ts: `screener.table`, `screener.filter`), in its order. Units follow it: *Pct
 * fields are percent, ratios, margins and growth rates fractions, money in the row's currency. A reader
 * types percent for both kinds, and market cap in billions; `toApi` turns what they typed into the API's
 * unit.
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
export type RangeUnit = FilterUnit;

export interface RangeSpec {
  /** The URL parameter's stem: `${param}Min` and `${param}Max`. */
  param: string;
  unit: RangeUnit;
  /** Typed value -> API value (percent typed for a fraction field: / 100). */
  toApi: (typed: number) => number;
}

/** Numeric columns with a range filter: the catalogue's figures that declare one, in catalogue order. */
export type RangeKey = FiguresWhere<{ screener: { filter: object } }>;
const FILTERED = figuresWhere((figure) => figure.screener?.filter) as RangeKey[];

/** What a reader types for a figure of each unit, unless its declaration names another (billions, years). */
const TYPED: Record<FigureUnit, RangeUnit> = {
  currency: 'currency',
  pct: 'pct',
  fraction: 'pct',
  multiple: 'multiple',
  ratio: 'multiple',
  shares: 'count',
  count: 'count',
  percentile: 'percentile',
  score: 'count',
};

function rangeSpec(name: RangeKey): RangeSpec {
  const { unit, screener } = declarationOf(name);
  const filter = screener?.filter ?? { group: 'valuation' };
  const typed = filter.typed ?? TYPED[unit];
  const toApi =
    typed === 'billions'
      ? (value: number) => value * 1e9
      : unit === 'fraction'
        ? (value: number) => value / 100
        : (value: number) => value;
  return { param: filter.param ?? name, unit: typed, toApi };
}

/** Range filters in the order the filter panel groups them (FILTER_GROUPS). */
export const RANGE_SPECS = Object.fromEntries(FILTERED.map((name) => [name, rangeSpec(name)])) as Record<
  RangeKey,
  RangeSpec
>;

/** Categorical columns with a choice filter (one value, or any). */
export const CHOICE_KEYS = ['sector', 'industry', 'country', 'exchange'] as const satisfies readonly IndicatorField[];
export type ChoiceKey = (typeof CHOICE_KEYS)[number];

/** The filter panel's sections, in order: each opens by itself when one of its filters is set. */
const RANGE_GROUPS: readonly FilterGroup[] = ['valuation', 'dividends', 'profitability', 'price', 'restatements'];
export const FILTER_GROUPS: { id: string; ranges: RangeKey[]; choices: ChoiceKey[] }[] = [
  { id: 'descriptive', ranges: [], choices: ['sector', 'industry', 'country', 'exchange'] },
  ...RANGE_GROUPS.map((id) => ({
    id,
    ranges: FILTERED.filter((name) => declarationOf(name).screener?.filter?.group === id),
    choices: [],
  })),
];
export const RANGE_KEYS: RangeKey[] = FILTER_GROUPS.flatMap((group) => group.ranges);

/** Figures a reader can show as a column: the catalogue's, in its order. */
export type TableFigure = FiguresWhere<{ screener: { table: true } }>;
export const TABLE_FIGURES = figuresWhere((figure) => figure.screener?.table) as TableFigure[];

/** Columns a reader can show, in table order; the ticker is always the first column. */
export const CHOOSABLE_COLUMNS = [
  'name',
  'sector',
  'industry',
  'country',
  'exchange',
  ...TABLE_FIGURES,
  ...Object.values(GREEN_FLAGS),
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
