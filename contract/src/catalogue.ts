import { reportFigures } from './catalogue-reports.ts';
import {
  type FigureDeclaration,
  type FigureKind,
  GENERAL_ONLY,
  NOT_FINANCIALS,
  STOCKS,
  TRADED,
} from './catalogue-types.ts';

export * from './catalogue-types.ts';

/*
 * The metric catalogue (issue 31, issue 42, ADR 0022): ONE declaration per figure. Everything about a
 * figure is said here and nowhere else: its unit and display format, the kinds of security it means
 * something for, where it shows (key statistics, screener column and OData field, peers, home cards), its
 * definition and formula. The indicator schema, the screener's columns, filters and allow-list, the stored
 * screener row's columns, the web's formatters and the consistency suite's list are made from it. One
 * server module computes the figures (server/src/metrics/snapshot.ts). No zod here: the web's key
 * statistics read it (`@app/contract/catalogue`) without loading the contract's schemas.
 */

/** The figures, in the order the screener's table and the snapshot list them. */
export const figureCatalogue = {
  price: {
    unit: 'currency',
    basis: 'last close',
    definition: 'The price of the last trading day.',
    formula: 'Close of the last trading day, as traded',
    for: TRADED,
    screener: { column: 'price', table: true, filter: { group: 'valuation' } },
    peers: true,
    cards: true,
  },
  changePct: {
    unit: 'pct',
    format: { signed: true, badge: true },
    basis: '1 trading day',
    definition: 'How much the price moved on the last trading day.',
    formula: 'Last close / the previous trading day’s close - 1, on split-adjusted daily closes',
    for: TRADED,
    screener: { column: 'change_pct', table: true, filter: { group: 'price' } },
    cards: true,
  },
  change1yPct: {
    unit: 'pct',
    format: { signed: true, digits: 1 },
    basis: '1 year',
    definition: 'How much the price moved over one year.',
    formula:
      'Last close / the close of the last trading day on or before the same date one year earlier - 1, on ' +
      'split-adjusted daily closes',
    for: TRADED,
    keyStats: { label: 'stats.change1y', hint: 'stats.change1yHint' },
    screener: { column: 'change_1y_pct' },
    peers: true,
    cards: true,
  },
  marketCap: {
    unit: 'currency',
    format: { compact: true },
    basis: 'last close',
    definition: 'What the market values the whole company (or coin supply) at.',
    formula: 'Last close x shares outstanding of the latest statement (a coin: x circulating supply)',
    for: TRADED,
    keyStats: { label: 'stats.marketCap' },
    screener: { column: 'market_cap', table: true, filter: { group: 'valuation', typed: 'billions', param: 'cap' } },
    peers: true,
    cards: true,
  },
  sharesOutstanding: {
    unit: 'shares',
    basis: 'latest statement',
    definition: 'The number of shares the company has issued and not bought back.',
    formula: 'Shares outstanding at the end of the TTM period (else weighted basic shares), on today’s split basis',
    for: STOCKS,
    keyStats: { label: 'stats.shares' },
  },
  epsTtm: {
    unit: 'currency',
    basis: 'TTM',
    definition: 'Earnings per share over the last twelve months.',
    formula: 'Basic EPS summed over the last four fiscal quarters (the last fiscal year when four cannot be formed)',
    for: STOCKS,
    keyStats: { label: 'stats.eps' },
    screener: { column: 'eps_ttm' },
  },
  pe: {
    unit: 'multiple',
    basis: 'last close, TTM',
    definition: 'How many years of current earnings the price pays for.',
    formula: 'Last close / TTM diluted EPS (basic where no diluted EPS is filed: peEps says which); none when EPS <= 0',
    for: STOCKS,
    keyStats: { label: 'stats.pe', hint: 'stats.peHint' },
    screener: { column: 'pe', table: true, filter: { group: 'valuation', param: 'pe' } },
    peers: true,
  },
  ps: {
    unit: 'multiple',
    basis: 'last close, TTM',
    definition: 'The market value against a year of sales.',
    formula: 'Market cap / TTM revenue',
    for: STOCKS,
    screener: { column: 'ps', table: true, filter: { group: 'valuation' } },
  },
  pb: {
    unit: 'multiple',
    basis: 'last close, latest statement',
    definition: 'The market value against the book value of equity.',
    formula: 'Market cap / equity; none when <= 0',
    for: STOCKS,
    screener: { column: 'pb', table: true, filter: { group: 'valuation' } },
  },
  enterpriseValue: {
    unit: 'currency',
    format: { compact: true },
    basis: 'last close, latest statement',
    definition: 'What buying the whole business would cost, its debt included and its cash deducted.',
    formula: 'Market cap + total debt - cash',
    for: ['general', 'insurer', 'reit'],
    keyStats: { label: 'stats.enterpriseValue', hint: 'stats.enterpriseValueHint', notMeaningful: 'kindNote.bank' },
  },
  evEbitda: {
    unit: 'multiple',
    basis: 'TTM',
    definition: 'The enterprise value against a year of operating earnings before depreciation.',
    formula: 'Enterprise value / TTM EBITDA; none when EBITDA <= 0',
    for: NOT_FINANCIALS,
    screener: { column: 'ev_ebitda', table: true, filter: { group: 'valuation' } },
  },
  dividendYieldPct: {
    unit: 'pct',
    basis: '365 days',
    definition: 'The dividends of the last year against the price.',
    formula:
      'Dividends per share with ex-dates in the 365 days up to the last close / last close; none until the ' +
      'dividend history, known from the first close of the loaded prices, covers those 365 days',
    for: STOCKS,
    keyStats: { label: 'stats.yield' },
    screener: { column: 'dividend_yield_pct', table: true, filter: { group: 'dividends', param: 'yield' } },
    peers: true,
    cards: true,
  },
  dividendsTtm: {
    unit: 'currency',
    basis: '365 days',
    definition: 'The dividends per share paid in the last year.',
    formula: 'Split-adjusted dividends per share with ex-dates in the 365 days up to the last close',
    for: STOCKS,
  },
  payoutRatio: {
    unit: 'fraction',
    basis: 'TTM',
    definition: 'The share of earnings paid out as dividends.',
    formula:
      'Dividends per share of the TTM period / TTM EPS; none when EPS <= 0. The Dividends tab also shows each ' +
      'fiscal year’s payout (payout of that year) and the cash payout (dividends paid / free cash flow)',
    for: STOCKS,
    keyStats: { label: 'stats.payout', hint: 'stats.payoutHint' },
    screener: { column: 'payout_ratio', table: true, filter: { group: 'dividends' } },
    peers: true,
  },
  dividendCagr5y: {
    unit: 'fraction',
    format: { signed: true },
    basis: '5 full years',
    definition: 'How fast the dividend grew each year over five years.',
    formula:
      '(DPS of the last full year / DPS five years before)^(1/5) - 1; none when either is 0 or the history ' +
      '(from its first close) does not cover the earlier year whole: a year it starts in after that year’s first ' +
      'trading day is partial',
    for: STOCKS,
    screener: { column: 'dividend_cagr_5y', table: true, filter: { group: 'dividends' } },
  },
  dividendGrowthYears: {
    unit: 'count',
    basis: 'full years',
    definition: 'For how many years in a row the dividend grew.',
    formula:
      'Consecutive calendar years, back from the last full one, with DPS above a non-zero DPS the year before; ' +
      'only years the history (from its first close) covers whole count, so a partial first year is no smaller year',
    for: STOCKS,
    screener: { column: 'dividend_growth_years', table: true, filter: { group: 'dividends', typed: 'years' } },
  },
  dividendYieldPercentile: {
    unit: 'percentile',
    basis: '10 years',
    definition: 'Where today’s yield stands in its own ten-year history.',
    formula:
      'Share of the trading days of the last 10 years (all history when shorter, at least 1 year) with a yield, ' +
      'whose yield was at or below today’s: a day has a yield once the dividend history, known from the first ' +
      'close, covers the 365 days up to it',
    for: STOCKS,
    screener: { column: 'dividend_yield_percentile', table: true, filter: { group: 'dividends' } },
  },
  revenueGrowth: {
    unit: 'fraction',
    format: { signed: true },
    basis: 'last fiscal year',
    definition: 'How much revenue grew in the last fiscal year.',
    formula: 'Revenue of the last fiscal year / the year before - 1',
    for: STOCKS,
    screener: { column: 'revenue_growth', table: true, filter: { group: 'profitability' } },
  },
  grossMargin: {
    unit: 'fraction',
    basis: 'TTM',
    definition: 'The share of revenue left after the cost of goods sold.',
    formula: 'Gross profit / revenue',
    for: GENERAL_ONLY,
    screener: { column: 'gross_margin', table: true, filter: { group: 'profitability' } },
  },
  operatingMargin: {
    unit: 'fraction',
    basis: 'TTM',
    definition: 'The share of revenue left after operating costs.',
    formula: 'Operating income / revenue',
    for: ['general', 'insurer', 'reit'],
    screener: { column: 'operating_margin', table: true, filter: { group: 'profitability' } },
  },
  netMargin: {
    unit: 'fraction',
    basis: 'TTM',
    definition: 'The share of revenue left as net income.',
    formula: 'Net income / revenue',
    for: STOCKS,
    keyStats: { label: 'stats.netMargin' },
    screener: { column: 'net_margin', table: true, filter: { group: 'profitability' } },
    peers: true,
  },
  roe: {
    unit: 'fraction',
    basis: 'TTM',
    definition: 'Net income against the shareholders’ equity.',
    formula: 'TTM net income / mean of equity now and a year before',
    for: STOCKS,
    screener: { column: 'roe', table: true, filter: { group: 'profitability' } },
  },
  debtToEquity: {
    unit: 'ratio',
    basis: 'latest statement',
    definition: 'Debt against the shareholders’ equity.',
    formula: 'Total debt / equity',
    for: STOCKS,
    screener: { column: 'debt_to_equity', table: true, filter: { group: 'profitability', typed: 'multiple' } },
  },
  week52High: {
    unit: 'currency',
    basis: '52 weeks',
    definition: 'The highest close of the last year.',
    formula: 'Highest split-adjusted daily close of the last 365 days',
    for: TRADED,
    screener: { column: 'week52_high', table: true, filter: { group: 'price' } },
  },
  week52Low: {
    unit: 'currency',
    basis: '52 weeks',
    definition: 'The lowest close of the last year.',
    formula: 'Lowest split-adjusted daily close of the last 365 days',
    for: TRADED,
    screener: { column: 'week52_low', table: true, filter: { group: 'price' } },
  },
  drawdownPct: {
    unit: 'pct',
    format: { digits: 1 },
    basis: 'whole history',
    definition: 'How far the price is below its highest close ever.',
    formula:
      'Last adjusted close (splits and dividends) / the highest adjusted close of the whole history - 1; daily ' +
      'closes up to the last one (the drawdown chart’s end at Max)',
    for: TRADED,
    keyStats: { label: 'stats.drawdownNow', hint: 'stats.drawdownHint' },
    screener: { column: 'drawdown_pct', table: true, filter: { group: 'price' } },
  },
  maxDrawdownPct: {
    unit: 'pct',
    format: { digits: 1 },
    basis: 'whole history',
    definition: 'The deepest fall from a previous high in the whole history.',
    formula: 'The deepest drawdown of the whole history, on adjusted daily closes',
    for: TRADED,
    keyStats: { label: 'stats.drawdownMax' },
  },
  ...reportFigures,
} as const satisfies Record<string, FigureDeclaration>;

type Declared = typeof figureCatalogue;
/** A figure of the catalogue. */
export type FigureName = keyof Declared;
export const figureNames = Object.keys(figureCatalogue) as FigureName[];

/** A figure's declaration, read through the common shape. */
export const declarationOf = (name: FigureName): FigureDeclaration => figureCatalogue[name];

/** The figures whose declaration has a shape: `FiguresWhere<{ peers: true }>`, the peers table's. */
export type FiguresWhere<Shape> = { [K in FigureName]: Declared[K] extends Shape ? K : never }[FigureName];

/** Figures that are a stored screener column and an OData field. */
export type ScreenerFigure = FiguresWhere<{ screener: object }>;
export const screenerFigures = figureNames.filter((name) => declarationOf(name).screener) as ScreenerFigure[];

/** The stored screener row's figure columns: snake_case names as declared, each a number or none. */
export type ScreenerFigureColumns = {
  [K in ScreenerFigure as Declared[K]['screener']['column']]: number | null;
};
export const screenerColumnOf = <K extends ScreenerFigure>(name: K): Declared[K]['screener']['column'] =>
  figureCatalogue[name].screener.column;

/** Figures a surface shows, in catalogue order. */
export const figuresWhere = (test: (declaration: FigureDeclaration) => unknown): FigureName[] =>
  figureNames.filter((name) => test(declarationOf(name)));

/** Whether a figure means something for a kind of company or for a coin (else null on every surface). */
export const figureMeansSomethingFor = (name: FigureName, kind: FigureKind): boolean =>
  (declarationOf(name).for as readonly FigureKind[]).includes(kind);
