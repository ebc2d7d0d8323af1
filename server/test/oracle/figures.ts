import { monthsEarlier } from './days.ts';
import { dividendCagr5y, dividendGrowthYears, dividendsTtm, yieldPercentile, yieldSeries } from './dividends.ts';
import { allTimeHigh, change1y, dayChange, drawdownFigures, week52 } from './prices.ts';
import { type Basis, type Statements, statementsOf } from './statements.ts';
import type { Security } from './stored.ts';

/*
 * The metric catalogue's figures of one security on its last trading day, recomputed from the stored rows
 * by finance-definitions.md (issue 42). Where the catalogue and the definitions differ, the definitions win
 * (P/E on diluted EPS): the oracle says what the product must show.
 */
export type Kind = 'general' | 'bank' | 'insurer' | 'reit' | 'coin';

/** SEC's SIC codes of commercial banks and savings institutions, insurance carriers, and REITs. */
const BANK_SIC = ['6021', '6022', '6029', '6035', '6036'];
const INSURER_SIC = ['6311', '6321', '6331', '6351', '6361', '6399', '6411'];

export function kindOf(s: Security): Kind {
  if (s.kind === 'crypto') return 'coin';
  if (s.sic && BANK_SIC.includes(s.sic)) return 'bank';
  if (s.sic && INSURER_SIC.includes(s.sic)) return 'insurer';
  if (s.sic === '6798') return 'reit';
  return 'general';
}

/**
 * Figures that mean nothing for a kind (docs/api.md, issue 32): a bank's interest and debt are its
 * business (no gross or operating margin, enterprise value or EBITDA); an insurer has no gross profit or
 * EBITDA; a REIT no gross profit. A coin has prices only.
 */
const NOT_MEANINGFUL: Record<Exclude<Kind, 'coin'>, readonly string[]> = {
  general: [],
  bank: ['grossMargin', 'operatingMargin', 'enterpriseValue', 'evEbitda', 'evSales', 'pfcf'],
  insurer: ['grossMargin', 'evEbitda'],
  reit: ['grossMargin'],
};
export const COIN_MEANINGFUL = new Set([
  'price',
  'changePct',
  'change1yPct',
  'marketCap',
  'week52High',
  'week52Low',
  'drawdownPct',
  'maxDrawdownPct',
]);

export function meaningless(kind: Kind, figure: string): boolean {
  return kind === 'coin' ? !COIN_MEANINGFUL.has(figure) : NOT_MEANINGFUL[kind].includes(figure);
}

const ratioOrNull = (a: number | null, b: number | null, positive = true) =>
  a === null || b === null || (positive ? b <= 0 : b === 0) ? null : a / b;

/**
 * Valuation on a day at its (split-adjusted) close: flows over the TTM basis known that day, balance items
 * (shares, equity, debt, cash) their latest value known that day ("latest reported at d").
 */
export function valuationOn(st: Statements, basis: Basis | null, day: string, close: number) {
  const flow = (item: string) => (basis ? st.flow(basis, item) : null);
  const shares = st.latest('shares_outstanding', day) ?? st.latest('shares_basic', day);
  const marketCap = shares === null ? null : close * shares;
  const debt = st.latest('total_debt', day);
  const cash = st.latest('cash', day);
  const enterpriseValue = marketCap === null || debt === null || cash === null ? null : marketCap + debt - cash;
  const revenue = flow('revenue');
  const operating = flow('operating_income');
  const da = flow('depreciation_amortization');
  const ebitda = operating === null || da === null ? null : operating + da;
  const ocf = flow('operating_cash_flow');
  const capex = flow('capital_expenditure');
  const fcf = ocf === null || capex === null ? null : ocf - capex;
  // Definitions: P/E on diluted EPS, basic where no diluted EPS is filed.
  const epsDiluted = flow('eps_diluted') ?? flow('eps_basic');
  return {
    shares,
    marketCap,
    enterpriseValue,
    pe: ratioOrNull(close, epsDiluted),
    ps: ratioOrNull(marketCap, revenue),
    pb: ratioOrNull(marketCap, st.latest('equity', day)),
    evEbitda: ratioOrNull(enterpriseValue, ebitda),
    pfcf: ratioOrNull(marketCap, fcf),
    evSales: ratioOrNull(enterpriseValue, revenue),
  };
}

export type Figures = Record<string, number | string | null>;

export function snapshotOf(s: Security): Figures {
  const last = s.closes.at(-1);
  if (!last) return {};
  const day = last.day;
  const w52 = week52(s.closes);
  const dd = drawdownFigures(s.closes);
  const prices: Figures = {
    asOf: day,
    price: last.close,
    changePct: dayChange(s.closes),
    change1yPct: change1y(s.closes),
    week52High: w52?.high ?? null,
    week52Low: w52?.low ?? null,
    drawdownPct: dd?.now ?? null,
    maxDrawdownPct: dd?.max ?? null,
    maxDrawdownDay: dd?.maxDay ?? null,
  };
  if (s.kind === 'crypto') {
    const supply = [...s.supply].reverse().find((x) => x.day <= day);
    return { ...prices, marketCap: supply ? last.close * supply.circulating : null, template: null };
  }
  const st = statementsOf(s);
  const basis = st.basisOn(day);
  const series = yieldSeries(s);
  const percentile = yieldPercentile(s, series);
  const covered = series.at(-1)?.day === day;
  const restated = restatements(s, day);
  const ttmDividends = covered ? dividendsTtm(s, day) : null;
  const out: Figures = {
    ...prices,
    template: kindOf(s),
    dividendsTtm: ttmDividends,
    dividendYieldPct: covered ? (series.at(-1)?.pct ?? null) : null,
    dividendYieldPercentile: percentile?.percentile ?? null,
    dividendCagr5y: dividendCagr5y(s, day),
    dividendGrowthYears: dividendGrowthYears(s, day),
    ...fundamentals(st, basis, last.split, day),
    restatements3y: restated?.count ?? null,
    largestRestatementPct: restated?.largestPct ?? null,
  };
  for (const name of Object.keys(out)) if (meaningless(kindOf(s), name)) out[name] = null;
  return out;
}

function fundamentals(st: Statements, basis: Basis | null, close: number, day: string): Figures {
  if (!basis)
    return Object.fromEntries(
      [
        'fundamentalsAsOf',
        'fundamentalsBasis',
        'sharesOutstanding',
        'marketCap',
        'epsTtm',
        'pe',
        'ps',
        'pb',
        'enterpriseValue',
        'evEbitda',
        'payoutRatio',
        'revenueGrowth',
        'grossMargin',
        'operatingMargin',
        'netMargin',
        'roe',
        'debtToEquity',
      ].map((k) => [k, null]),
    );
  const v = valuationOn(st, basis, day, close);
  const revenue = st.flow(basis, 'revenue');
  const eps = st.flow(basis, 'eps_basic');
  const netIncome = st.flow(basis, 'net_income');
  const equity = st.latest('equity', day);
  const end = basis.ends.at(-1) as string;
  // ROE on the mean of equity now and a year before (the period end twelve months earlier).
  const equityBefore = st.stockAt(monthsEarlier(end, 12), 'equity');
  const fy = st.annual('revenue', day);
  const [prevYear, lastYear] = fy.slice(-2);
  const margin = (item: string) => ratioOrNull(st.flow(basis, item), revenue);
  return {
    fundamentalsAsOf: end,
    fundamentalsBasis: basis.basis,
    sharesOutstanding: v.shares,
    marketCap: v.marketCap,
    epsTtm: eps,
    pe: v.pe,
    ps: v.ps,
    pb: v.pb,
    enterpriseValue: v.enterpriseValue,
    evEbitda: v.evEbitda,
    payoutRatio: ratioOrNull(st.flow(basis, 'dividends_per_share'), eps),
    revenueGrowth:
      lastYear && prevYear && prevYear.end === monthsEarlier(lastYear.end, 12) && prevYear.value !== 0
        ? lastYear.value / prevYear.value - 1
        : null,
    grossMargin: margin('gross_profit'),
    operatingMargin: margin('operating_income'),
    netMargin: margin('net_income'),
    // A return on negative average equity means nothing (the definitions are silent; P/B's rule applied).
    roe: equity === null || equityBefore === null ? null : ratioOrNull(netIncome, (equity + equityBefore) / 2),
    debtToEquity: ratioOrNull(st.latest('total_debt', day), equity),
  };
}

/** All-time high and its distance, the 52-week range as key statistics frame them. */
export function statisticsExtras(s: Security) {
  const last = s.closes.at(-1);
  const ath = allTimeHigh(s.closes);
  const lastDividend = [...s.dividends].reverse().find((d) => last && d.exDate <= last.day);
  return {
    allTimeHigh: ath,
    fromAllTimeHighPct: ath && last ? (last.split / ath.close - 1) * 100 : null,
    lastDividend: lastDividend ? { exDate: lastDividend.exDate, amount: lastDividend.amount } : null,
  };
}

/** Restatements of the 3 years up to the day: filed values a later filing changed, each once. */
export function restatements(s: Security, day: string): { count: number; largestPct: number | null } | null {
  if (s.kind !== 'stock' || s.facts.length === 0) return null;
  const from = monthsEarlier(day, 36);
  const seen = new Map<string, number | null>();
  for (const f of s.facts) {
    if (f.firstValue === null || f.derived || f.filed === null || f.filed <= from || f.filed > day) continue;
    const change = f.firstValue === 0 ? null : Math.abs(f.value / f.firstValue - 1) * 100;
    seen.set(`${f.item}|${f.start}|${f.end}`, change);
  }
  const changes = [...seen.values()].filter((c): c is number => c !== null);
  return { count: seen.size, largestPct: changes.length ? Math.max(...changes) : null };
}
