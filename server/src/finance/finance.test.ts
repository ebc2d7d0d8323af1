import { describe, expect, it } from 'vitest';
import {
  adjustCloses,
  capitalAllocation,
  cashPayoutRatio,
  derivedFourthQuarter,
  dividendCagr,
  dividendGrowthStreak,
  dividendYieldSeries,
  dpsByYear,
  drawdownSeries,
  drawdownSummary,
  enterpriseValue,
  evToEbitda,
  evToSales,
  freeCashFlow,
  latestValue,
  margins,
  marketCap,
  payoutRatio,
  priceToBook,
  priceToEarnings,
  priceToFreeCashFlow,
  returnOnEquity,
  returnOnInvestedCapital,
  splitAdjustPerShare,
  ttmDividends,
  ttmSum,
  yieldPercentile,
} from './index.ts';
import { addDays, type DividendPoint, type PricePoint } from './types.ts';

/** A cash flow statement with nothing reported. */
const NO_FLOWS = {
  operatingCashFlow: null,
  dividendsPaid: null,
  buybacks: null,
  capitalExpenditure: null,
  debtRepaid: null,
  debtIssued: null,
  acquisitions: null,
};

/** Weekday closes from a start day, one per step of the price function. */
function dailyPrices(from: string, count: number, price: (i: number) => number): PricePoint[] {
  const out: PricePoint[] = [];
  for (let d = 0, i = 0; i < count; d++) {
    const day = addDays(from, d);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    out.push({ day, close: price(i) });
    i++;
  }
  return out;
}

const quarterlyDividends = (fromYear: number, toYear: number, amount: (year: number) => number) => {
  const out: DividendPoint[] = [];
  for (let y = fromYear; y <= toYear; y++)
    for (const m of ['02', '05', '08', '11']) out.push({ exDate: `${y}-${m}-10`, amount: amount(y) });
  return out;
};

describe('finance scenarios', () => {
  it('payout ratio and P/E in a loss year are null, not infinite or negative', () => {
    expect(payoutRatio(0.5, -1.2)).toBeNull();
    expect(payoutRatio(0.5, 0)).toBeNull();
    expect(payoutRatio(0.5, 2)).toBe(0.25);
    expect(priceToEarnings(50, -1.2)).toBeNull();
    expect(priceToEarnings(50, 2.5)).toBe(20);
    expect(cashPayoutRatio(-100, 80, -100)).toBeNull();
    const m = margins(1000, 300, -50, -80);
    expect(m.operating).toBe(-0.05);
    expect(m.net).toBe(-0.08);
    expect(returnOnEquity(-80, 400, 400)).toBe(-0.2);
  });

  it('a stock with no dividends has no DPS, zero yield, no CAGR and no streak', () => {
    expect(dpsByYear([])).toEqual([]);
    expect(ttmDividends([], '2024-06-30')).toBe(0);
    expect(dividendCagr([], 2023, 2014)).toBeNull();
    expect(dividendGrowthStreak([], 2023, 2014)).toBe(0);
    const prices = dailyPrices('2014-01-01', 2600, () => 100);
    const series = dividendYieldSeries(prices, [], prices[0]?.day);
    // Its 0 % is known from a year after its first close (nothing paid over a whole year), not before.
    expect(series[0]?.day).toBe('2015-01-01');
    expect(series.every((p) => p.yieldPct === 0)).toBe(true);
    expect(yieldPercentile(series)).toBeNull();
  });

  it('a split inside the range is not a drop in adjusted closes, and per-share history stays comparable', () => {
    const raw = [
      { day: '2020-08-27', close: 500 },
      { day: '2020-08-28', close: 499.23 },
      { day: '2020-08-31', close: 129.04 },
      { day: '2020-09-01', close: 134.18 },
    ];
    const splits = [{ day: '2020-08-31', numerator: 4, denominator: 1 }];
    const adjusted = adjustCloses(raw, splits, []);
    expect(adjusted[1]?.closeSplitAdj).toBeCloseTo(124.8075, 4);
    expect(adjusted[2]?.closeSplitAdj).toBe(129.04);
    const dd = drawdownSeries(adjusted.map((a) => ({ day: a.day, close: a.closeSplitAdj })));
    expect(Math.min(...dd.map((d) => d.drawdownPct))).toBeGreaterThan(-5);
    // A pre-split dividend of 0.82 is 0.205 per post-split share.
    expect(splitAdjustPerShare(0.82, '2020-08-07', splits)).toBeCloseTo(0.205, 10);
    // Dividend adjustment: the day before the ex-date is scaled by (1 - dividend / close).
    const withDiv = adjustCloses(raw, splits, [{ exDate: '2020-09-01', amount: 1.29 }]);
    expect(withDiv[2]?.closeAdj).toBeCloseTo(129.04 * (1 - 1.29 / 129.04), 8);
    expect(withDiv[3]?.closeAdj).toBe(134.18);
  });

  it('missing quarters make the TTM unknown instead of understated', () => {
    const quarters = [
      { periodEnd: '2022-03-31', value: 10 },
      { periodEnd: '2022-06-30', value: 11 },
      { periodEnd: '2022-12-31', value: 12 },
      { periodEnd: '2023-03-31', value: 13 },
    ];
    expect(ttmSum(quarters, '2023-05-01')).toBeNull();
    const complete = [...quarters, { periodEnd: '2022-09-30', value: 9 }];
    expect(ttmSum(complete, '2023-05-01')).toBe(11 + 9 + 12 + 13);
    // No look-ahead: a quarter filed after the day is not known yet.
    const late = complete.map((q) => (q.periodEnd === '2023-03-31' ? { ...q, filed: '2023-05-05' } : q));
    expect(ttmSum(late, '2023-05-01')).toBe(10 + 11 + 9 + 12);
    expect(derivedFourthQuarter(100, [20, null, 30])).toBeNull();
    expect(derivedFourthQuarter(394_328, [123_945, 97_278, 82_959])).toBe(90_146);
  });

  it('negative equity gives no P/B, ROE or debt ratio, but EV still works', () => {
    expect(priceToBook(1_000, -200)).toBeNull();
    expect(returnOnEquity(50, -300, -200)).toBeNull();
    expect(
      returnOnInvestedCapital({
        operatingIncome: 100,
        incomeTax: 20,
        pretaxIncome: 100,
        debt: 50,
        equity: -200,
        cash: 10,
      }),
    ).toBeNull();
    const ev = enterpriseValue(1_000, 400, 100);
    expect(ev).toBe(1_300);
    expect(evToEbitda(ev, 130)).toBe(10);
    expect(evToEbitda(ev, -5)).toBeNull();
    expect(evToSales(ev, 650)).toBe(2);
    expect(evToSales(ev, 0)).toBeNull();
  });

  it('free cash flow counts capital expenditure as an outflow whatever its filed sign; no multiple of a burn', () => {
    expect(freeCashFlow(500, -120)).toBe(380);
    expect(freeCashFlow(500, 120)).toBe(380);
    expect(freeCashFlow(500, null)).toBe(500);
    expect(freeCashFlow(null, 120)).toBeNull();
    // The same figure as capital allocation's, which is where the statements read it.
    expect(capitalAllocation({ ...NO_FLOWS, operatingCashFlow: 500, capitalExpenditure: -120 }).freeCashFlow).toBe(380);
    expect(priceToFreeCashFlow(3_800, freeCashFlow(500, -120))).toBe(10);
    expect(priceToFreeCashFlow(3_800, freeCashFlow(100, -120))).toBeNull();
    expect(priceToFreeCashFlow(null, 380)).toBeNull();
  });

  it('a stock with three years of history has a yield from its second year and a percentile over those days only', () => {
    const prices = dailyPrices('2021-01-04', 780, (i) => 50 + (i % 20));
    const dividends = quarterlyDividends(2021, 2023, () => 0.5);
    const series = dividendYieldSeries(prices, dividends, prices[0]?.day);
    const pct = yieldPercentile(series);
    expect(pct).not.toBeNull();
    expect(pct?.days).toBe(series.length);
    expect(pct?.percentile).toBeGreaterThan(0);
    expect(pct?.percentile).toBeLessThanOrEqual(100);
    expect(pct?.band.p10).toBeLessThanOrEqual(pct?.band.p90 ?? 0);
    // Shorter than a year of yields: not enough history for a percentile.
    expect(yieldPercentile(series.slice(-100))).toBeNull();
  });

  it('crypto without fundamentals has a drawdown and nothing else', () => {
    const prices = dailyPrices('2021-01-01', 300, (i) => (i < 100 ? 100 + i : 199 - (i - 100) * 0.5));
    const summary = drawdownSummary(prices);
    expect(summary?.maxPct).toBeCloseTo((99.5 / 199 - 1) * 100, 8);
    expect(summary?.currentPct).toBe(summary?.maxPct);
    expect(marketCap(prices.at(-1)?.close ?? null, null)).toBeNull();
    expect(ttmSum([], '2022-01-01')).toBeNull();
    expect(latestValue([], '2022-01-01')).toBeNull();
  });

  it('the drawdown summary is the series: deepest first, the last day when it is as deep, non-positive closes skipped', () => {
    const fromSeries = (prices: { day: string; close: number }[]) => {
      const series = drawdownSeries(prices);
      const last = series.at(-1);
      if (!last) return null;
      let deepest = last;
      for (const p of series) if (p.drawdownPct < deepest.drawdownPct) deepest = p;
      return { currentPct: last.drawdownPct, maxPct: deepest.drawdownPct, maxDay: deepest.day };
    };
    const shapes: ((i: number) => number)[] = [
      (i) => 100 + 10 * Math.sin(i / 7),
      (i) => (i % 50 === 0 ? 0 : 100 - (i % 9)),
      (i) => [100, 80, 100, 80][i % 4] as number,
      (i) => (i < 20 ? 100 - i : 81),
      () => 50,
    ];
    for (const shape of shapes) {
      const prices = dailyPrices('2020-01-01', 120, shape);
      expect(drawdownSummary(prices)).toEqual(fromSeries(prices));
    }
    expect(drawdownSummary(dailyPrices('2020-01-01', 3, () => 0))).toBeNull();
    // Ties: the first of two equal troughs, unless the last day is as deep.
    expect(drawdownSummary(dailyPrices('2020-01-01', 4, (i) => [100, 80, 100, 80][i] as number))?.maxDay).toBe(
      '2020-01-06',
    );
    expect(drawdownSummary(dailyPrices('2020-01-01', 5, (i) => [100, 80, 100, 80, 90][i] as number))?.maxDay).toBe(
      '2020-01-02',
    );
  });

  it('capital allocation nets new debt against repayments and reports shares of operating cash flow', () => {
    const a = capitalAllocation({
      operatingCashFlow: 1_000,
      dividendsPaid: -150,
      buybacks: -300,
      capitalExpenditure: -200,
      debtRepaid: -100,
      debtIssued: 40,
      acquisitions: null,
    });
    expect(a.freeCashFlow).toBe(800);
    expect(a.dividends).toEqual({ amount: 150, ofOperatingCashFlow: 0.15 });
    expect(a.debtRepaid.amount).toBe(60);
    expect(a.acquisitions).toEqual({ amount: null, ofOperatingCashFlow: null });
  });
});
