import { describe, expect, it } from 'vitest';
import { packFactStatement, type SeriesFact } from '../../db/series.ts';
import { periodRows } from './periods.ts';

describe('periods from a statement', () => {
  type Fact = [item: string, end: string, start: string | null, fp: string, value: number, accession?: string];
  const statement = (facts: Fact[]) =>
    packFactStatement(
      1,
      facts.map(([item, end, start, fp, value, accession]) => ({
        line_item: item,
        period: 'quarterly',
        period_start: start,
        period_end: end,
        fiscal_year: 2020,
        fiscal_period: fp as SeriesFact['fiscal_period'],
        value,
        accession: accession ?? null,
        derived: 0,
      })),
    );
  const facts: Fact[] = [
    ['cash', '2020-03-31', null, 'FY', 10],
    ['cash', '2020-06-30', null, 'FY', 20],
    ['eps_basic', '2020-03-31', '2020-01-01', 'Q1', 4, '0000000001-20-000001'],
    ['eps_basic', '2020-06-30', '2020-04-01', 'Q2', 6],
    ['revenue', '2020-09-30', '2020-07-01', 'Q3', 7],
  ];

  it('groups items by period end, takes the start of a flow and a quarter label, restates per-share items', () => {
    const rows = periodRows(statement(facts), [{ day: '2020-05-01', numerator: 2, denominator: 1 }]);
    expect(rows.map((r) => [r.periodEnd, r.periodStart, r.fiscalPeriod])).toEqual([
      ['2020-03-31', '2020-01-01', 'Q1'],
      ['2020-06-30', '2020-04-01', 'Q2'],
      ['2020-09-30', '2020-07-01', 'Q3'],
    ]);
    // The split after March halves March's EPS; June is already in post-split terms. Cash is not per share.
    expect(rows[0]?.items.get('eps_basic')).toEqual({ value: 2, accessions: ['0000000001-20-000001'], derived: false });
    expect(rows[1]?.items.get('eps_basic')).toEqual({ value: 6, accessions: [], derived: false });
    expect(rows[0]?.items.get('cash')?.value).toBe(10);
    expect(rows[2]?.items.has('cash')).toBe(false);
    expect(periodRows(undefined, [])).toEqual([]);
  });

  it('keeps the periods that end inside the range', () => {
    const rows = periodRows(statement(facts), [], { from: '2020-04-01', to: '2020-06-30' });
    expect(rows.map((r) => r.periodEnd)).toEqual(['2020-06-30']);
  });

  it('reads only the line items asked for, and leaves out the periods none of them has', () => {
    const rows = periodRows(statement(facts), [], {}, ['revenue', 'cash']);
    expect(rows.map((r) => [r.periodEnd, [...r.items.keys()]])).toEqual([
      ['2020-03-31', ['cash']],
      ['2020-06-30', ['cash']],
      ['2020-09-30', ['revenue']],
    ]);
    expect(periodRows(statement(facts), [], {}, ['revenue']).map((r) => r.periodEnd)).toEqual(['2020-09-30']);
  });
});
