import { describe, expect, it } from 'vitest';
import type { Cell, FirstFiled, PeriodRow } from '../derived/fiscal-periods.ts';
import { CloseHistory, ColumnCloses } from '../finance/close-history.ts';
import { addMonths } from '../finance/types.ts';
import { changeSince, closeOnOrBefore, yearRange } from './closes.ts';
import type { SecurityFinancials } from './financials.ts';
import { computeSnapshot, restatementFigures, type SnapshotInputs } from './snapshot.ts';

/* The catalogue's rules, one scenario each (issue 31). Statement figures are covered through the loader and the consistency test. */

const day = (offset: number) => new Date(Date.UTC(2023, 0, 2) + offset * 86_400_000).toISOString().slice(0, 10);
/** Weekdays from 2023-01-02 (a Monday) for `n` calendar days, close by calendar day. */
const weekdays = (n: number, close: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ day: day(i), close: close(i) })).filter((c) => {
    const weekday = new Date(`${c.day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  });

const coinLike = (closes: { day: string; close: number }[]): SnapshotInputs => ({
  kind: 'crypto',
  currency: 'USD',
  prices: CloseHistory.of(closes),
  dividends: [],
  financials: null,
  coinSupply: null,
  template: null,
});

describe('the metric catalogue', () => {
  it('counts a one-year change from the close on or before the same date a year earlier (a weekend: the Friday)', () => {
    // The last day is a weekday whose date a year earlier fell on a weekend (checked below).
    const closes = weekdays(372, (i) => 100 + i); // ends Monday 2024-01-08: a year earlier is a Sunday
    const last = closes.at(-1) as { day: string; close: number };
    const yearAgo = addMonths(last.day, -12);
    const base = closeOnOrBefore(CloseHistory.of(closes), yearAgo) as number;
    expect(closes.find((c) => c.day === yearAgo)).toBeUndefined();
    expect(base).toBe((closes.filter((c) => c.day <= yearAgo).at(-1) as { close: number }).close);
    expect(computeSnapshot(coinLike(closes)).change1yPct).toBe(changeSince(last.close, base));
  });

  it('has no one-year change for a history shorter than a year', () => {
    expect(computeSnapshot(coinLike(weekdays(200, () => 10))).change1yPct).toBeNull();
    expect(closeOnOrBefore(CloseHistory.empty, '2024-01-01')).toBeNull();
  });

  it('takes drawdown now from the whole history’s high on daily closes, up to the last one', () => {
    const closes = weekdays(800, (i) => (i === 100 ? 200 : 100 + (i % 7)));
    const snapshot = computeSnapshot(coinLike(closes));
    const last = closes.at(-1) as { close: number };
    expect(snapshot.drawdownPct).toBeCloseTo((last.close / 200 - 1) * 100, 12);
    expect(snapshot.asOf).toBe((closes.at(-1) as { day: string }).day);
    // The 52-week range is of the last 365 days only: the old high is not in it.
    expect(snapshot.week52High).toBe(yearRange(CloseHistory.of(closes))?.high);
    expect(snapshot.week52High).toBeLessThan(200);
  });

  it('gives a coin no stock figures: no EPS, no payout, no dividend streak', () => {
    const snapshot = computeSnapshot(coinLike(weekdays(30, () => 5)));
    expect(snapshot).toMatchObject({ epsTtm: null, payoutRatio: null, dividendGrowthYears: null, pe: null });
    expect(snapshot.changePct).toBe(0);
  });

  it('has no dividend yield or yield percentile before the loaded history covers a whole year', () => {
    const stock = (closes: { day: string; close: number }[], dividends: { exDate: string; amount: number }[]) =>
      computeSnapshot({ ...coinLike(closes), kind: 'stock', dividends, template: 'general' });
    // 200 days of prices: the dividend history, known from the first close, covers no whole year (issue 42).
    const short = stock(
      weekdays(200, () => 50),
      [{ exDate: day(100), amount: 0.5 }],
    );
    expect(short).toMatchObject({ dividendsTtm: 0.5, dividendYieldPct: null, dividendYieldPercentile: null });
    // Quarterly since the first day: a yield and a percentile, over the covered days only.
    const quarterly = Array.from({ length: 14 }, (_, i) => ({ exDate: day(i * 91), amount: 0.5 }));
    const payer = stock(
      weekdays(1200, () => 50),
      quarterly,
    );
    expect(payer.dividendYieldPct).toBeCloseTo((payer.dividendsTtm as number) * 2, 10);
    expect(payer.dividendYieldPercentile).toBeGreaterThan(0);
  });

  it('a first dividend 200 days old on a long history has its yield: the year before it paid nothing', () => {
    const closes = weekdays(1200, () => 50);
    const young = computeSnapshot({
      ...coinLike(closes),
      kind: 'stock',
      dividends: [{ exDate: day(1000), amount: 0.5 }],
      template: 'general',
    });
    // The highest yield of its history: every earlier day's was 0 %.
    expect(young).toMatchObject({ dividendsTtm: 0.5, dividendYieldPct: 1, dividendYieldPercentile: 100 });
  });

  it('moves a date back by months, clamped to the month’s last day', () => {
    expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(changeSince(110, 100)).toBeCloseTo(10, 12);
    expect(changeSince(110, 0)).toBeNull();
  });

  it('counts the values restated in the 3 years up to the day once each, and the largest change of those', () => {
    const first = (value: number, latestFiled: string, concept: string): FirstFiled => ({
      value,
      accession: null,
      filed: '2020-01-01',
      latestFiled,
      concept,
    });
    const cell = (value: number, restated?: FirstFiled): Cell => ({
      value,
      accessions: [],
      derived: false,
      ...(restated ? { first: restated } : {}),
    });
    const row = (fiscalPeriod: PeriodRow['fiscalPeriod'], start: string, items: [string, Cell][]): PeriodRow => ({
      index: 0,
      fiscalYear: 2021,
      fiscalPeriod,
      periodStart: start,
      periodEnd: '2021-12-31',
      items: new Map(items),
    });
    const statements = (rows: PeriodRow[]) => ({ rows }) as unknown as SecurityFinancials;
    const netIncome = first(100, '2022-03-01', 'NetIncomeLoss');
    const assets = first(1_000, '2022-03-01', 'Assets');
    const annual = row('FY', '2021-01-01', [
      ['net_income', cell(90, netIncome)],
      // The same filed value on a second line: counted once.
      ['net_income_common', cell(90, netIncome)],
      ['total_assets', cell(1_050, assets)],
      ['revenue', cell(500)],
      // Changed on 2021-06-30, just 3 years before the day: out of the window.
      ['eps_basic', cell(1, first(2, '2021-06-30', 'EarningsPerShareBasic'))],
      // First filed as 0: counted, but no ratio.
      ['buybacks', cell(5, first(0, '2024-01-10', 'PaymentsForRepurchaseOfCommonStock'))],
      // Filed after the day: not yet.
      ['cash', cell(7, first(8, '2024-07-01', 'Cash'))],
    ]);
    // The year-end balance again in the quarterly statement (Q4 starts in October): one value.
    const quarterly = row('Q4', '2021-10-01', [['total_assets', cell(1_050, assets)]]);
    const figures = restatementFigures(
      { annual: statements([annual]), quarterly: statements([quarterly]) },
      '2024-06-30',
    );
    // Net income, total assets, buybacks: 3; the largest change net income's 10 % (assets 5 %).
    expect(figures.restatements3y).toBe(3);
    expect(figures.largestRestatementPct).toBeCloseTo(10, 12);
    // Statements and nothing restated: 0 and none; no statements or no day: null.
    const none = restatementFigures(
      { annual: statements([row('FY', '2021-01-01', [['revenue', cell(1)]])]), quarterly: statements([]) },
      '2024-06-30',
    );
    expect(none).toEqual({ restatements3y: 0, largestRestatementPct: null });
    expect(
      restatementFigures({ annual: statements([]), quarterly: statements([]) }, '2024-06-30').restatements3y,
    ).toBeNull();
    expect(
      restatementFigures({ annual: statements([annual]), quarterly: statements([]) }, null).restatements3y,
    ).toBeNull();
    expect(restatementFigures(null, '2024-06-30').restatements3y).toBeNull();
  });
});

describe('a close history as columns', () => {
  const closes = weekdays(40, (i) => 100 + i);
  const adjusted = closes.map((c) => ({ day: c.day, close: c.close / 2 }));
  const history = CloseHistory.of(closes, adjusted);

  it('gives each day, both closes, and the last day on or before any day (weekends and the ends included)', () => {
    expect(history.length).toBe(closes.length);
    expect(Array.from({ length: history.length }, (_, i) => history.day(i))).toEqual(closes.map((c) => c.day));
    expect(history.points('adjusted')).toEqual(adjusted);
    expect(history.points('split', closes.length - 2)).toEqual(closes.slice(-2));
    for (let offset = -3; offset < 45; offset++) {
      const on = day(offset);
      const expected = closes.filter((c) => c.day <= on).at(-1);
      expect(closeOnOrBefore(history, on)).toBe(expected?.close ?? null);
      const from = closes.findIndex((c) => c.day >= on);
      expect(history.indexFrom(on)).toBe(from < 0 ? closes.length : from);
    }
  });

  it('refuses columns of different days', () => {
    expect(() => CloseHistory.of(closes, adjusted.slice(1))).toThrow(/same days/);
    expect(CloseHistory.empty.points('split')).toEqual([]);
    expect(() => new ColumnCloses('2024-01-022024-01-03', new Float64Array(1))).toThrow(/different lengths/);
    const column = new ColumnCloses('2024-01-022024-01-03', Float64Array.of(10, 11));
    expect([column.day(1), column.indexOnOrBefore('2024-01-02'), column.indexFrom('2024-01-03')]).toEqual([
      '2024-01-03',
      0,
      1,
    ]);
  });
});
