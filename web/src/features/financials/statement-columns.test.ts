import type { TtmFinancials } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { demoSource } from './demo-filing.tsx';
import { CHART_LINES, chartSeries, periodColumns, recentColumns, ttmColumn } from './statement-columns.ts';
import type { StatementColumn } from './statement-table.tsx';

const period = (fiscalYear: number, fiscalPeriod: 'FY' | 'Q4', periodEnd: string, revenue: number) => ({
  fiscalYear,
  fiscalPeriod,
  periodStart: null,
  periodEnd,
  values: { revenue, grossMargin: 0.4 },
  accessions: {},
  derived: [],
});
const label = (p: { fiscalYear: number; fiscalPeriod: string }) => `${p.fiscalPeriod} ${p.fiscalYear}`;
const ttm = (basis: 'ttm' | 'fy'): TtmFinancials['series'][number] => ({
  ticker: 'ACME',
  template: 'general',
  currency: 'USD',
  quartersFiled: true,
  splits: [],
  splitBasis: null,
  basis,
  asOf: '2025-09-30',
  period: {
    fiscalYear: 2025,
    fiscalPeriod: basis === 'ttm' ? 'TTM' : 'FY',
    periodStart: null,
    periodEnd: '2025-09-30',
  },
  values: { revenue: 130, grossMargin: 0.41 },
  accessions: {},
  derived: ['revenue', 'grossMargin'],
});

describe('statement columns', () => {
  it('are every period, newest first, each pointing at the same period a year before', () => {
    const columns = periodColumns(
      [period(2023, 'FY', '2023-12-31', 100), period(2024, 'FY', '2024-12-31', 120)],
      label,
    );
    expect(columns.map((c) => [c.key, c.label, c.yearBefore])).toEqual([
      ['2024-FY', 'FY 2024', '2023-FY'],
      ['2023-FY', 'FY 2023', '2022-FY'],
    ]);
  });

  it('take a TTM column only for a real trailing twelve months with a value for the lines shown', () => {
    expect(ttmColumn(ttm('ttm'), ['revenue'], 'TTM')?.periodEnd).toBe('2025-09-30');
    expect(ttmColumn(ttm('fy'), ['revenue'], 'TTM')).toBeNull();
    expect(ttmColumn(ttm('ttm'), ['roe'], 'TTM')).toBeNull();
    expect(ttmColumn(undefined, ['revenue'], 'TTM')).toBeNull();
  });

  it('chart the same columns as the table, oldest first, one point per day, ratios in percent', () => {
    const columns = periodColumns(
      [period(2023, 'FY', '2023-12-31', 100), period(2024, 'FY', '2025-09-30', 120)],
      label,
    );
    const trailing = ttmColumn(ttm('ttm'), ['revenue'], 'TTM');
    const series = chartSeries(['revenue', 'grossMargin'], trailing ? [trailing, ...columns] : columns, String);
    expect(series.map((s) => s.points.map((p) => [p.day, p.value]))).toEqual([
      // The TTM ends with the fiscal year here: the year's point stands, the TTM's is not repeated.
      [
        ['2023-12-31', 100],
        ['2025-09-30', 120],
      ],
      [
        ['2023-12-31', 40],
        ['2025-09-30', 40],
      ],
    ]);
  });

  it('leave out a line that is none in every period', () => {
    const none = periodColumns([{ ...period(2024, 'FY', '2024-12-31', 0) }], label);
    expect(chartSeries(['revenue', 'grossMargin'], none, String).map((s) => s.id)).toEqual(['grossMargin']);
  });

  it('chart at most six lines, so no two share a colour', () => {
    for (const lines of Object.values(CHART_LINES)) expect(lines?.length ?? 0).toBeLessThanOrEqual(6);
  });
});

describe('demo sources', () => {
  it('say whether a value was generated, is a fourth quarter, a TTM sum or computed from its parts', () => {
    const q4 = { key: '2024-Q4', derived: ['revenue', 'freeCashFlow', 'grossMargin'] as const };
    const column = { ...q4, derived: [...q4.derived] };
    expect(demoSource(column, 'revenue')).toBe('fourthQuarter');
    expect(demoSource(column, 'freeCashFlow')).toBe('computed');
    expect(demoSource(column, 'grossMargin')).toBe('computed');
    expect(demoSource(column, 'netIncome')).toBe('generated');
    expect(demoSource({ key: 'ttm', derived: ['revenue'] }, 'revenue')).toBe('trailing');
  });
});

describe('the quarterly table’s last five years (issue 33)', () => {
  const quarter = (year: number, q: number, end: string): StatementColumn => ({
    key: `${year}-Q${q}`,
    label: `Q${q} ${year}`,
    periodEnd: end,
    yearBefore: `${year - 1}-Q${q}`,
    values: {},
    accessions: {},
    derived: [],
  });
  // 85 quarters, newest first, ending 2025-09-30 (calendar quarters).
  const columns: StatementColumn[] = [];
  for (let i = 0; i < 85; i++) {
    const index = 2025 * 4 + 2 - i;
    const year = Math.floor(index / 4);
    const month = ((index % 4) + 1) * 3;
    const end = `${year}-${String(month).padStart(2, '0')}-${month === 6 || month === 9 ? '30' : '31'}`;
    columns.push(quarter(year, (index % 4) + 1, end));
  }

  it('keeps the quarters ending within five years of the newest, newest first', () => {
    const recent = recentColumns(columns);
    expect(recent).toHaveLength(20);
    expect(recent[0]?.periodEnd).toBe('2025-09-30');
    expect(recent.at(-1)?.periodEnd).toBe('2020-12-31');
  });

  it('keeps a short history whole', () => {
    expect(recentColumns(columns.slice(0, 7))).toHaveLength(7);
  });
});
