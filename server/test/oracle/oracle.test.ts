import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIngest } from '../../src/ingest/loader.ts';
import { startTestApp, type TestApp } from '../app.ts';
import { testDatabases } from '../databases.ts';
import { askEverything } from './answers.ts';
import {
  BETA_CHECK,
  DRAWDOWN_CHART_CHECK,
  PERCENTILE_CHECK,
  PRICE_CHART_CHECK,
  VALUATION_CHART_CHECKS,
  YIELD_CHART_CHECK,
  YIELD_CHART_COVERAGE_CHECK,
} from './checks-charts.ts';
import { FIGURE_CHECKS, LABEL_CHECK, NOT_MEANINGFUL_CHART_CHECKS, NOT_MEANINGFUL_CHECKS } from './checks-figures.ts';
import { MARKET_INDICES_CHECK, RANGE_CHECKS, STATISTICS_EXTRAS_CHECK } from './checks-market.ts';
import { differences } from './compare.ts';
import { type Check, type Context, contextOf } from './context.ts';
import { KNOWN_WRONG_UNTIL_MERGED } from './known-wrong.ts';
import { readStored } from './stored.ts';
import { ORACLE_COINS, ORACLE_COMPANIES, oracleSource } from './universe.ts';

/*
 * Issue 42, an independent recomputation: every figure the product shows, recomputed from the stored rows
 * by finance-definitions.md with no server metrics, finance or derived code, and compared with every
 * surface that shows it. The universe (universe.ts) is 24 demo companies and 4 coins with 12 years of
 * history (two companies 4 and 6), made and loaded by the app's own demo generator and loader: a fixed
 * sample holding every kind and shape the definitions treat apart. Measured on the shared 2-core machine
 * (December 2026): 31 s of tests for both engines at a load of 5, 70 s at a load of 14; the whole demo
 * universe (420 companies, 20 years: about 28 times the stored rows) would take minutes per engine, over
 * the suite's two-minute budget.
 */
// A Wednesday: a range's start then falls mid-week, where a weekly point is not that day's close.
const END_DAY = '2024-06-26';

const CHECKS: Check[] = [
  ...FIGURE_CHECKS,
  LABEL_CHECK,
  ...NOT_MEANINGFUL_CHECKS,
  ...NOT_MEANINGFUL_CHART_CHECKS,
  STATISTICS_EXTRAS_CHECK,
  BETA_CHECK,
  PRICE_CHART_CHECK,
  DRAWDOWN_CHART_CHECK,
  YIELD_CHART_CHECK,
  YIELD_CHART_COVERAGE_CHECK,
  PERCENTILE_CHECK,
  ...VALUATION_CHART_CHECKS,
  ...RANGE_CHECKS,
  MARKET_INDICES_CHECK,
];

describe.each(testDatabases())('oracle: every figure recomputed from the stored rows, $label', (target) => {
  let t: TestApp;
  let ctx: Context;
  beforeAll(async () => {
    t = await startTestApp(target);
    const summary = await runIngest({
      db: t.database.db,
      source: oracleSource(END_DAY),
      tickers: 'all',
    });
    expect(summary.failed).toEqual([]);
    const stored = await readStored(t.database.db);
    ctx = contextOf(stored, await askEverything(t.app, stored));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('covers the universe: every security, every kind of company, paying stocks and coins', () => {
    const kinds = [...ctx.kinds.values()];
    expect(ctx.stored.size).toBe(ORACLE_COMPANIES.length + ORACLE_COINS.length);
    for (const kind of ['general', 'bank', 'insurer', 'reit', 'coin']) expect(kinds, kind).toContain(kind);
    expect(ctx.answers.odata.size).toBe(ctx.stored.size);
    // The comparisons are not all of nulls: paying stocks, movers and coins are there to compare.
    const paying = [...ctx.oracle.values()].filter(
      (f) => typeof f.dividendYieldPct === 'number' && f.dividendYieldPct > 0,
    );
    expect(paying.length).toBeGreaterThan(10);
    expect(ctx.answers.movers.length).toBeGreaterThan(10);
    expect(ctx.answers.coins.length).toBe(ORACLE_COINS.length);
  });

  for (const check of CHECKS) {
    const run = () => {
      const d = differences();
      check.run(ctx, d);
      expect(d.report(), check.name).toEqual([]);
    };
    const reason = KNOWN_WRONG_UNTIL_MERGED[check.name];
    if (reason) it.skip(`${check.name}: ${reason}`, run);
    else it(check.name, run);
  }
});
