import { type FinancialMetric, financialGroups, financialMetrics } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { Cell, PeriodRow } from './fiscal-periods.ts';
import { computedMetrics, inputsOf, lineItemsOf, type MetricContext, metricValues } from './period-metrics.ts';

const period = (year: number, items: Record<string, Cell>): PeriodRow => ({
  index: year - 2000,
  fiscalYear: year,
  fiscalPeriod: 'FY',
  periodStart: `${year}-01-01`,
  periodEnd: `${year}-12-31`,
  items: new Map(Object.entries(items)),
});
const cell = (value: number, ...accessions: string[]): Cell => ({ value, accessions, derived: false });

const y2022 = period(2022, { equity: cell(800, 'A-22'), total_assets: cell(1800, 'A-22') });
const y2023 = period(2023, {
  revenue: cell(1000, 'A-23'),
  gross_profit: cell(400, 'A-23'),
  operating_income: cell(200, 'A-23', 'B-23'),
  net_income: cell(100, 'B-23'),
  eps_basic: cell(2, 'A-23'),
  shares_basic: cell(50, 'A-23'),
  equity: cell(1000, 'A-23'),
  total_assets: { value: 2000, accessions: [], derived: true },
});
const context: MetricContext = { previous: y2022, dividends: [{ exDate: '2023-05-10', amount: 0.5 }] };

describe('financial metrics of one period', () => {
  it('a filed metric is its line item as filed, and null with no filings when not filed', () => {
    const values = metricValues(y2023, ['revenue', 'totalAssets', 'costOfRevenue'], context);
    expect(values).toEqual({
      values: { revenue: 1000, totalAssets: 2000, costOfRevenue: null },
      // Total assets has no filing (it was derived), cost of revenue no value: neither is listed.
      accessions: { revenue: ['A-23'] },
      derived: ['totalAssets'],
    });
    // Every requested metric is a key of values, in the order asked, null included.
    expect(Object.keys(values.values)).toEqual(['revenue', 'totalAssets', 'costOfRevenue']);
  });

  it('a computed metric names each filing once, in the order of its inputs', () => {
    // ROE reads net income (B-23), equity a year before and at the end.
    const values = metricValues(y2023, ['roe', 'grossMargin', 'netMargin', 'payoutRatio', 'freeCashFlow'], context);
    expect(values).toEqual({
      values: { roe: 100 / 900, grossMargin: 0.4, netMargin: 0.1, payoutRatio: 0.25, freeCashFlow: null },
      accessions: {
        roe: ['B-23', 'A-22', 'A-23'],
        grossMargin: ['A-23'],
        netMargin: ['A-23', 'B-23'],
        // No DPS filed: the dividend with its ex-date in 2023 (no filing) over EPS.
        payoutRatio: ['A-23'],
      },
      // No cash flows filed: no free cash flow to compute, so it is neither derived nor sourced.
      derived: ['roe', 'grossMargin', 'netMargin', 'payoutRatio'],
    });
  });

  it('every metric computed twice over frozen periods gives the same values (values are shared, never changed)', () => {
    const freeze = (row: PeriodRow) => {
      for (const c of row.items.values()) Object.freeze(Object.freeze(c).accessions);
      return Object.freeze(row);
    };
    const rows = [freeze(y2022), freeze(y2023)];
    const frozen: MetricContext = { previous: rows[0], dividends: Object.freeze([...context.dividends]) };
    const first = JSON.stringify(rows.map((row) => metricValues(row, financialMetrics, frozen)));
    const again = JSON.stringify(rows.map((row) => metricValues(row, financialMetrics, frozen)));
    expect(again).toBe(first);
    // A shared empty value is not changed by being handed out either.
    expect(metricValues(y2022, ['costOfRevenue'], frozen)).toEqual({
      values: { costOfRevenue: null },
      accessions: {},
      derived: [],
    });
  });

  it('every statement line of the contract is read as its own snake_case line item, except computed ones', () => {
    const lines = new Set<FinancialMetric>([
      ...financialGroups['income-statement'],
      ...financialGroups['balance-sheet'],
      ...financialGroups['cash-flow'],
    ]);
    for (const name of computedMetrics()) lines.delete(name);
    for (const name of lines) {
      expect(lineItemsOf([name])).toEqual([name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]);
    }
    // Free cash flow is a statement line but computed: there is no free_cash_flow line item.
    expect(lineItemsOf(['freeCashFlow'])).toEqual(
      expect.arrayContaining(['capital_expenditure', 'operating_cash_flow']),
    );
    expect(lineItemsOf(['freeCashFlow'])).not.toContain('free_cash_flow');
  });

  it('says which metrics need the dividends loaded: those with a per-share fallback to them', () => {
    expect(inputsOf(financialGroups['balance-sheet']).dividends).toBe(false);
    // The income statement shows dividends per share, which falls back to the ex-dates.
    expect(inputsOf(financialGroups['income-statement']).dividends).toBe(true);
    expect(inputsOf(['revenue', 'roe']).dividends).toBe(false);
    expect(inputsOf(['dividendsPerShare']).dividends).toBe(true);
    expect(inputsOf(['revenue', 'payoutRatio']).dividends).toBe(true);
  });
});
