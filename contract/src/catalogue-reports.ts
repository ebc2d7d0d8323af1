import { type FigureDeclaration, GENERAL_ONLY, STOCKS } from './catalogue-types.ts';

/*
 * The catalogue's figures read from the statements' history rather than from one period: the
 * restatement ledger (issue 32), the Piotroski F-score and the shareholder yield (issue 42). Part of
 * figureCatalogue (catalogue.ts), kept apart for the length of their formulas.
 */
export const reportFigures = {
  restatements3y: {
    unit: 'count',
    basis: '3 years up to the last close',
    definition: 'How many filed values a later filing changed in the last three years.',
    formula:
      'Filed values a later filing changed (the restatement ledger), whose latest filing was filed in the 3 years ' +
      'up to the last close (after the same date 3 years earlier, on or before the last close): every line of ' +
      'the annual and quarterly statements as filed (never a value computed here: a fourth quarter, a TTM sum, ' +
      'a ratio, a total of parts), once per filed value: one concept for one period, so a year-end balance ' +
      'that both the annual and the quarterly statements show, or a line showing another line’s concept (net ' +
      'income to common filed as net income), counts once, as does a value several filings changed (by its ' +
      'latest filing); 0 when none',
    for: STOCKS,
    // Key statistics show both ledger figures in one row (key-stats.tsx).
    keyStats: { label: 'restatements.label', hint: 'restatements.hint' },
    screener: { column: 'restatements_3y', table: true, filter: { group: 'restatements' } },
  },
  largestRestatementPct: {
    unit: 'pct',
    format: { digits: 1 },
    basis: '3 years up to the last close',
    definition: 'The largest change a filing of the last three years made to a filed value.',
    formula:
      'The largest |latest / first filed - 1| among the values restatements3y counts, in % (a value first ' +
      'filed as 0 has no ratio and is left out); null when none',
    for: STOCKS,
    screener: { column: 'largest_restatement_pct', table: true, filter: { group: 'restatements' } },
  },
  piotroskiScore: {
    unit: 'score',
    format: { outOf: 9 },
    basis: 'last fiscal year against the one before',
    definition: 'How many of nine signs of improving financial strength the last fiscal year shows.',
    formula:
      'One point for each test the last fiscal year passes against the one before: net income > 0; operating ' +
      'cash flow > 0; ROA (net income / average total assets) up; operating cash flow > net income; long-term ' +
      'debt / total assets down; current ratio up; diluted shares not up; gross margin up; asset turnover ' +
      '(revenue / average total assets) up. Null when an input of any test is missing (never counted as 0): ' +
      'three fiscal years of statements are needed for the averages',
    // Current ratio and gross margin: only the general template has both.
    for: GENERAL_ONLY,
    keyStats: {
      label: 'figures.piotroskiScore',
      hint: 'figures.piotroskiScoreHint',
      notMeaningful: 'figures.piotroskiScoreKindNote',
    },
    screener: { column: 'piotroski_score', table: true, filter: { group: 'profitability', typed: 'count' } },
    parts: [
      'netIncomePositive',
      'operatingCashFlowPositive',
      'roaUp',
      'cashAboveIncome',
      'leverageDown',
      'currentRatioUp',
      'noNewShares',
      'grossMarginUp',
      'assetTurnoverUp',
    ],
  },
  shareholderYieldPct: {
    unit: 'pct',
    basis: 'TTM, last close',
    definition: 'What the company returned to its shareholders in the last year, against its market value.',
    formula:
      '(TTM dividends paid + TTM buybacks - TTM common stock issued) / market cap, in %; a line the TTM cash ' +
      'flow statement does not file counts as none; null without a TTM operating cash flow or a market cap',
    for: STOCKS,
    keyStats: { label: 'figures.shareholderYieldPct', hint: 'figures.shareholderYieldPctHint' },
    screener: { column: 'shareholder_yield_pct', table: true, filter: { group: 'dividends' } },
  },
} as const satisfies Record<string, FigureDeclaration>;
