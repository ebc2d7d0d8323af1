import { describe, expect, it } from 'vitest';
import { type CloseOn, simulate, summarise } from './backtest.ts';

// Three stocks (1 = A, 2 = B, 3 = C), total-return closes at four month ends; rebalanced at the first
// three, valued to the fourth. Worked by hand:
//   Jan->Feb hold A, B: A +10 %, B -10 %  -> mean 0 %     -> 100
//   Feb->Mar hold B, C: B +20 %, C +10 %  -> mean 15 %    -> 115
//   Mar->Apr hold A, C: A +10 %, C +10 %  -> mean 10 %    -> 126.5
// Turnover in Feb: drifted A 0.55, B 0.45 -> B 0.5, C 0.5: (0.55 + 0.05 + 0.5) / 2 = 0.55.
// In Mar: drifted B 0.5 x 1.2 / 1.15 = 12/23, C 0.5 x 1.1 / 1.15 = 11/23 -> A 0.5, C 0.5:
//   (0.5 + 12/23 + (0.5 - 11/23)) / 2 = 12/23.
const closes: Record<number, Record<string, number>> = {
  1: { '2024-01-31': 100, '2024-02-29': 110, '2024-03-28': 99, '2024-04-30': 108.9 },
  2: { '2024-01-31': 50, '2024-02-29': 45, '2024-03-28': 54, '2024-04-30': 54 },
  3: { '2024-01-31': 20, '2024-02-29': 22, '2024-03-28': 24.2, '2024-04-30': 26.62 },
};
const closeOn: CloseOn = (id, day) => {
  let close: number | null = null;
  for (const [d, c] of Object.entries(closes[id] ?? {})) if (d <= day) close = c;
  return close;
};
const monthEnds = ['2024-01-31', '2024-02-29', '2024-03-28', '2024-04-30'];

describe('backtest arithmetic', () => {
  it('a three-month, three-stock screen: values, turnover, CAGR, volatility, drawdown', () => {
    const run = simulate(
      [
        { day: '2024-01-31', members: [1, 2] },
        { day: '2024-02-29', members: [2, 3] },
        { day: '2024-03-28', members: [1, 3] },
      ],
      monthEnds,
      '2024-04-30',
      closeOn,
    );
    expect(run.atRebalance.map((p) => p.day)).toEqual(monthEnds);
    expect(run.atRebalance[0]?.value).toBe(100);
    expect(run.atRebalance[1]?.value).toBeCloseTo(100, 10);
    expect(run.atRebalance[2]?.value).toBeCloseTo(115, 10);
    expect(run.atRebalance[3]?.value).toBeCloseTo(126.5, 10);
    expect(run.atDays.map((p) => p.day)).toEqual(monthEnds.slice(1));
    expect(run.turnover[0]).toBeCloseTo(0.55, 10);
    expect(run.turnover[1]).toBeCloseTo(12 / 23, 10);
    const figures = summarise([{ day: '2024-01-31', value: 100 }, ...run.atDays]);
    // 90 days from 31 January to 30 April 2024.
    expect(figures.cagrPct).toBeCloseTo((1.265 ** (365.25 / 90) - 1) * 100, 8);
    // Monthly returns 0, 0.15, 0.10: mean 1/12, sample variance 0.0175 / 3 ... worked: 0.00583333.
    expect(figures.volatilityPct).toBeCloseTo(Math.sqrt(0.0175 / 3) * Math.sqrt(12) * 100, 8);
    expect(figures.maxDrawdownPct).toBe(0);
  });

  it('the equal-weighted universe of the same three: every stock at every rebalance', () => {
    const all = [1, 2, 3];
    const run = simulate(
      monthEnds.slice(0, 3).map((day) => ({ day, members: all })),
      monthEnds,
      '2024-04-30',
      closeOn,
    );
    // (1.1 + 0.9 + 1.1) / 3, then (0.9 + 1.2 + 1.1) / 3, then (1.1 + 1 + 1.1) / 3.
    expect(run.atRebalance[3]?.value).toBeCloseTo(((100 * 3.1) / 3) * (3.2 / 3) * (3.2 / 3), 10);
  });

  it('a stock whose data ends is held at its last close; a fall from a high is the drawdown', () => {
    // Stock 8's data ends on 14 February at 50: it stays at 50 while B (2) goes to 54 by the end.
    const ending: CloseOn = (id, day) => (id === 8 ? 50 : closeOn(id, day));
    const run = simulate([{ day: '2024-01-31', members: [2, 8] }], monthEnds, '2024-04-30', ending);
    expect(run.atRebalance[1]?.value).toBeCloseTo(100 * ((54 / 50 + 50 / 50) / 2), 10);
    const falling = [
      { day: '2024-01-31', value: 100 },
      { day: '2024-02-29', value: 80 },
      { day: '2024-03-28', value: 120 },
    ];
    expect(summarise(falling).maxDrawdownPct).toBeCloseTo(-20, 10);
  });
});
