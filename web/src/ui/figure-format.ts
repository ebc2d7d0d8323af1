import { declarationOf, type FigureName } from '@app/contract/catalogue';
import { MISSING, type UnitFormatters } from './units.ts';

/*
 * A catalogue figure as shown and exported (issue 42): the formatter follows from the figure's unit and
 * format as the catalogue declares them (contract/src/catalogue.ts), so key statistics, the screener's
 * table and its CSV show one figure one way, and a new figure needs no formatting code.
 */

type Maybe = number | null | undefined;

/** A figure's value in the page's language, with its unit visible ("14.2×", "3.10%", "$4.20B", "7/9"). */
export function formatFigure(name: FigureName, value: Maybe, units: UnitFormatters, currency: string): string {
  const { unit, format = {} } = declarationOf(name);
  const signed = format.signed ?? false;
  switch (unit) {
    case 'currency':
      return format.compact ? units.moneyCompact(value, currency) : units.money(value, currency);
    case 'pct':
      return units.pct(value, { signed, digits: format.digits ?? 2 });
    case 'fraction':
      return units.fraction(value, { signed, digits: format.digits ?? 1 });
    case 'multiple':
      return units.multiple(value);
    case 'ratio':
      return units.number(value, format.digits ?? 2);
    case 'shares':
      return units.compact(value);
    case 'count':
    case 'percentile':
      return units.number(value, 0);
    case 'score':
      return typeof value === 'number' ? `${units.number(value, 0)}/${units.number(format.outOf, 0)}` : MISSING;
  }
}

/** The unit a CSV header names after a figure's label ("Payout ratio (%)"). */
export type CsvUnit = 'pct' | 'currency' | 'multiple' | null;

/**
 * How a figure is exported: the unit its header names, and the factor from the API's number to the
 * exported one (a fraction exports as percent, like the table shows it).
 */
export function figureCsv(name: FigureName): { unit: CsvUnit; scale: number } {
  switch (declarationOf(name).unit) {
    case 'pct':
      return { unit: 'pct', scale: 1 };
    case 'fraction':
      return { unit: 'pct', scale: 100 };
    case 'currency':
      return { unit: 'currency', scale: 1 };
    case 'multiple':
      return { unit: 'multiple', scale: 1 };
    default:
      return { unit: null, scale: 1 };
  }
}
