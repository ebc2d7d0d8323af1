import { type FinancialMetric, meaningfulFor, statementKindOf, templateLines } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { FactRecord } from '../types.ts';
import { generateCompany } from './generator.ts';
import { DEMO_COMPANIES } from './universe.ts';

/*
 * The demo bank, insurer and REIT (kind-statements.ts): their facts make them the kind their SIC code
 * says, every line of their template's income statement is there, and the template's identities hold in
 * every period.
 */
const END = '2024-06-28';
const camel = (item: string) => item.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function periods(ticker: string) {
  const company = DEMO_COMPANIES.find((c) => c.ticker === ticker);
  if (!company) throw new Error(`no demo company ${ticker}`);
  const facts: FactRecord[] = generateCompany(company, END).facts ?? [];
  const out = new Map<string, Map<string, number>>();
  for (const f of facts) {
    const key = `${f.period}|${f.periodEnd}`;
    const values = out.get(key) ?? new Map<string, number>();
    values.set(f.lineItem, f.value);
    out.set(key, values);
  }
  const present = new Set(facts.map((f) => camel(f.lineItem)));
  return { sic: company.sic, out, present };
}

describe('demo statements of banks, insurers and REITs', () => {
  it.each([
    ['BQNK', 'bank'],
    ['ZINS', 'insurer'],
    ['RZIT', 'reit'],
    ['QRES', 'reit'],
  ] as const)('%s is a %s, with every income line of its template filed', (ticker, kind) => {
    const { sic, present } = periods(ticker);
    expect(statementKindOf(sic, present)).toBe(kind);
    const computedHere: FinancialMetric[] = [
      'effectiveTaxRate',
      'netMargin',
      'operatingMargin',
      'ebitda',
      'ffo',
      'ffoPerShare',
    ];
    const filed = templateLines(kind, 'income-statement').filter(
      (m) => !computedHere.includes(m) && m !== 'ffoPayoutRatio' && m !== 'discontinuedOperations',
    );
    const missing = filed.filter((m) => m !== 'preferredDividends' && !present.has(m));
    expect(missing).toEqual([]);
  });

  it.each([
    ['BQNK', 'bank'],
    ['ZINS', 'insurer'],
    ['RZIT', 'reit'],
  ] as const)(
    '%s, a %s, files no research and development or other general-company line its template lacks',
    (ticker, kind) => {
      const { present } = periods(ticker);
      const own = new Set<string>(templateLines(kind, 'income-statement'));
      expect(present.has('researchDevelopment')).toBe(false);
      for (const line of ['sellingGeneralAdmin', 'sellingMarketing', 'generalAdmin'])
        expect(present.has(line)).toBe(own.has(line));
      // A general company still files its R&D.
      expect(periods('ZFAB').present.has('researchDevelopment')).toBe(true);
    },
  );

  it('the bank: revenue = net interest income + noninterest income, income before tax follows, net loans', () => {
    const { out } = periods('BQNK');
    expect(out.size).toBeGreaterThan(8);
    for (const [key, v] of out) {
      const n = (item: string) => v.get(item) as number;
      expect(n('revenue'), key).toBe(n('net_interest_income') + n('noninterest_income'));
      expect(n('net_interest_income'), key).toBe(n('interest_income_total') - n('interest_expense'));
      expect(n('pretax_income'), key).toBe(n('revenue') - n('provision_for_credit_losses') - n('noninterest_expense'));
      expect(n('net_loans'), key).toBe(n('loans') - n('allowance_for_credit_losses'));
      expect(n('deposits'), key).toBeLessThan(n('total_liabilities'));
    }
    expect(meaningfulFor('bank', 'grossProfit')).toBe(false);
  });

  it('the insurer: revenue and its parts, benefits and expenses add up to revenue - income before tax', () => {
    for (const [key, v] of periods('ZINS').out) {
      const n = (item: string) => v.get(item) as number;
      expect(n('revenue'), key).toBe(
        n('premiums_earned') + n('net_investment_income') + n('realized_investment_gains'),
      );
      expect(n('total_benefits_and_expenses'), key).toBe(n('revenue') - n('pretax_income'));
      expect(n('total_benefits_and_expenses'), key).toBe(
        n('benefits_and_losses') +
          n('policy_acquisition_costs') +
          n('other_underwriting_expenses') +
          n('interest_expense'),
      );
      expect(n('other_underwriting_expenses'), key).toBeGreaterThan(0);
    }
  });

  it('the REIT: rental revenue within revenue, real-estate depreciation within D&A', () => {
    for (const [key, v] of periods('RZIT').out) {
      const n = (item: string) => v.get(item) as number;
      expect(n('rental_revenue'), key).toBeLessThan(n('revenue'));
      expect(n('real_estate_depreciation'), key).toBeLessThanOrEqual(n('depreciation_amortization'));
      expect(n('real_estate_accumulated_depreciation'), key).toBeGreaterThan(0);
    }
  });

  it('restates the revenue and net income of the year before last for one company in three, consistently', () => {
    const company = DEMO_COMPANIES.find((c) => c.ticker === 'BQNK');
    if (!company) throw new Error('no BQNK');
    const facts = generateCompany(company, END).facts ?? [];
    const restated = facts.filter((f) => f.firstFiled);
    expect(restated.map((f) => [f.lineItem, f.period, f.fiscalYear])).toEqual([
      ['revenue', 'annual', 2022],
      ['net_income', 'annual', 2022],
    ]);
    for (const f of restated) {
      expect(f.firstFiled?.value).toBe(Math.round(f.value * (f.lineItem === 'revenue' ? 1.02 : 1.05)));
      expect((f.firstFiled?.filed ?? '') < (f.filed ?? '')).toBe(true);
    }
    const other = DEMO_COMPANIES.find((c) => c.ticker === 'SOLQ');
    expect((other ? (generateCompany(other, END).facts ?? []) : []).some((f) => f.firstFiled)).toBe(false);
  });
});
