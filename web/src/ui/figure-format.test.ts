import { figureNames } from '@app/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { figureCsv, formatFigure } from './figure-format.ts';
import { MISSING, unitFormatters } from './units.ts';

const units = unitFormatters('en');

describe('a catalogue figure as shown', () => {
  it('takes its formatter from the unit and format the catalogue declares', () => {
    expect(formatFigure('pe', 14.23, units, 'USD')).toBe('14.2×');
    expect(formatFigure('payoutRatio', 0.455, units, 'USD')).toBe('45.5%');
    expect(formatFigure('revenueGrowth', 0.1, units, 'USD')).toBe('+10.0%');
    expect(formatFigure('dividendYieldPct', 3.1, units, 'USD')).toBe('3.10%');
    expect(formatFigure('drawdownPct', -12.34, units, 'USD')).toBe('-12.3%');
    expect(formatFigure('marketCap', 4.2e9, units, 'USD')).toBe('$4.20B');
    expect(formatFigure('price', 12.5, units, 'EUR')).toBe('€12.50');
    expect(formatFigure('debtToEquity', 0.456, units, 'USD')).toBe('0.46');
    expect(formatFigure('dividendGrowthYears', 12, units, 'USD')).toBe('12');
    expect(formatFigure('piotroskiScore', 7, units, 'USD')).toBe('7/9');
  });

  it('shows a missing value of every figure as a dash', () => {
    for (const name of figureNames) expect(formatFigure(name, null, units, 'USD'), name).toBe(MISSING);
  });

  it('exports a fraction as percent and names the unit of percent, money and multiples', () => {
    expect(figureCsv('payoutRatio')).toEqual({ unit: 'pct', scale: 100 });
    expect(figureCsv('shareholderYieldPct')).toEqual({ unit: 'pct', scale: 1 });
    expect(figureCsv('price')).toEqual({ unit: 'currency', scale: 1 });
    expect(figureCsv('ps')).toEqual({ unit: 'multiple', scale: 1 });
    expect(figureCsv('piotroskiScore')).toEqual({ unit: null, scale: 1 });
  });
});
