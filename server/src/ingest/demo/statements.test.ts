import { financialGroups, financialsResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { runIngest } from '../loader.ts';
import type { FactRecord } from '../types.ts';
import { generateCompany } from './generator.ts';
import { demoSource } from './source.ts';
import { DEMO_COMPANIES } from './universe.ts';

/*
 * The demo statements (statements.ts) at the SEC depth and consistent: every identity of a balance
 * sheet and a cash flow holds in every period of companies of each kind (a split, losses, negative
 * equity from buybacks, a fast grower), and the financials calls give at least 30 income-statement,
 * 30 balance-sheet and 20 cash-flow lines.
 */
const END = '2024-06-28';
const TICKERS = ['ZFAB', 'PHQV', 'ZBEV', 'QNTM'];

function periodsOf(facts: readonly FactRecord[]) {
  const out = new Map<string, Map<string, number>>();
  for (const f of facts) {
    const key = `${f.period}|${f.periodEnd}`;
    const values = out.get(key) ?? new Map<string, number>();
    values.set(f.lineItem, f.value);
    out.set(key, values);
  }
  return out;
}

describe('demo statements', () => {
  it.each(TICKERS)(
    '%s: balance sheets balance, cash flows tie to the cash, income adds up, years sum their quarters',
    (ticker) => {
      const company = DEMO_COMPANIES.find((c) => c.ticker === ticker);
      if (!company) throw new Error(`no demo company ${ticker}`);
      const facts = generateCompany(company, END).facts ?? [];
      const periods = periodsOf(facts);
      const sum = (v: Map<string, number>, ...items: string[]) => items.reduce((s, i) => s + (v.get(i) ?? NaN), 0);
      let previousCash: Record<string, number | undefined> = {};
      for (const [key, v] of [...periods].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const [period] = key.split('|') as [string];
        const at = `${ticker} ${key}`;
        expect(v.get('total_assets'), at).toBe(sum(v, 'total_liabilities', 'equity'));
        expect(v.get('liabilities_and_equity'), at).toBe(v.get('total_assets'));
        const currentAssets = ['cash', 'short_term_investments', 'receivables', 'inventory', 'prepaid_expenses'];
        expect(v.get('current_assets'), at).toBe(sum(v, ...currentAssets, 'other_current_assets'));
        const longAssets = ['property_plant_equipment', 'operating_lease_assets', 'long_term_investments', 'goodwill'];
        const otherLong = ['intangibles', 'deferred_tax_assets', 'other_noncurrent_assets'];
        expect(v.get('total_assets'), at).toBe(sum(v, 'current_assets', ...longAssets, ...otherLong));
        const currentDebts = ['accounts_payable', 'accrued_liabilities', 'short_term_debt', 'deferred_revenue'];
        const otherCurrent = ['operating_lease_liabilities_current', 'other_current_liabilities'];
        expect(v.get('current_liabilities'), at).toBe(sum(v, ...currentDebts, ...otherCurrent));
        const longDebts = ['long_term_debt', 'operating_lease_liabilities', 'deferred_revenue_noncurrent'];
        const otherLongDebts = ['deferred_tax_liabilities', 'other_noncurrent_liabilities'];
        expect(v.get('total_liabilities'), at).toBe(sum(v, 'current_liabilities', ...longDebts, ...otherLongDebts));
        expect(v.get('total_debt'), at).toBe(sum(v, 'short_term_debt', 'long_term_debt'));
        const paidIn = ['common_stock', 'additional_paid_in_capital', 'retained_earnings'];
        const equity = sum(v, ...paidIn, 'accumulated_other_comprehensive_income') - (v.get('treasury_stock') ?? NaN);
        expect(v.get('equity'), at).toBe(equity);
        for (const part of ['other_current_assets', 'other_noncurrent_assets', 'other_current_liabilities'])
          expect(v.get(part), `${at} ${part}`).toBeGreaterThanOrEqual(0);
        expect(v.get('net_cash_flow'), at).toBe(
          sum(v, 'operating_cash_flow', 'investing_cash_flow', 'financing_cash_flow', 'effect_of_exchange_rate'),
        );
        const cashBefore = previousCash[period];
        if (cashBefore !== undefined) expect(v.get('net_cash_flow'), at).toBe((v.get('cash') as number) - cashBefore);
        previousCash = { ...previousCash, [period]: v.get('cash') };
        expect(v.get('gross_profit'), at).toBe((v.get('revenue') as number) - (v.get('cost_of_revenue') as number));
        expect(v.get('operating_income'), at).toBe(
          (v.get('gross_profit') as number) - (v.get('operating_expenses') as number),
        );
        expect(v.get('operating_expenses'), at).toBe(sum(v, 'research_development', 'selling_general_admin'));
        expect(v.get('selling_general_admin'), at).toBe(sum(v, 'selling_marketing', 'general_admin'));
        // Income before tax was drawn before rounding: within a dollar or two of its parts (a year: four quarters').
        const pretax =
          sum(v, 'operating_income', 'interest_income', 'other_nonoperating_income') -
          (v.get('interest_expense') as number);
        expect(Math.abs(pretax - (v.get('pretax_income') as number)), at).toBeLessThanOrEqual(
          period === 'annual' ? 8 : 2,
        );
      }
      // A fiscal year's flows are the sums of its quarters.
      const fy = [...periods.keys()].filter((k) => k.startsWith('annual|')).at(-1) as string;
      const year = fy.slice(7, 11);
      const quarters = [...periods].filter(([k]) => k.startsWith(`quarterly|${year}`)).map(([, v]) => v);
      for (const item of [
        'revenue',
        'operating_cash_flow',
        'investing_cash_flow',
        'financing_cash_flow',
        'dividends_paid',
      ])
        expect(periods.get(fy)?.get(item), item).toBe(quarters.reduce((s, q) => s + (q.get(item) as number), 0));
    },
  );
});

describe.each(testDatabases())('demo financials at depth on $label', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await runIngest({ db: t.database.db, source: demoSource({ endDay: END }), tickers: ['ZFAB'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['income-statement', 30],
    ['balance-sheet', 30],
    ['cash-flow', 20],
  ] as const)('%s gives at least %i filled lines in the latest fiscal year', async (call, least) => {
    const response = await t.app.inject({ url: `/api/data/financials/${call}`, query: { tickers: 'ZFAB' } });
    const latest = financialsResponse.parse(response.json()).series[0]?.periods.at(-1);
    const filled = financialGroups[call].filter((m) => latest?.values[m] != null);
    expect(filled.length).toBeGreaterThanOrEqual(least);
  });
});
