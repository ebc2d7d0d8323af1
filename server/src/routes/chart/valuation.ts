import { meaningfulFor, type StatementKind, type ValuationRatiosChart, valuationRatios } from '@app/contract';
import { splitFactorAfter } from '../../finance/adjust.ts';
import { latestAtDays, ttmAtDays } from '../../finance/series.ts';
import { freeCashFlow } from '../../finance/statements.ts';
import type { PeriodValue, SplitPoint } from '../../finance/types.ts';
import {
  ebitda,
  enterpriseValue,
  evToEbitda,
  evToSales,
  marketCap,
  priceToBook,
  priceToEarnings,
  priceToFreeCashFlow,
  priceToSales,
} from '../../finance/valuation.ts';
import type { SecurityRef } from '../market/securities.ts';
import type { Resolution } from './resolution.ts';

/*
 * Valuation ratios over time (finance-definitions.md): on each trading day, the split-adjusted close and
 * the fundamentals filed by that day. Per-share values and share counts are restated for later splits,
 * so close x shares is the market cap whatever splits happened in between. TTM falls back to the last
 * fiscal year when a quarter is missing, as the screener does.
 */
interface FactRow {
  line_item: string;
  period: 'annual' | 'quarterly';
  period_end: string;
  value: number;
  filed: string | null;
}

type Item = { annual: PeriodValue[]; quarterly: PeriodValue[] };

function byItem(facts: readonly FactRow[], splits: readonly SplitPoint[]): Map<string, Item> {
  const out = new Map<string, Item>();
  for (const f of facts) {
    let item = out.get(f.line_item);
    if (!item) {
      item = { annual: [], quarterly: [] };
      out.set(f.line_item, item);
    }
    let value = f.value;
    if (f.line_item.startsWith('eps_')) value *= splitFactorAfter(splits, f.period_end);
    else if (f.line_item.startsWith('shares_')) value /= splitFactorAfter(splits, f.period_end);
    item[f.period].push({ periodEnd: f.period_end, value, filed: f.filed });
  }
  return out;
}

/** The days a series is computed on: each day, its dayNumber and its split-adjusted close. */
export interface ValuationDays {
  days: readonly string[];
  numbers: Int32Array;
  closes: Float64Array;
}

type Ratio = (typeof valuationRatios)[number];

/**
 * One security's ratios on the given days (every trading day, or weekly the weeks' last days: a day's
 * ratios need only its close and what was filed by then, so each weekly point equals the daily one).
 * P/E is on diluted EPS, basic where the company files none (finance-definitions.md); a ratio that means
 * nothing for the company's kind (its series declaration's `for` in the metric catalogue, the rule key
 * statistics follow through the figures' declarations) is null throughout.
 */
export function valuationSeries(
  s: SecurityRef,
  on: ValuationDays,
  facts: readonly FactRow[] = [],
  splits: readonly SplitPoint[] = [],
  resolution: Resolution = 'daily',
  template: StatementKind | null = null,
): ValuationRatiosChart['series'][number] {
  const { days, numbers, closes } = on;
  const items = byItem(facts, splits);
  const item = (name: string): Item => items.get(name) ?? { annual: [], quarterly: [] };
  const flow = (name: string) => {
    const ttm = ttmAtDays(days, item(name).quarterly, numbers);
    const fiscalYear = latestAtDays(days, item(name).annual, numbers);
    return ttm.map((v, i) => v ?? fiscalYear[i] ?? null);
  };
  const stock = (name: string) => latestAtDays(days, [...item(name).annual, ...item(name).quarterly], numbers);

  const diluted = items.has('eps_diluted');
  const peEps = diluted ? 'diluted' : items.has('eps_basic') ? 'basic' : null;
  const eps = flow(diluted ? 'eps_diluted' : 'eps_basic');
  const revenue = flow('revenue');
  const operatingIncome = flow('operating_income');
  const depreciation = flow('depreciation_amortization');
  const equity = stock('equity');
  const debt = stock('total_debt');
  const cash = stock('cash');
  const outstanding = stock('shares_outstanding');
  const basic = latestAtDays(days, item('shares_basic').quarterly, numbers);
  const operatingCashFlow = flow('operating_cash_flow');
  const capitalExpenditure = flow('capital_expenditure');
  const notMeaningful = valuationRatios.filter((ratio) => template !== null && !meaningfulFor(template, ratio));
  const shown = (ratio: Ratio, value: () => number | null) => (notMeaningful.includes(ratio) ? null : value());

  const points = days.map((day, i) => {
    const close = closes[i] as number;
    const cap = marketCap(close, outstanding[i] ?? basic[i] ?? null);
    const ev = enterpriseValue(cap, debt[i] ?? null, cash[i] ?? null);
    return {
      day,
      pe: shown('pe', () => priceToEarnings(close, eps[i] ?? null)),
      ps: shown('ps', () => priceToSales(cap, revenue[i] ?? null)),
      pb: shown('pb', () => priceToBook(cap, equity[i] ?? null)),
      evEbitda: shown('evEbitda', () => evToEbitda(ev, ebitda(operatingIncome[i] ?? null, depreciation[i] ?? null))),
      pfcf: shown('pfcf', () =>
        priceToFreeCashFlow(cap, freeCashFlow(operatingCashFlow[i] ?? null, capitalExpenditure[i] ?? null)),
      ),
      evSales: shown('evSales', () => evToSales(ev, revenue[i] ?? null)),
    };
  });
  return { ticker: s.ticker, name: s.name, currency: s.currency, resolution, template, notMeaningful, peEps, points };
}
