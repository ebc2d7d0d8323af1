import { selectLatestCoinSupply } from '../db/coin-supply.ts';
import type { Db } from '../db/index.ts';
import type { Schema } from '../db/schema.ts';
import { type IndicatorColumns, screenerRow } from '../derived/screener-rows.ts';
import { splitFactorAfter } from '../finance/adjust.ts';
import {
  dividendCagr,
  dividendGrowthStreak,
  dividendYieldPct,
  dividendYieldSeries,
  dpsByYear,
  lastFullYear,
  payoutRatio,
  ttmDividends,
  yieldPercentile,
} from '../finance/dividends.ts';
import { drawdownSummary, week52Range } from '../finance/drawdown.ts';
import { growth, latestValue, ttmSum } from '../finance/periods.ts';
import { debtToEquity, margins, returnOnEquity } from '../finance/statements.ts';
import { addDays, type PeriodValue, type SplitPoint } from '../finance/types.ts';
import {
  ebitda,
  enterpriseValue,
  evToEbitda,
  marketCap,
  priceToBook,
  priceToEarnings,
  priceToSales,
} from '../finance/valuation.ts';
import { coinValuation } from '../market-stats/coin-supply.ts';

/*
 * The screener table (indicators): one wide row per security, recomputed after every load for the
 * securities it touched, from the stored series and the finance functions. Values are what the
 * finance definitions say, at the last trading day; TTM falls back to the last fiscal year when the
 * quarters are incomplete.
 */

const FACT_ITEMS = [
  'revenue',
  'gross_profit',
  'operating_income',
  'net_income',
  'eps_basic',
  'equity',
  'total_debt',
  'cash',
  'depreciation_amortization',
  'shares_outstanding',
  'shares_basic',
];

type Facts = Map<string, { annual: PeriodValue[]; quarterly: PeriodValue[] }>;

function factsByItem(
  rows: Pick<Schema['financial_facts'], 'line_item' | 'period' | 'period_end' | 'value' | 'filed'>[],
): Facts {
  const out: Facts = new Map();
  for (const r of rows) {
    let entry = out.get(r.line_item);
    if (!entry) {
      entry = { annual: [], quarterly: [] };
      out.set(r.line_item, entry);
    }
    entry[r.period].push({ periodEnd: r.period_end, value: r.value, filed: r.filed });
  }
  return out;
}

/** Per-share values filed before a later split, restated in today's share terms. */
const perShareNow = (values: PeriodValue[], splits: SplitPoint[]) =>
  values.map((v) => ({ ...v, value: v.value * splitFactorAfter(splits, v.periodEnd) }));
const sharesNow = (values: PeriodValue[], splits: SplitPoint[]) =>
  values.map((v) => ({ ...v, value: v.value / splitFactorAfter(splits, v.periodEnd) }));

function sortedByEnd(values: PeriodValue[]): PeriodValue[] {
  return [...values].sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : 1));
}

export async function recomputeIndicators(db: Db, securityIds: readonly number[]): Promise<number> {
  let written = 0;
  for (const id of securityIds) {
    const security = await db.selectFrom('securities').selectAll().where('id', '=', id).executeTakeFirst();
    if (!security) continue;
    const last = await db
      .selectFrom('daily_prices')
      .select('day')
      .where('security_id', '=', id)
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    // Ten years for the yield percentile plus one for the first TTM window.
    const from = last ? addDays(last.day, -Math.round(11 * 365.25)) : '0001-01-01'; // no prices: any valid day (PostgreSQL refuses year 0)
    const [prices, dividends, splitRows, factRows, statement] = await Promise.all([
      db
        .selectFrom('daily_prices')
        .select(['day', 'close', 'close_split_adj', 'close_adj'])
        .where('security_id', '=', id)
        .where('day', '>=', from)
        .orderBy('day')
        .execute(),
      db
        .selectFrom('dividends')
        .select(['ex_date', 'amount_split_adj'])
        .where('security_id', '=', id)
        .orderBy('ex_date')
        .execute(),
      db.selectFrom('splits').select(['day', 'numerator', 'denominator']).where('security_id', '=', id).execute(),
      db
        .selectFrom('financial_facts')
        .select(['line_item', 'period', 'period_end', 'value', 'filed'])
        .where('security_id', '=', id)
        .where('line_item', 'in', FACT_ITEMS)
        .execute(),
      db.selectFrom('fact_statements').select('currency').where('security_id', '=', id).executeTakeFirst(),
    ]);
    const splits: SplitPoint[] = splitRows;
    const facts = factsByItem(factRows);
    const lastPrice = prices[prices.length - 1];
    const previous = prices[prices.length - 2];
    const at = lastPrice?.day ?? new Date().toISOString().slice(0, 10);

    const item = (name: string) => facts.get(name) ?? { annual: [], quarterly: [] };
    // TTM of a flow, else the last fiscal year known at the day.
    const ttmOrFy = (name: string, adjust?: (v: PeriodValue[]) => PeriodValue[]) => {
      const { annual, quarterly } = item(name);
      const q = adjust ? adjust(quarterly) : quarterly;
      const a = adjust ? adjust(annual) : annual;
      return ttmSum(q, at) ?? latestValue(a, at);
    };
    const latest = (name: string) => {
      const { annual, quarterly } = item(name);
      return latestValue(sortedByEnd([...annual, ...quarterly]), at);
    };

    const close = lastPrice?.close ?? null;
    const closeAdjNow = lastPrice?.close_split_adj ?? null;
    const shares =
      latestValue(
        sharesNow([...item('shares_outstanding').quarterly, ...item('shares_outstanding').annual], splits),
        at,
      ) ?? latestValue(sharesNow(item('shares_basic').quarterly, splits), at);
    // A coin has no shares: its market cap is the close x its circulating supply (issue 22).
    const cap =
      security.kind === 'crypto'
        ? coinValuation(close, await selectLatestCoinSupply(db, id)).marketCap
        : marketCap(close, shares);
    const revenue = ttmOrFy('revenue');
    const netIncome = ttmOrFy('net_income');
    const eps = ttmOrFy('eps_basic', (v) => perShareNow(v, splits));
    const equity = latest('equity');
    const debt = latest('total_debt');
    const divPoints = dividends.map((d) => ({ exDate: d.ex_date, amount: d.amount_split_adj }));
    const ttmDps = ttmDividends(divPoints, at);
    const years = dpsByYear(divPoints);
    const annualRevenue = sortedByEnd(item('revenue').annual);
    const m = margins(revenue, ttmOrFy('gross_profit'), ttmOrFy('operating_income'), netIncome);
    const equityYearAgo = latestValue(
      sortedByEnd([...item('equity').annual, ...item('equity').quarterly]),
      addDays(at, -365),
    );
    const yieldSeries = dividendYieldSeries(
      prices.map((p) => ({ day: p.day, close: p.close_split_adj })),
      divPoints,
    );
    const range = week52Range(prices.map((p) => ({ day: p.day, close: p.close_split_adj })));
    const drawdown = drawdownSummary(prices.map((p) => ({ day: p.day, close: p.close_adj })));
    const hasFundamentals = security.kind === 'stock' && factRows.length > 0;
    // Statements in another currency than the price (a 20-F filer reporting in EUR, traded in USD): a
    // ratio of the price to them would mix units, so there is none (no exchange rates here).
    const sameCurrency = !statement?.currency || statement.currency === security.currency;
    const priced = <T>(value: T | null): T | null => (sameCurrency ? value : null);

    const columns: IndicatorColumns = {
      security_id: id,
      ticker: security.ticker,
      name: security.name,
      kind: security.kind,
      exchange: security.exchange,
      sector: security.sector,
      industry: security.industry,
      country: security.country,
      currency: security.currency,
      price: close,
      change_pct: previous && closeAdjNow != null ? (closeAdjNow / previous.close_split_adj - 1) * 100 : null,
      market_cap: cap,
      pe: priced(priceToEarnings(closeAdjNow, eps)),
      ps: priced(priceToSales(cap, revenue)),
      pb: priced(priceToBook(cap, equity)),
      ev_ebitda: priced(
        evToEbitda(
          enterpriseValue(cap, debt, latest('cash')),
          ebitda(ttmOrFy('operating_income'), ttmOrFy('depreciation_amortization')),
        ),
      ),
      dividend_yield_pct:
        security.kind === 'stock' && closeAdjNow != null ? dividendYieldPct(ttmDps, closeAdjNow) : null,
      payout_ratio: hasFundamentals ? priced(payoutRatio(ttmDps, eps)) : null,
      dividend_cagr_5y: dividendCagr(years, lastFullYear(at)),
      dividend_growth_years: security.kind === 'stock' ? dividendGrowthStreak(years, lastFullYear(at)) : null,
      dividend_yield_percentile: yieldPercentile(yieldSeries)?.percentile ?? null,
      revenue_growth: growth(annualRevenue.at(-1)?.value ?? null, annualRevenue.at(-2)?.value ?? null),
      gross_margin: m.gross,
      operating_margin: m.operating,
      net_margin: m.net,
      roe: returnOnEquity(netIncome, equityYearAgo, equity),
      debt_to_equity: hasFundamentals ? debtToEquity(debt, equity) : null,
      week52_high: range?.high ?? null,
      week52_low: range?.low ?? null,
      drawdown_pct: drawdown?.currentPct ?? null,
      is_green_energy: security.is_green_energy,
      is_green_transport: security.is_green_transport,
      is_green_water: security.is_green_water,
      is_green_waste: security.is_green_waste,
      as_of: lastPrice?.day ?? null,
      updated_at: new Date().toISOString(),
    };
    const row = screenerRow(columns);
    const { security_id: _id, ...update } = row;
    await db
      .insertInto('indicators')
      .values(row)
      .onConflict((oc) => oc.column('security_id').doUpdateSet(update))
      .execute();
    written++;
  }
  return written;
}
