import { describe, expect, it } from 'vitest';
import { parseCompanyFacts } from './sec.ts';

/*
 * LongTermDebt is long-term debt with its current maturities, which LongTermDebtCurrent (or DebtCurrent)
 * holds as well: a filer of both, and no LongTermDebtNoncurrent, would have its current maturities counted
 * twice in total debt (short-term + long-term debt). Its long-term line is the total less them.
 */
const fact = (start: string | null, end: string, val: number) => ({
  ...(start ? { start } : {}),
  end,
  val,
  accn: '0000990299-24-000001',
  fy: 2023,
  fp: 'FY',
  form: '10-K',
  filed: '2024-02-20',
});
const filing = (usGaap: Record<string, number>) => ({
  cik: 990299,
  entityName: 'Quzdebt Corp.',
  facts: {
    'us-gaap': {
      Revenues: { units: { USD: [fact('2023-01-01', '2023-12-31', 5000)] } },
      ...Object.fromEntries(
        Object.entries(usGaap).map(([concept, val]) => [concept, { units: { USD: [fact(null, '2023-12-31', val)] } }]),
      ),
    },
  },
});
const debt = (usGaap: Record<string, number>) =>
  Object.fromEntries(
    parseCompanyFacts(filing(usGaap), 'QZDB')
      .facts.filter((f) => f.period === 'annual' && /_term_debt$/.test(f.lineItem))
      .map((f) => [f.lineItem, [f.value, f.concept, f.derived]]),
  );

describe('long-term debt filed with its current maturities', () => {
  it('takes the current maturities out of LongTermDebt when the short-term line holds them', () => {
    expect(debt({ LongTermDebt: 1000, LongTermDebtCurrent: 150 })).toEqual({
      short_term_debt: [150, 'LongTermDebtCurrent', false],
      long_term_debt: [850, 'LongTermDebt-LongTermDebtCurrent', true],
    });
    // DebtCurrent: short-term borrowings (50) and the current maturities (150).
    expect(debt({ LongTermDebt: 1000, LongTermDebtCurrent: 150, DebtCurrent: 200 })).toEqual({
      short_term_debt: [200, 'DebtCurrent', false],
      long_term_debt: [850, 'LongTermDebt-LongTermDebtCurrent', true],
    });
  });

  it('keeps LongTermDebt whole beside short-term borrowings alone, and a noncurrent figure as filed', () => {
    expect(debt({ LongTermDebt: 1000, ShortTermBorrowings: 80 })).toEqual({
      short_term_debt: [80, 'ShortTermBorrowings', false],
      long_term_debt: [1000, 'LongTermDebt', false],
    });
    expect(debt({ LongTermDebtNoncurrent: 850, LongTermDebt: 1000, LongTermDebtCurrent: 150 })).toEqual({
      short_term_debt: [150, 'LongTermDebtCurrent', false],
      long_term_debt: [850, 'LongTermDebtNoncurrent', false],
    });
  });

  it('gives the derived long-term line no filed versions of the total (as filed on a day)', () => {
    const amended = {
      ...fact(null, '2023-12-31', 1100),
      accn: '0000990299-24-000002',
      form: '10-K/A',
      filed: '2024-05-01',
    };
    const companyfacts = filing({ LongTermDebtCurrent: 150 });
    const usGaap = companyfacts.facts['us-gaap'] as Record<string, unknown>;
    usGaap.LongTermDebt = { units: { USD: [fact(null, '2023-12-31', 1000), amended] } };
    const long = parseCompanyFacts(companyfacts, 'QZDB').facts.find(
      (f) => f.period === 'annual' && f.lineItem === 'long_term_debt',
    );
    expect(long).toMatchObject({ value: 950, concept: 'LongTermDebt-LongTermDebtCurrent', derived: true });
    expect(long?.versions).toBeUndefined();
    expect(long?.firstFiled).toBeUndefined();
  });
});
