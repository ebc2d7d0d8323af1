import type { PartialIndicatorRow } from '@app/contract';
import type { ReactNode } from 'react';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import type { UnitFormatters } from '../../ui/units.ts';
import type { CsvValue } from './csv.ts';
import type { SortKey } from './screener-state.ts';

/*
 * How each screener column looks, sorts and exports. Units follow the contract: *Pct fields are
 * percent, ratios and margins fractions, money in the row's currency.
 */
export interface ColumnSpec {
  /** Key under screener:columns.* (label) */
  align: 'start' | 'end';
  cell: (row: PartialIndicatorRow, units: UnitFormatters, yes: string) => ReactNode;
  csv: (row: PartialIndicatorRow) => CsvValue;
  /** A first click on a number column shows the largest first. */
  firstDirection: 'asc' | 'desc';
}

const currency = (row: PartialIndicatorRow) => row.currency ?? 'USD';
const flag = (field: 'isGreenEnergy' | 'isGreenTransport' | 'isGreenWater' | 'isGreenWaste'): ColumnSpec => ({
  align: 'start',
  // A check mark with a text alternative; an empty cell for "no" keeps the table calm.
  cell: (row, _units, yes) =>
    row[field] ? (
      <span title={yes}>
        ✓<span className="visually-hidden">{yes}</span>
      </span>
    ) : null,
  csv: (row) => row[field] ?? null,
  firstDirection: 'desc',
});
const textColumn = (get: (row: PartialIndicatorRow) => string | null | undefined): ColumnSpec => ({
  align: 'start',
  cell: (row) => get(row) ?? '—',
  csv: (row) => get(row) ?? null,
  firstDirection: 'asc',
});
const numberColumn = (
  get: (row: PartialIndicatorRow) => number | null | undefined,
  show: (value: number | null | undefined, units: UnitFormatters, row: PartialIndicatorRow) => ReactNode,
): ColumnSpec => ({
  align: 'end',
  cell: (row, units) => show(get(row), units, row),
  csv: (row) => get(row) ?? null,
  firstDirection: 'desc',
});

export const COLUMN_SPECS: Record<SortKey, ColumnSpec> = {
  ticker: textColumn((row) => row.ticker),
  name: textColumn((row) => row.name),
  sector: textColumn((row) => row.sector),
  country: {
    align: 'start',
    cell: (row, units) => units.country(row.country),
    csv: (row) => row.country ?? null,
    firstDirection: 'asc',
  },
  exchange: textColumn((row) => row.exchange),
  price: numberColumn(
    (row) => row.price,
    (v, u, row) => u.money(v, currency(row)),
  ),
  changePct: numberColumn(
    (row) => row.changePct,
    (v) => <ChangeBadge valuePct={v} />,
  ),
  marketCap: numberColumn(
    (row) => row.marketCap,
    (v, u, row) => u.moneyCompact(v, currency(row)),
  ),
  pe: numberColumn(
    (row) => row.pe,
    (v, u) => u.multiple(v),
  ),
  ps: numberColumn(
    (row) => row.ps,
    (v, u) => u.multiple(v),
  ),
  pb: numberColumn(
    (row) => row.pb,
    (v, u) => u.multiple(v),
  ),
  evEbitda: numberColumn(
    (row) => row.evEbitda,
    (v, u) => u.multiple(v),
  ),
  dividendYieldPct: numberColumn(
    (row) => row.dividendYieldPct,
    (v, u) => u.pct(v),
  ),
  payoutRatio: numberColumn(
    (row) => row.payoutRatio,
    (v, u) => u.fraction(v),
  ),
  dividendCagr5y: numberColumn(
    (row) => row.dividendCagr5y,
    (v, u) => u.fraction(v, { signed: true }),
  ),
  dividendGrowthYears: numberColumn(
    (row) => row.dividendGrowthYears,
    (v, u) => u.number(v, 0),
  ),
  revenueGrowth: numberColumn(
    (row) => row.revenueGrowth,
    (v, u) => u.fraction(v, { signed: true }),
  ),
  netMargin: numberColumn(
    (row) => row.netMargin,
    (v, u) => u.fraction(v),
  ),
  roe: numberColumn(
    (row) => row.roe,
    (v, u) => u.fraction(v),
  ),
  debtToEquity: numberColumn(
    (row) => row.debtToEquity,
    (v, u) => u.number(v, 2),
  ),
  drawdownPct: numberColumn(
    (row) => row.drawdownPct,
    (v, u) => u.pct(v, { digits: 1 }),
  ),
  isGreenEnergy: flag('isGreenEnergy'),
  isGreenTransport: flag('isGreenTransport'),
  isGreenWater: flag('isGreenWater'),
  isGreenWaste: flag('isGreenWaste'),
};
