import type { PerSecurity } from './answers.ts';
import type { Differences } from './compare.ts';
import type { Check, Context } from './context.ts';
import { meaningless } from './figures.ts';

/*
 * Every catalogue figure on every surface it appears on (issue 42), one check per figure so a finding
 * names it: key statistics' `figures`, the screener's rows (OData v1 and v2), the home card, the profile,
 * the peers tables (the company's own row and every table listing it as a peer), the percentile answer,
 * the TTM answer, the markets page's movers and the ends of the charts that show it.
 */
const SCREENER = new Set([
  'price',
  'changePct',
  'change1yPct',
  'marketCap',
  'epsTtm',
  'pe',
  'ps',
  'pb',
  'evEbitda',
  'dividendYieldPct',
  'payoutRatio',
  'dividendCagr5y',
  'dividendGrowthYears',
  'dividendYieldPercentile',
  'revenueGrowth',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'roe',
  'debtToEquity',
  'week52High',
  'week52Low',
  'drawdownPct',
  'restatements3y',
  'largestRestatementPct',
]);
const HOME = new Set(['price', 'changePct', 'change1yPct', 'dividendYieldPct', 'marketCap']);
const PROFILE = new Set(['price', 'changePct', 'marketCap']);
const PEERS = new Set(['price', 'marketCap', 'pe', 'dividendYieldPct', 'payoutRatio', 'netMargin', 'change1yPct']);
/** The TTM answer's names for the catalogue's figures. */
const TTM: Record<string, string> = {
  epsTtm: 'epsBasic',
  payoutRatio: 'payoutRatio',
  netMargin: 'netMargin',
  grossMargin: 'grossMargin',
  operatingMargin: 'operatingMargin',
};
const VALUATION_END = new Set(['pe', 'ps', 'pb', 'evEbitda']);

export const NUMERIC_FIGURES = [
  'price',
  'changePct',
  'change1yPct',
  'marketCap',
  'sharesOutstanding',
  'epsTtm',
  'pe',
  'ps',
  'pb',
  'enterpriseValue',
  'evEbitda',
  'dividendYieldPct',
  'dividendsTtm',
  'payoutRatio',
  'dividendCagr5y',
  'dividendGrowthYears',
  'dividendYieldPercentile',
  'revenueGrowth',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'roe',
  'debtToEquity',
  'week52High',
  'week52Low',
  'drawdownPct',
  'maxDrawdownPct',
  'restatements3y',
  'largestRestatementPct',
] as const;

const get = (row: unknown, key: string): unknown => (row as Record<string, unknown> | undefined)?.[key];

/** Each surface's value of a figure for a security (only the surfaces that show it). */
export function surfacesOf(ctx: Context, ticker: string, figure: string): Record<string, unknown> {
  const a = ctx.answers.bySecurity.get(ticker) as PerSecurity;
  const out: Record<string, unknown> = { 'key statistics': get(a.stats.figures, figure) };
  if (SCREENER.has(figure)) {
    out['screener (odata)'] = get(ctx.answers.odata.get(ticker), figure);
    out['screener (odatav2)'] = get(ctx.answers.odatav2.get(ticker), figure);
  }
  if (HOME.has(figure)) out['home card'] = get(a.card, figure);
  if (PROFILE.has(figure)) out.profile = get(a.profile, figure);
  if (PEERS.has(figure) && a.peers) out['peers (own row)'] = get(a.peers.company, figure);
  if (PEERS.has(figure))
    for (const [other, b] of ctx.answers.bySecurity)
      for (const row of b.peers?.peers ?? []) if (row.ticker === ticker) out[`peers of ${other}`] = get(row, figure);
  const ttmName = TTM[figure];
  if (ttmName && a.ttm?.basis) out['ttm-financial'] = get(a.ttm.values, ttmName);
  if (VALUATION_END.has(figure) && a.valuationWhole)
    out['valuation chart end'] = get(a.valuationWhole.points.at(-1), figure);
  if (figure === 'price') out['price chart end'] = a.priceWhole?.points.at(-1)?.close;
  if (figure === 'dividendYieldPct' && a.percentile) out['div-perc'] = a.percentile.yieldPct;
  if (figure === 'dividendYieldPct' && a.yieldWhole) {
    const end = a.yieldWhole.points.at(-1);
    out['yield chart end'] = end?.day === a.stats.asOf ? end?.yieldPct : null;
  }
  if (figure === 'dividendYieldPercentile' && a.percentile) out['div-perc'] = a.percentile.percentile;
  if (figure === 'week52High') out['key statistics yearRange'] = a.stats.yearRange?.high;
  if (figure === 'week52Low') out['key statistics yearRange'] = a.stats.yearRange?.low;
  if (figure === 'drawdownPct') {
    out['drawdown chart (Max) now'] = a.drawdownMax?.currentPct;
    out['drawdown chart (Max) end'] = a.drawdownMax?.points.at(-1)?.drawdownPct;
  }
  if (figure === 'maxDrawdownPct') out['drawdown chart (Max) deepest'] = a.drawdownMax?.maxPct;
  if (figure === 'changePct' || figure === 'price' || figure === 'marketCap') {
    const home = [...ctx.answers.movers, ...ctx.answers.coins].filter((m) => m.ticker === ticker);
    for (const [i, m] of home.entries()) out[`home market movers/coins #${i + 1}`] = get(m, figure);
  }
  if (figure === 'changePct' || figure === 'price') {
    const movers = ctx.answers.indices.sectors.flatMap((s) => [...s.gainers, ...s.losers]);
    const mover = movers.find((m) => m.ticker === ticker);
    if (mover) out['markets page movers'] = get(mover, figure);
  }
  return out;
}

/** One check per figure: the oracle's value on each surface, where the figure means something. */
export const FIGURE_CHECKS: Check[] = NUMERIC_FIGURES.map((figure) => ({
  name: `${figure} on every surface`,
  run(ctx, d) {
    for (const ticker of ctx.stored.keys()) {
      const kind = ctx.kinds.get(ticker) ?? 'general';
      if (meaningless(kind, figure)) continue;
      const expected = ctx.oracle.get(ticker)?.[figure] ?? null;
      for (const [surface, value] of Object.entries(surfacesOf(ctx, ticker, figure)))
        d.check(figure, ticker, surface, expected, value);
    }
  },
}));

/** The days, bases and template key statistics give with the figures. */
export const LABEL_CHECK: Check = {
  name: 'figures: asOf, fundamentalsAsOf, fundamentalsBasis, template, maxDrawdownDay',
  run(ctx, d) {
    for (const ticker of ctx.stored.keys()) {
      const a = ctx.answers.bySecurity.get(ticker) as PerSecurity;
      const o = ctx.oracle.get(ticker) ?? {};
      const f = a.stats.figures;
      d.check('asOf', ticker, 'key statistics', o.asOf, f.asOf);
      d.check('asOf', ticker, 'screener (odata)', o.asOf, ctx.answers.odata.get(ticker)?.asOf);
      d.check('maxDrawdownDay', ticker, 'key statistics', o.maxDrawdownDay, f.maxDrawdownDay);
      d.check('maxDrawdownDay', ticker, 'drawdown chart (Max)', o.maxDrawdownDay, a.drawdownMax?.maxDay);
      d.check('template', ticker, 'key statistics', o.template === 'coin' ? null : o.template, f.template);
      if (ctx.kinds.get(ticker) === 'coin') continue;
      d.check('fundamentalsAsOf', ticker, 'key statistics', o.fundamentalsAsOf, f.fundamentalsAsOf);
      d.check('fundamentalsBasis', ticker, 'key statistics', o.fundamentalsBasis, f.fundamentalsBasis);
    }
  },
};

/**
 * Figures that mean nothing for a kind are null on every surface: one check per kind, and one for the
 * TTM answer (the Financials tab), so a finding on one does not hide the others.
 */
export const NOT_MEANINGFUL_CHECKS: Check[] = [
  ...(['bank', 'insurer', 'reit', 'coin'] as const).map((kind) => ({
    name: `not meaningful figures are null on every surface: ${kind}`,
    run(ctx: Context, d: Differences) {
      for (const [ticker, k] of ctx.kinds) {
        if (k !== kind) continue;
        for (const figure of NUMERIC_FIGURES) {
          if (!meaningless(kind, figure)) continue;
          // The valuation chart and the TTM answer have checks of their own.
          for (const [surface, value] of Object.entries(surfacesOf(ctx, ticker, figure)))
            if (surface !== 'valuation chart end' && surface !== 'ttm-financial')
              d.check(figure, ticker, surface, null, value);
        }
      }
    },
  })),
  {
    name: 'not meaningful figures are null in the TTM answer (bank, insurer, REIT)',
    run(ctx, d) {
      for (const [ticker, kind] of ctx.kinds)
        for (const figure of NUMERIC_FIGURES)
          if (kind !== 'coin' && meaningless(kind, figure) && figure in TTM)
            d.check(figure, ticker, 'ttm-financial', null, surfacesOf(ctx, ticker, figure)['ttm-financial']);
    },
  },
];

/** The valuation chart's ratios a kind leaves out: null on every point (a bank's and an insurer's apart). */
export const NOT_MEANINGFUL_CHART_CHECKS: Check[] = (['bank', 'insurer'] as const).map((only) => ({
  name: `valuation chart: ratios that mean nothing for ${only === 'bank' ? 'a bank' : 'an insurer'} are null on every point`,
  run(ctx: Context, d: Differences) {
    for (const ticker of ctx.stored.keys()) {
      const kind = ctx.kinds.get(ticker) ?? 'general';
      if (kind !== only) continue;
      const a = ctx.answers.bySecurity.get(ticker) as PerSecurity;
      for (const ratio of ['evEbitda', 'evSales', 'pfcf'] as const) {
        if (!meaningless(kind, ratio)) continue;
        const shown = (a.valuationWhole?.points ?? []).find((p) => p[ratio] !== null);
        if (shown) d.check(ratio, ticker, `valuation chart ${shown.day}`, null, shown[ratio]);
      }
    }
  },
}));
