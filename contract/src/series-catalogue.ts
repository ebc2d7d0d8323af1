import { type FigureKind, type FigureUnit, STOCKS, TRADED } from './catalogue-types.ts';

/*
 * The metric catalogue's series (issue 42): what a chart or an index shows over time, declared once with
 * its unit, definition and formula, as the figures are (catalogue.ts). The chart and market answers'
 * schemas take their descriptions from here (chart.ts, markets.ts, market-summary.ts), so a series has one
 * definition wherever it is described; an index always names its weighting (finance-definitions.md).
 */
export interface SeriesDeclaration {
  unit: FigureUnit;
  /** What one point says, in one sentence. */
  definition: string;
  formula: string;
  for: readonly FigureKind[];
  /** An index or a change over several securities: how each is weighted (said wherever it is shown). */
  weighting?: 'equal' | 'market cap';
}

export const seriesCatalogue = {
  priceChange: {
    unit: 'pct',
    definition: 'How much the price moved over the chosen range.',
    formula:
      'Last close / the close on or before the range’s start - 1, from split-adjusted daily closes at any chart ' +
      'resolution; all history = from the first daily close',
    for: TRADED,
  },
  drawdown: {
    unit: 'pct',
    definition: 'How far each day’s close is below the highest close before it.',
    formula:
      'Adjusted close / running high - 1, in %, per day. The running high starts at the first day of the range ' +
      '(from), so the first point is 0',
    for: TRADED,
  },
  dividendYield: {
    unit: 'pct',
    definition: 'The dividend yield of each trading day.',
    formula:
      'Dividends with ex-date in the 365 days up to the day / close, in %, both split-adjusted. The dividend ' +
      'history is known from the first close of the loaded prices (before it nothing is known; after it a day ' +
      'without an ex-date paid nothing): the first point is 365 days after that close. A stock without ' +
      'dividends has points of 0',
    for: STOCKS,
  },
  payoutRatio: {
    unit: 'fraction',
    definition: 'The share of each fiscal year’s (or TTM) earnings paid out as dividends.',
    formula: 'Dividends per share / EPS; null when EPS <= 0',
    for: STOCKS,
  },
  pe: {
    unit: 'multiple',
    definition: 'The price against the earnings of the last twelve months, per day.',
    formula: 'Close / TTM diluted EPS (basic where none is filed: peEps); null when TTM EPS <= 0 or unknown',
    for: STOCKS,
  },
  ps: {
    unit: 'multiple',
    definition: 'The market value against a year of sales, per day.',
    formula: 'Market cap / TTM revenue',
    for: STOCKS,
  },
  pb: {
    unit: 'multiple',
    definition: 'The market value against the book value of equity, per day.',
    formula: 'Market cap / latest equity; null when equity <= 0',
    for: STOCKS,
  },
  evEbitda: {
    unit: 'multiple',
    definition: 'The enterprise value against a year of EBITDA, per day.',
    formula: '(Market cap + total debt - cash) / TTM (operating income + D&A); null when <= 0',
    for: ['general', 'reit'],
  },
  pfcf: {
    unit: 'multiple',
    definition: 'The market value against a year of free cash flow, per day.',
    formula: 'Market cap / TTM free cash flow (operating cash flow - capital expenditure); null when <= 0',
    // A bank's cash flows hold its lending and deposits: its free cash flow says nothing.
    for: ['general', 'insurer', 'reit'],
  },
  evSales: {
    unit: 'multiple',
    definition: 'The enterprise value against a year of sales, per day.',
    formula: '(Market cap + total debt - cash) / TTM revenue; null when revenue <= 0',
    for: ['general', 'insurer', 'reit'],
  },
  marketIndex: {
    unit: 'count',
    definition: 'A price index of every stock in the app, 100 on its first day.',
    formula: 'The mean of the stocks’ daily changes (dividends not reinvested), chained from 100',
    for: STOCKS,
    weighting: 'equal',
  },
  sectorIndex: {
    unit: 'count',
    definition: 'A price index of one sector’s stocks, 100 on its first day.',
    formula: 'The mean of the sector’s stocks’ daily changes (dividends not reinvested), chained from 100',
    for: STOCKS,
    weighting: 'equal',
  },
  sectorChange: {
    unit: 'pct',
    definition: 'How much a sector’s stocks moved over a period, the larger ones counting more.',
    formula:
      'The mean of the stocks’ price changes weighted by their market caps (stocks without a change left out), in %',
    for: STOCKS,
    weighting: 'market cap',
  },
} as const satisfies Record<string, SeriesDeclaration>;

export type SeriesName = keyof typeof seriesCatalogue;

/** A series' description for an answer's schema: its formula and, for an index, its weighting. */
export function seriesDescription(name: SeriesName): string {
  const series: SeriesDeclaration = seriesCatalogue[name];
  return series.weighting ? `${series.formula} (${series.weighting}-weighted)` : series.formula;
}
