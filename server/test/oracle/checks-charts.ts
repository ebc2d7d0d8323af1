import type { PerSecurity } from './answers.ts';
import type { Check, Context } from './context.ts';
import { mondayOf, monthsEarlier } from './days.ts';
import { coversYear, yieldPercentile, yieldSeries } from './dividends.ts';
import { meaningless, valuationOn } from './figures.ts';
import { drawdowns, equalWeightedWeekly, weeklyBeta } from './prices.ts';
import { statementsOf } from './statements.ts';
import type { Close, Security } from './stored.ts';

/*
 * The charts' points against the stored closes (issue 42): the whole-history answers come one point a week
 * (docs/api.md "Resolution"): a price point is the week's last trading day, a drawdown point the week's
 * deepest day, a yield or valuation point the week's last trading day's value. Every weekly point is checked
 * (about 630 in 12 years), and every day of the daily answers.
 */
const answersOf = (ctx: Context, ticker: string) => ctx.answers.bySecurity.get(ticker) as PerSecurity;

/** The last trading day of each week, by the week's Monday. */
function weekEnds(closes: readonly Close[]): Map<string, Close> {
  const out = new Map<string, Close>();
  for (const c of closes) out.set(mondayOf(c.day), c);
  return out;
}

export const PRICE_CHART_CHECK: Check = {
  name: "price chart: every weekly point (Max) is its week's last close, every day of the last two years its close",
  run(ctx, d) {
    for (const s of ctx.stored.values()) {
      const a = answersOf(ctx, s.ticker);
      const ends = weekEnds(s.closes);
      const byDay = new Map(s.closes.map((c) => [c.day, c]));
      const weekly = a.priceWhole?.resolution === 'weekly';
      for (const p of a.priceWhole?.points ?? []) {
        const c = weekly ? ends.get(mondayOf(p.day)) : byDay.get(p.day);
        d.check('price chart day', s.ticker, 'v2/chart/price (Max)', c?.day, p.day);
        d.check('price chart close', s.ticker, `v2/chart/price (Max) ${p.day}`, c?.split, p.close);
        d.check('price chart adjClose', s.ticker, `v2/chart/price (Max) ${p.day}`, c?.adj, p.adjClose);
      }
      const count = weekly ? ends.size : s.closes.length;
      d.check('price chart points', s.ticker, 'v2/chart/price (Max)', count, a.priceWhole?.points.length);
      const recent = a.priceRecent?.points ?? [];
      const first = recent[0]?.day ?? '';
      const expected = s.closes.filter((c) => c.day >= first);
      d.check('price chart points', s.ticker, 'v2/chart/price (2 years, daily)', expected.length, recent.length);
      for (const p of recent) {
        const c = byDay.get(p.day);
        d.check('price chart close', s.ticker, `v2/chart/price daily ${p.day}`, c?.split, p.close);
        d.check('price chart adjClose', s.ticker, `v2/chart/price daily ${p.day}`, c?.adj, p.adjClose);
      }
    }
  },
};

export const DRAWDOWN_CHART_CHECK: Check = {
  name: "drawdown chart: each weekly point (Max) is its week's deepest day; from a start, the high runs from it",
  run(ctx, d) {
    for (const s of ctx.stored.values()) {
      const a = answersOf(ctx, s.ticker);
      const series = drawdowns(s.closes);
      const deepest = new Map<string, number>();
      for (const p of series) {
        const week = mondayOf(p.day);
        deepest.set(week, Math.min(deepest.get(week) ?? 0, p.pct));
      }
      // The chart ends at the drawdown now (docs/api.md, issue 31): the last week's point is the last day's.
      const now = series.at(-1);
      if (now) deepest.set(mondayOf(now.day), now.pct);
      const whole = a.drawdownMax?.points ?? [];
      d.check('drawdown points', s.ticker, 'downside-potential (Max)', deepest.size, whole.length);
      for (const p of whole)
        d.check('drawdown', s.ticker, `downside-potential (Max) ${p.day}`, deepest.get(mondayOf(p.day)), p.drawdownPct);
      // From the same date five years before: the running high starts on the first close of the range.
      const from = monthsEarlier(s.closes.at(-1)?.day ?? '', 60);
      const ranged = drawdowns(s.closes.filter((c) => c.day >= from));
      const answer = a.drawdown5yDaily;
      d.check('drawdown points', s.ticker, 'downside-potential (5Y, daily)', ranged.length, answer?.points.length);
      const byDay = new Map(ranged.map((p) => [p.day, p.pct]));
      for (const p of answer?.points ?? [])
        d.check('drawdown', s.ticker, `downside-potential (5Y daily) ${p.day}`, byDay.get(p.day), p.drawdownPct);
      let max = ranged[0];
      for (const p of ranged) if (max && p.pct < max.pct) max = p;
      d.check('drawdown now', s.ticker, 'downside-potential (5Y)', ranged.at(-1)?.pct, answer?.currentPct);
      d.check('deepest drawdown', s.ticker, 'downside-potential (5Y)', max?.pct, answer?.maxPct);
      d.check('deepest drawdown day', s.ticker, 'downside-potential (5Y)', max?.day, answer?.maxDay);
    }
  },
};

/** The oracle's yield by day, for every stock, once. */
const yields = new WeakMap<Security, Map<string, number>>();
function yieldsOf(s: Security): Map<string, number> {
  let out = yields.get(s);
  if (!out) {
    out = new Map(yieldSeries(s).map((p) => [p.day, p.pct]));
    yields.set(s, out);
  }
  return out;
}

export const YIELD_CHART_CHECK: Check = {
  name: "dividend yield chart: every weekly point is its week's last trading day's yield",
  run(ctx, d) {
    for (const s of ctx.stored.values()) {
      if (s.kind !== 'stock') continue;
      const ends = weekEnds(s.closes);
      const oracle = yieldsOf(s);
      for (const p of answersOf(ctx, s.ticker).yieldWhole?.points ?? []) {
        // Points the oracle has no yield for are the next check's business.
        if (!oracle.has(p.day)) continue;
        d.check('yield chart day', s.ticker, 'dividend-yield-by-time', ends.get(mondayOf(p.day))?.day, p.day);
        d.check('dividendYieldPct', s.ticker, `dividend-yield-by-time ${p.day}`, oracle.get(p.day), p.yieldPct);
      }
    }
  },
};

export const YIELD_CHART_COVERAGE_CHECK: Check = {
  name: 'dividend yield chart: no point before the dividend history covers 12 months, none missing after',
  run(ctx, d) {
    for (const s of ctx.stored.values()) {
      if (s.kind !== 'stock') continue;
      const ends = weekEnds(s.closes);
      const shown = new Set((answersOf(ctx, s.ticker).yieldWhole?.points ?? []).map((p) => p.day));
      for (const c of ends.values())
        if (coversYear(s, c.day) !== shown.has(c.day))
          d.check('yield point', s.ticker, `dividend-yield-by-time ${c.day}`, coversYear(s, c.day), shown.has(c.day));
    }
  },
};

export const PERCENTILE_CHECK: Check = {
  name: 'yield percentile: band, window start and days (div-perc)',
  run(ctx, d) {
    for (const s of ctx.stored.values()) {
      if (s.kind !== 'stock') continue;
      const answer = answersOf(ctx, s.ticker).percentile;
      const o = yieldPercentile(s, yieldSeries(s));
      for (const q of ['p10', 'p25', 'p50', 'p75', 'p90'] as const)
        d.check(`yield band ${q}`, s.ticker, 'div-perc', o?.band[q] ?? null, answer?.band?.[q] ?? null);
      d.check('yield window start', s.ticker, 'div-perc', o?.windowStart ?? null, answer?.windowStart);
      d.check('yield window days', s.ticker, 'div-perc', o?.days ?? 0, answer?.days);
    }
  },
};

/** The valuation chart's weekly points, each the week's last trading day's ratios from what was filed by then. */
function valuationCheck(
  name: string,
  ratios: readonly ('pe' | 'ps' | 'pb' | 'evEbitda' | 'pfcf' | 'evSales')[],
): Check {
  return {
    name,
    run(ctx, d) {
      for (const s of ctx.stored.values()) {
        if (s.kind !== 'stock') continue;
        const kind = ctx.kinds.get(s.ticker) ?? 'general';
        const st = statementsOf(s);
        const byDay = new Map(s.closes.map((c) => [c.day, c]));
        for (const p of answersOf(ctx, s.ticker).valuationWhole?.points ?? []) {
          const close = byDay.get(p.day);
          const o = close ? valuationOn(st, st.basisOn(p.day), p.day, close.split) : null;
          for (const ratio of ratios)
            if (!meaningless(kind, ratio))
              d.check(ratio, s.ticker, `valuation-ratios ${p.day}`, o?.[ratio] ?? null, p[ratio]);
        }
      }
    },
  };
}

export const VALUATION_CHART_CHECKS: Check[] = [
  valuationCheck('valuation chart: P/S, P/B, EV/EBITDA, P/FCF, EV/Sales on every weekly point', [
    'ps',
    'pb',
    'evEbitda',
    'pfcf',
    'evSales',
  ]),
  valuationCheck('valuation chart: P/E on every weekly point', ['pe']),
];

export const BETA_CHECK: Check = {
  name: 'beta: 5 years of weekly total returns against the equal-weighted universe (key statistics)',
  run(ctx, d) {
    const stocks = [...ctx.stored.values()].filter((s) => s.kind === 'stock');
    // The index of every stock in the database, as the definition's universe (the stock itself among them).
    const index = equalWeightedWeekly(stocks.map((s) => s.closes));
    for (const s of stocks)
      d.check(
        'beta',
        s.ticker,
        'key statistics',
        weeklyBeta(s.closes, index),
        answersOf(ctx, s.ticker).stats.beta?.value,
      );
  },
};
