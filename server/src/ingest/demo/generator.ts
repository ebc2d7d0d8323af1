import { addDays, dayNumber, isoDayOf } from '../../finance/types.ts';
import type { DividendRecord, PriceBar, SecurityBundle, SplitRecord } from '../types.ts';
import { exDividendDayOfMonth, payMonths } from './calendar.ts';
import { demoCoinSupply } from './coin-supply.ts';
import { isWeekdayNumber } from './days.ts';
import { demoRestatements } from './kind-statements.ts';
import { completeStatements, type DemoQuarter, statementFacts } from './statements.ts';
import type { DemoCoin, DemoCompany } from './universe.ts';

/*
 * A deterministic generator of plausible histories. Each company's fundamentals are generated first,
 * quarter by quarter from a fixed epoch; the daily price is then TTM revenue per share x a slowly
 * wandering price/sales multiple, so P/E, P/S and yields stay in plausible ranges and move with the
 * business. A given ticker and calendar day always get the same numbers, whatever the end date.
 */

const EPOCH_YEAR = 2000;
export const HISTORY_YEARS = 20;

/** mulberry32: small, fast, good enough for synthetic data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** The last weekday before today (UTC): the default end of demo histories. */
export function defaultEndDay(now = new Date()): string {
  let day = addDays(now.toISOString().slice(0, 10), -1);
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

const r4 = (v: number) => Math.round(v * 10_000) / 10_000;
const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'];

/** A quarter's core figures; statements.ts completes its line items. */
type Quarter = DemoQuarter;

interface ProfileParams {
  growth: number;
  netMargin: number;
  psBase: number;
  vol: number;
  payout: number;
}

function params(company: DemoCompany, random: () => number): ProfileParams {
  const j = (a: number, b: number) => a + (b - a) * random();
  switch (company.profile) {
    case 'growth':
      return { growth: j(0.15, 0.3), netMargin: j(0.05, 0.15), psBase: j(4, 8), vol: 0.022, payout: 0.2 };
    case 'cyclical':
      return { growth: j(0.02, 0.05), netMargin: j(0.06, 0.12), psBase: j(0.8, 1.6), vol: 0.018, payout: 0.4 };
    case 'loss':
      return { growth: j(0.05, 0.12), netMargin: j(0.02, 0.08), psBase: j(1.5, 3), vol: 0.024, payout: 0.35 };
    case 'buyback':
      return { growth: j(0.03, 0.06), netMargin: j(0.15, 0.22), psBase: j(3, 5), vol: 0.013, payout: 0.5 };
    default:
      return { growth: j(0.03, 0.07), netMargin: j(0.08, 0.16), psBase: j(1.6, 3), vol: 0.012, payout: 0.55 };
  }
}

/** Quarterly fundamentals from the epoch to the end day (current share terms, before split restatement). */
function quarters(company: DemoCompany, p: ProfileParams, endDay: string, random: () => number): Quarter[] {
  const out: Quarter[] = [];
  const endYear = Number(endDay.slice(0, 4));
  let revenue = 2e8 + random() * 3e9;
  let shares = 5e7 + random() * 4e8;
  const lossYears = new Set(company.profile === 'loss' ? [2008, 2009, 2015, 2020].filter(() => random() < 0.85) : []);
  if (company.profile === 'cyclical' && random() < 0.6) lossYears.add(2009);
  let assets = revenue * 4 * (1 + random());
  const liabilityRatio = company.profile === 'buyback' && company.ticker === 'ZBEV' ? 1.15 : 0.45 + random() * 0.2;
  for (let year = EPOCH_YEAR; year <= endYear; year++) {
    for (let q = 1 as 1 | 2 | 3 | 4; q <= 4; q = (q + 1) as 1 | 2 | 3 | 4) {
      const end = `${year}-${QUARTER_ENDS[q - 1]}`;
      if (end > endDay) return out;
      const start = q === 1 ? `${year}-01-01` : addDays(`${year}-${QUARTER_ENDS[q - 2]}`, 1);
      const cycle = company.profile === 'cyclical' ? 1 + 0.15 * Math.sin((year - EPOCH_YEAR + q / 4) * 0.9) : 1;
      // Fast growers slow down as they get big: the growth rate decays towards a mature 4% a year.
      const yearGrowth = p.growth > 0.1 ? 0.04 + (p.growth - 0.04) * 0.93 ** (year - EPOCH_YEAR) : p.growth;
      revenue *= (1 + yearGrowth) ** 0.25 * (1 + 0.03 * gaussian(random));
      const rev = revenue * cycle;
      const loss = lossYears.has(year);
      const margin = loss ? -0.04 - 0.08 * random() : p.netMargin * (0.85 + 0.3 * random());
      const grossMargin = 0.3 + 0.3 * (p.psBase / 8) + 0.05 * random();
      const da = rev * 0.04;
      const interest = assets * 0.004;
      const pretax = rev * margin * 1.27;
      const tax = pretax > 0 ? pretax * 0.21 : 0;
      const netIncome = pretax - tax;
      const operatingIncome = pretax + interest;
      const grossProfit = rev * grossMargin;
      shares *= company.profile === 'buyback' ? 0.99 : company.profile === 'growth' ? 1.006 : 0.998;
      assets = Math.max(assets * (1 + yearGrowth / 4) + netIncome * 0.2, rev);
      const liabilities = assets * liabilityRatio;
      const debt = liabilities * 0.5;
      const cash = assets * (0.08 + 0.04 * random());
      const ocf = netIncome + da + rev * 0.02 * gaussian(random);
      out.push({
        year,
        q,
        start,
        end,
        revenue: rev,
        netIncome,
        shares,
        values: {
          revenue: rev,
          cost_of_revenue: rev - grossProfit,
          gross_profit: grossProfit,
          operating_expenses: grossProfit - operatingIncome,
          operating_income: operatingIncome,
          interest_expense: interest,
          pretax_income: pretax,
          income_tax: tax,
          net_income: netIncome,
          depreciation_amortization: da,
          operating_cash_flow: ocf,
          capital_expenditure: rev * 0.05,
          buybacks: company.profile === 'buyback' ? shares * 0.01 * (revenue / shares) * p.psBase : 0,
          debt_repaid: debt * 0.02,
          debt_issued: debt * 0.025,
          acquisitions: random() < 0.05 ? rev * 0.5 : 0,
          total_assets: assets,
          current_assets: assets * 0.35,
          total_liabilities: liabilities,
          current_liabilities: assets * 0.2,
          equity: assets - liabilities,
          cash,
          total_debt: debt,
        },
      });
    }
  }
  return out;
}

/** Scale the share count so the latest price lands between 20 and 300 (a split keeps earlier prices sane). */
function scaleShares(qs: Quarter[], p: ProfileParams, random: () => number): void {
  const last4 = qs.slice(-4);
  const lastQ = last4.at(-1);
  if (!lastQ) return;
  const price = (last4.reduce((s, q) => s + q.revenue, 0) / lastQ.shares) * p.psBase;
  const k = price / (20 + 280 * random());
  for (const q of qs) q.shares *= k;
}

/** Annual DPS per year: a payout of the first profitable year, then raised most years, held in loss years. */
function dividendPlan(
  company: DemoCompany,
  qs: Quarter[],
  p: ProfileParams,
  random: () => number,
): Map<number, number> {
  const plan = new Map<number, number>();
  if (company.dividends === 'none') return plan;
  let dps = 0;
  const years = [...new Set(qs.map((q) => q.year))];
  for (const year of years) {
    const inYear = qs.filter((q) => q.year === year - 1);
    const eps = inYear.reduce((s, q) => s + q.netIncome / q.shares, 0);
    if (dps === 0) dps = eps > 0 ? eps * p.payout : 0;
    else if (eps > 0 && random() < 0.93)
      dps = Math.min(dps * (1.02 + 0.08 * random()), eps * 0.9 > dps ? eps * 0.9 : dps * 1.02);
    if (dps > 0) plan.set(year, dps);
  }
  return plan;
}

export function generateCompany(company: DemoCompany, endDay: string): SecurityBundle {
  const random = rng(seedOf(company.ticker));
  const p = params(company, random);
  const qs = quarters(company, p, endDay, random);
  scaleShares(qs, p, random);
  const startDay = addDays(endDay, -Math.round((company.historyYears ?? HISTORY_YEARS) * 365.25));
  const plan = dividendPlan(company, qs, p, random);
  const split =
    company.split && `${company.split.year}-06-1${company.split.year % 7}` <= endDay ? company.split : undefined;
  const splitDay = split ? nextWeekday(`${split.year}-06-1${split.year % 7}`) : null;
  // Before the split the company had fewer, pricier shares: restate into the terms of each day.
  const ratioOn = (day: string) => (split && splitDay && day < splitDay ? split.ratio : 1);

  // TTM revenue per share at each quarter end, known 40 days later (when it was filed).
  const anchors: { day: number; rps: number }[] = [];
  for (let i = 3; i < qs.length; i++) {
    const last4 = qs.slice(i - 3, i + 1);
    const q = qs[i] as Quarter;
    anchors.push({ day: dayNumber(q.end) + 40, rps: last4.reduce((s, x) => s + x.revenue, 0) / q.shares });
  }
  const prices: PriceBar[] = [];
  let logMultiple = 0;
  let a = 0;
  const first = anchors[0];
  // Days as numbers, printed only for the days kept: the same days and draws as comparing ISO strings.
  const endNumber = dayNumber(endDay);
  const startNumber = dayNumber(startDay);
  const splitNumber = split && splitDay ? dayNumber(splitDay) : null;
  const lastShares = qs.at(-1)?.shares ?? 1e8;
  for (let day = first ? first.day : startNumber; day <= endNumber; day++) {
    if (!isWeekdayNumber(day)) continue;
    while (a + 1 < anchors.length && (anchors[a + 1] as { day: number }).day <= day) a++;
    const lo = anchors[a];
    const hi = anchors[a + 1];
    if (!lo) break;
    const rps = hi ? lo.rps + ((hi.rps - lo.rps) * (day - lo.day)) / (hi.day - lo.day) : lo.rps;
    // Mean-reverting multiple (Ornstein-Uhlenbeck in logs) plus the market's daily noise.
    logMultiple += -0.004 * logMultiple + p.vol * gaussian(random);
    if (day < startNumber) continue;
    const ratio = split && splitNumber !== null && day < splitNumber ? split.ratio : 1;
    const close = rps * p.psBase * Math.exp(logMultiple) * ratio;
    const spread = Math.abs(gaussian(random)) * p.vol * close;
    const open = close * (1 + 0.4 * p.vol * gaussian(random));
    prices.push({
      day: isoDayOf(day),
      open: r4(open),
      high: r4(Math.max(open, close) + spread / 2),
      low: r4(Math.max(Math.min(open, close) - spread / 2, close * 0.5)),
      close: r4(close),
      volume: Math.round((lastShares * 0.004 * (0.5 + random())) / ratio),
    });
  }

  const dividends: DividendRecord[] = [];
  if (company.dividends !== 'none') {
    // Each company's own months and day (calendar.ts), not every payer on the 10th of the same months.
    const months = payMonths(company.ticker, company.dividends);
    const dayOfMonth = String(exDividendDayOfMonth(company.ticker)).padStart(2, '0');
    for (const [year, dps] of plan) {
      for (const m of months) {
        const exDate = nextWeekday(`${year}-${String(m).padStart(2, '0')}-${dayOfMonth}`);
        if (exDate < startDay || exDate > endDay) continue;
        dividends.push({
          exDate,
          amount: r4((dps / months.length) * ratioOn(exDate)),
          recordDate: recordDateOf(exDate),
          payDate: addDays(exDate, 14),
          currency: 'USD',
        });
      }
    }
  }

  // Every line item of the statements, consistent with each other, from the quarters' core figures.
  completeStatements(qs, plan, company);
  const facts = statementFacts(qs, plan, startDay, ratioOn, company.ticker);
  demoRestatements(facts, company.ticker);
  const splits: SplitRecord[] =
    split && splitDay && splitDay >= startDay ? [{ day: splitDay, numerator: split.ratio, denominator: 1 }] : [];
  return {
    profile: {
      ticker: company.ticker,
      kind: 'stock',
      name: company.name,
      exchange: company.exchange ?? 'Demo Exchange',
      sector: company.sector,
      industry: company.industry,
      country: company.country ?? 'US',
      currency: 'USD',
      description: company.description,
      sicCode: company.sic,
      sicDescription: company.industry,
      fiscalYearEnd: '1231',
    },
    prices,
    dividends,
    splits,
    facts,
    rejections: [],
  };
}

/**
 * US settlement: the record day was the business day after the ex-day while trades settled in two days
 * (T+2), and is the ex-day itself since T+1 (28 May 2024).
 */
export function recordDateOf(exDate: string): string {
  return exDate >= '2024-05-28' ? exDate : nextWeekday(addDays(exDate, 1));
}

function nextWeekday(day: string): string {
  let d = dayNumber(day);
  while (!isWeekdayNumber(d)) d++;
  return isoDayOf(d);
}

export function generateCoin(coin: DemoCoin, endDay: string): SecurityBundle {
  const random = rng(seedOf(coin.ticker));
  const startDay = addDays(endDay, -Math.round(HISTORY_YEARS * 365.25));
  const launch = `${coin.launchYear}-03-01`;
  const prices: PriceBar[] = [];
  let price = coin.startPrice;
  const vol = coin.ticker === 'ZSTB' ? 0.01 : 0.045;
  const launchNumber = dayNumber(launch);
  const startNumber = dayNumber(startDay);
  const endNumber = dayNumber(endDay);
  // Crypto trades every day; a day is a UTC day.
  for (let day = launchNumber; day <= endNumber; day++) {
    const regime = Math.sin(day / 400) * 0.0025;
    const open = price;
    price = Math.max(price * Math.exp(regime + 0.0012 + vol * gaussian(random)), 1e-6);
    if (day < startNumber) continue;
    const spread = Math.abs(gaussian(random)) * vol * price;
    prices.push({
      day: isoDayOf(day),
      open: Number(open.toPrecision(8)),
      high: Number((Math.max(open, price) + spread / 2).toPrecision(8)),
      low: Number(Math.max(Math.min(open, price) - spread / 2, price * 0.5).toPrecision(8)),
      close: Number(price.toPrecision(8)),
      volume: Math.round(1e6 * (1 + random()) * (1 + day - launchNumber) ** 0.5),
    });
  }
  return {
    profile: {
      ticker: coin.ticker,
      kind: 'crypto',
      name: coin.name,
      currency: 'USD',
      exchange: 'Demo Crypto',
      description: coin.description,
      launchedOn: launch,
    },
    prices,
    supply: demoCoinSupply(coin, launch, prices, rng(seedOf(`${coin.ticker}:supply`))),
    rejections: [],
  };
}
