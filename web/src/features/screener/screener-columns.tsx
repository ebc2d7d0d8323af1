import type { PartialIndicatorRow } from '@app/contract';
import { declarationOf } from '@app/contract/catalogue';
import type { ReactNode } from 'react';
import type { SectorLabels } from '../../i18n/sector-labels.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { type CsvUnit, figureCsv, formatFigure } from '../../ui/figure-format.ts';
import type { UnitFormatters } from '../../ui/units.ts';
import type { CsvValue } from './csv.ts';
import { TABLE_FIGURES, type TableFigure } from './screener-fields.ts';
import type { SortKey } from './screener-state.ts';

/*
 * How each screener column looks, sorts and exports. A figure's column follows its catalogue
 * declaration (unit and format); units: *Pct fields are percent, ratios and margins fractions, money in
 * the row's currency. The export writes what the table
 * shows (country and sector names in the page's language, "Yes" for a flag), numbers raw with a dot
 * and in the unit its header names (percent for percent and fraction fields).
 */
export interface ColumnContext {
  units: UnitFormatters;
  labels: SectorLabels;
  yes: string;
}

export type { CsvUnit };

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
/**
 * A catalogue figure's column: shown and exported as its unit and format say (ui/figure-format.ts); a
 * change declared as a badge is drawn coloured with its arrow.
 */
function figureColumn(name: TableFigure): ColumnSpec {
  const csv = figureCsv(name);
  const badge = declarationOf(name).format?.badge === true;
  return {
    align: 'end',
    cell: (row, { units }) => {
      const value = row[name];
      return badge ? <ChangeBadge valuePct={value} /> : formatFigure(name, value, units, currency(row));
    },
    csv: (row) => {
      const value = row[name];
      return typeof value === 'number' ? Number((value * csv.scale).toPrecision(12)) : null;
    },
    csvUnit: csv.unit,
    firstDirection: 'desc',
  };
}

export const COLUMN_SPECS: Record<SortKey, ColumnSpec> = {
  ticker: textColumn((row) => row.ticker),
  name: textColumn((row) => row.name, 'cut'),
  sector: textColumn((row, { labels }) => labels.sector(row.sector), 'wrap'),
  industry: textColumn((row, { labels }) => labels.industry(row.industry), 'wrap'),
  country: textColumn((row, { units }) => (row.country ? units.country(row.country) : null)),
  exchange: textColumn((row) => row.exchange),
  ...(Object.fromEntries(TABLE_FIGURES.map((name) => [name, figureColumn(name)])) as Record<TableFigure, ColumnSpec>),
  isGreenEnergy: flag('isGreenEnergy'),
  isGreenTransport: flag('isGreenTransport'),
  isGreenWater: flag('isGreenWater'),
  isGreenWaste: flag('isGreenWaste'),
};
