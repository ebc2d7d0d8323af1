import type { PartialIndicatorRow } from '@app/contract';
import type { ReactNode } from 'react';
import type { SectorLabels } from '../../i18n/sector-labels.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import type { UnitFormatters } from '../../ui/units.ts';
import type { CsvValue } from './csv.ts';
import type { SortKey } from './screener-state.ts';

/*
 * How each screener column looks, sorts and exports. Units follow the contract: *Pct fields are
 * percent, ratios and margins fractions, money in the row's currency. The export writes what the table
 * shows (country and sector names in the page's language, "Yes" for a flag), numbers raw with a dot
 * and in the unit its header names (percent for percent and fraction fields).
 */
export interface ColumnContext {
  units: UnitFormatters;
  labels: SectorLabels;
  yes: string;
}

/** The unit a column's CSV header names after its label ("Payout ratio (%)"). */
export type CsvUnit = 'pct' | 'currency' | 'multiple' | null;

export interface ColumnSpec {
  align: 'start' | 'end';
  cell: (row: PartialIndicatorRow, context: ColumnContext) => ReactNode;
  csv: (row: PartialIndicatorRow, context: ColumnContext) => CsvValue;
  csvUnit: CsvUnit;
  /** A first click on a number column shows the largest first. */
  firstDirection: 'asc' | 'desc';
}

const currency = (row: PartialIndicatorRow) => row.currency ?? 'USD';
const flag = (field: 'isGreenEnergy' | 'isGreenTransport' | 'isGreenWater' | 'isGreenWaste'): ColumnSpec => ({
  align: 'start',
  // A check mark with a text alternative; an empty cell for "no" keeps the table calm.
  cell: (row, { yes }) =>
    row[field] ? (
      <span title={yes}>
        ✓<span className="visually-hidden">{yes}</span>
      </span>
    ) : null,
  csv: (row, { yes }) => (row[field] ? yes : ''),
  csvUnit: null,
  firstDirection: 'desc',
});
/*
 * Long texts would widen the table past a 1440 px screen (issue 33: the Water and Waste columns were out
 * of view): a name is cut with an ellipsis (the whole name in its tooltip), sectors and industries wrap
 * between words (never inside one: screener.css).
 */
type TextFit = 'cut' | 'wrap' | null;
const textColumn = (
  get: (row: PartialIndicatorRow, context: ColumnContext) => string | null | undefined,
  fit: TextFit = null,
): ColumnSpec => ({
  align: 'start',
  cell: (row, context) => {
    const text = get(row, context) || '—';
    if (fit === 'cut')
      return (
        <span className="screener__cut" title={text}>
          {text}
        </span>
      );
    if (fit === 'wrap') return <span className="screener__wrap">{text}</span>;
    return text;
  },
  csv: (row, context) => get(row, context) || null,
  csvUnit: null,
  firstDirection: 'asc',
});
type Show = (value: number | null | undefined, units: UnitFormatters, row: PartialIndicatorRow) => ReactNode;
const numberColumn = (
  get: (row: PartialIndicatorRow) => number | null | undefined,
  show: Show,
  csvUnit: CsvUnit = null,
  /** A fraction field exports as percent, like the table shows it. */
  csvScale = 1,
): ColumnSpec => ({
  align: 'end',
  cell: (row, { units }) => show(get(row), units, row),
  csv: (row) => {
    const value = get(row);
    return typeof value === 'number' ? Number((value * csvScale).toPrecision(12)) : null;
  },
  csvUnit,
  firstDirection: 'desc',
});
const money = (get: (row: PartialIndicatorRow) => number | null | undefined) =>
  numberColumn(get, (v, u, row) => u.money(v, currency(row)), 'currency');
const multiple = (get: (row: PartialIndicatorRow) => number | null | undefined) =>
  numberColumn(get, (v, u) => u.multiple(v), 'multiple');
const fraction = (get: (row: PartialIndicatorRow) => number | null | undefined, signed = false) =>
  numberColumn(get, (v, u) => u.fraction(v, { signed }), 'pct', 100);

export const COLUMN_SPECS: Record<SortKey, ColumnSpec> = {
  ticker: textColumn((row) => row.ticker),
  name: textColumn((row) => row.name, 'cut'),
  sector: textColumn((row, { labels }) => labels.sector(row.sector), 'wrap'),
  industry: textColumn((row, { labels }) => labels.industry(row.industry), 'wrap'),
  country: textColumn((row, { units }) => (row.country ? units.country(row.country) : null)),
  exchange: textColumn((row) => row.exchange),
  price: money((row) => row.price),
  changePct: numberColumn(
    (row) => row.changePct,
    (v) => <ChangeBadge valuePct={v} />,
    'pct',
  ),
  marketCap: numberColumn(
    (row) => row.marketCap,
    (v, u, row) => u.moneyCompact(v, currency(row)),
    'currency',
  ),
  pe: multiple((row) => row.pe),
  ps: multiple((row) => row.ps),
  pb: multiple((row) => row.pb),
  evEbitda: multiple((row) => row.evEbitda),
  dividendYieldPct: numberColumn(
    (row) => row.dividendYieldPct,
    (v, u) => u.pct(v),
    'pct',
  ),
  payoutRatio: fraction((row) => row.payoutRatio),
  dividendCagr5y: fraction((row) => row.dividendCagr5y, true),
  dividendGrowthYears: numberColumn(
    (row) => row.dividendGrowthYears,
    (v, u) => u.number(v, 0),
  ),
  dividendYieldPercentile: numberColumn(
    (row) => row.dividendYieldPercentile,
    (v, u) => u.number(v, 0),
  ),
  revenueGrowth: fraction((row) => row.revenueGrowth, true),
  grossMargin: fraction((row) => row.grossMargin),
  operatingMargin: fraction((row) => row.operatingMargin),
  netMargin: fraction((row) => row.netMargin),
  roe: fraction((row) => row.roe),
  debtToEquity: numberColumn(
    (row) => row.debtToEquity,
    (v, u) => u.number(v, 2),
  ),
  week52High: money((row) => row.week52High),
  week52Low: money((row) => row.week52Low),
  drawdownPct: numberColumn(
    (row) => row.drawdownPct,
    (v, u) => u.pct(v, { digits: 1 }),
    'pct',
  ),
  restatements3y: numberColumn(
    (row) => row.restatements3y,
    (v, u) => u.number(v, 0),
  ),
  largestRestatementPct: numberColumn(
    (row) => row.largestRestatementPct,
    (v, u) => u.pct(v, { digits: 1 }),
    'pct',
  ),
  isGreenEnergy: flag('isGreenEnergy'),
  isGreenTransport: flag('isGreenTransport'),
  isGreenWater: flag('isGreenWater'),
  isGreenWaste: flag('isGreenWaste'),
};
