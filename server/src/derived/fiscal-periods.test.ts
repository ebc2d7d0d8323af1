import { describe, expect, it } from 'vitest';
import { packFactStatement, type StatementFact } from './fact-statements.ts';
import { type Cell, periodRows, previousRow } from './fiscal-periods.ts';
import { computed, empty } from './metric-values.ts';

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
        fiscal_period: fp as StatementFact['fiscal_period'],
        value,
        unit: item === 'eps_basic' ? 'USD/shares' : 'USD',
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

  it("shares one filing list among a period's cells, which a value computed from them hands on", () => {
    const accn = '0000000001-20-000001';
    const other = '0000000001-20-000002';
    const [q1] = periodRows(
      statement([
        ['revenue', '2020-03-31', '2020-01-01', 'Q1', 100, accn],
        ['net_income', '2020-03-31', '2020-01-01', 'Q1', 10, accn],
        ['cash', '2020-03-31', null, 'Q1', 5, other],
      ]),
      [],
    );
    const revenue = q1?.items.get('revenue') as Cell;
    const income = q1?.items.get('net_income') as Cell;
    const cash = q1?.items.get('cash') as Cell;
    expect(revenue.accessions).toBe(income.accessions);
    const margin = computed(income.value / revenue.value, income, revenue);
    expect(margin).toEqual({ value: 0.1, accessions: [accn], derived: true });
    expect(margin.accessions).toBe(revenue.accessions);
    // Two filings: a list of its own, each once, in the inputs' order; the inputs' lists untouched.
    expect(computed(1, cash, income, revenue).accessions).toEqual([other, accn]);
    expect(revenue.accessions).toEqual([accn]);
    expect(computed(1, empty, empty).accessions).toEqual([]);

    // Lines that differ (an item missing a period, another filed later) still share each period's list.
    const later = '0000000001-20-000003';
    const [march, june] = periodRows(
      statement([
        ['revenue', '2020-03-31', '2020-01-01', 'Q1', 100, accn],
        ['revenue', '2020-06-30', '2020-04-01', 'Q2', 110, other],
        ['net_income', '2020-03-31', '2020-01-01', 'Q1', 10, accn],
        ['cash', '2020-03-31', null, 'Q1', 5, later],
        ['cash', '2020-06-30', null, 'Q2', 6, other],
      ]),
      [],
    );
    const cell = (row: typeof march, item: string) => row?.items.get(item) as Cell;
    expect(cell(march, 'net_income').accessions).toBe(cell(march, 'revenue').accessions);
    expect(cell(june, 'cash').accessions).toBe(cell(june, 'revenue').accessions);
    expect(cell(march, 'cash').accessions).toEqual([later]);
    expect(cell(june, 'net_income')).toBeUndefined();
  });

  it('gives a restated value its first value, filing and day, in the same share terms; no other value has one', () => {
    const restated = packFactStatement(
      1,
      facts.map(([item, end, start, fp, value, accession]) => ({
        line_item: item,
        period: 'quarterly' as const,
        period_start: start,
        period_end: end,
        fiscal_year: 2020,
        fiscal_period: fp as StatementFact['fiscal_period'],
        value,
        unit: item === 'eps_basic' ? 'USD/shares' : 'USD',
        accession: accession ?? null,
        derived: 0 as const,
        filed: '2020-05-10',
        concept: item === 'eps_basic' ? 'EarningsPerShareBasic' : 'Other',
        ...(item === 'eps_basic' && fp === 'Q1'
          ? { first_value: 5, first_accession: '0000000001-20-000000', first_filed: '2020-04-20' }
          : {}),
      })),
    );
    expect(JSON.parse(restated.restated)).toEqual([
      [1, 0, 5, '0000000001-20-000000', '2020-04-20', '2020-05-10', 'EarningsPerShareBasic'],
    ]);
    const rows = periodRows(restated, [{ day: '2020-05-01', numerator: 2, denominator: 1 }]);
    // March's EPS, 4 restated from 5, both halved by the split after March.
    expect(rows[0]?.items.get('eps_basic')).toEqual({
      value: 2,
      accessions: ['0000000001-20-000001'],
      derived: false,
      first: {
        value: 2.5,
        accession: '0000000001-20-000000',
        filed: '2020-04-20',
        latestFiled: '2020-05-10',
        concept: 'EarningsPerShareBasic',
      },
    });
    expect(rows[1]?.items.get('eps_basic')?.first).toBeUndefined();
    expect(rows[0]?.items.get('cash')?.first).toBeUndefined();
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

  it("takes the period before as a period's start only when it is the one right before, and ends within the window", () => {
    const annual = (facts: [item: string, year: number][]) =>
      packFactStatement(
        1,
        facts.map(([item, year]) => ({
          line_item: item,
          period: 'annual',
          period_start: `${year}-01-01`,
          period_end: `${year}-12-31`,
          fiscal_year: year,
          fiscal_period: 'FY',
          value: year,
          unit: 'USD',
          accession: null,
          derived: 0,
        })),
      );
    // 2019 is missing: 2020 has no start (2018 is two years back); 2021 has 2020's.
    const all = periodRows(
      annual([
        ['equity', 2017],
        ['equity', 2018],
        ['equity', 2020],
        ['equity', 2021],
      ]),
      [],
    );
    expect(all.map((_, i) => previousRow(all, i)?.periodEnd)).toEqual([
      undefined,
      '2017-12-31',
      undefined,
      '2020-12-31',
    ]);
    // A range starting mid-2021 reads 2020 too, and gives 2021 the same start.
    const ranged = periodRows(
      annual([
        ['equity', 2020],
        ['equity', 2021],
      ]),
      [],
      { from: '2021-01-01' },
    );
    expect(previousRow(ranged, 0)).toBeUndefined();
    const back = periodRows(
      annual([
        ['equity', 2020],
        ['equity', 2021],
      ]),
      [],
      { from: '2020-06-01' },
    );
    expect(previousRow(back, 1)?.periodEnd).toBe('2020-12-31');
    // The period right before that has none of the items read is not replaced by an older one.
    const items = annual([
      ['equity', 2019],
      ['revenue', 2020],
      ['equity', 2021],
    ]);
    const equityOnly = periodRows(items, [], {}, ['equity']);
    expect(equityOnly.map((r) => r.periodEnd)).toEqual(['2019-12-31', '2021-12-31']);
    expect(previousRow(equityOnly, 1)).toBeUndefined();
    expect(previousRow(periodRows(items, []), 2)?.periodEnd).toBe('2020-12-31');
  });
});
