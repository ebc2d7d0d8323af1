import { describe, expect, it } from 'vitest';
import { addDays } from '../../finance/types.ts';
import { generateCoin } from './generator.ts';
import { demoUniverse } from './universe.ts';

/*
 * The demo coins' supply (issue 22): every price day has one, the market cap is the close x the
 * circulating supply, and each kind of coin issues its supply as real coins of its kind do.
 */
const END = '2026-01-02';
const coins = demoUniverse().coins;
const coin = (ticker: string) => {
  const found = coins.find((c) => c.ticker === ticker);
  if (!found) throw new Error(`no demo coin ${ticker}`);
  return generateCoin(found, END);
};

describe('demo coin supply', () => {
  it('every coin: one supply per price day, market cap = close x circulating supply, circulating <= total <= max', () => {
    for (const c of coins) {
      const bundle = generateCoin(c, END);
      const supply = bundle.supply ?? [];
      expect(
        supply.map((d) => d.day),
        c.ticker,
      ).toEqual((bundle.prices ?? []).map((p) => p.day));
      // Checked in plain code and asserted once: a few thousand days per coin.
      const wrong = (bundle.prices ?? []).filter((bar, i) => {
        const day = supply[i];
        if (!day?.circulating || day.circulating <= 0 || day.marketCap == null) return true;
        if (Math.abs(day.marketCap - bar.close * day.circulating) > 1e-9 * day.marketCap) return true;
        if ((day.total ?? 0) < day.circulating) return true;
        return day.max != null && day.max < (day.total ?? 0);
      });
      expect(
        wrong.map((bar) => bar.day),
        c.ticker,
      ).toEqual([]);
      // The size of a real coin at the last close, whatever the invented price: $1B to $1T, give or take
      // the rounding of the supply to a round number (at most a factor 1.6).
      const lastCap = supply.at(-1)?.marketCap ?? 0;
      expect(lastCap, c.ticker).toBeGreaterThan(1e9 / 1.6);
      expect(lastCap, c.ticker).toBeLessThan(1e12 * 1.6);
    }
  });

  it('a mined coin nears its cap as the reward halves: each four years adds half of what the four before did', () => {
    const supply = coin('QBTZ').supply ?? [];
    const at = (day: string) => supply.find((d) => d.day === day)?.circulating ?? 0;
    const max = supply.at(-1)?.max ?? 0;
    expect(max).toBeGreaterThan(0);
    for (let i = 1; i < supply.length; i++)
      expect(supply[i]?.circulating ?? 0).toBeGreaterThanOrEqual(supply[i - 1]?.circulating ?? 0);
    const a = at(addDays(END, -8 * 365 - 2));
    const b = at(addDays(END, -4 * 365 - 1));
    const c = at(END);
    expect((c - b) / (b - a)).toBeCloseTo(0.5, 1);
    expect(c).toBeLessThan(max);
    expect(c / max).toBeGreaterThan(0.9);
  });

  it('a token minted at launch unlocks over six years; a platform coin has no cap; a stablecoin follows demand', () => {
    const token = coin('ZORB').supply ?? [];
    expect(token.at(-1)?.total).toBe(token.at(-1)?.max);
    expect((token[0]?.circulating ?? 0) / (token[0]?.total ?? 1)).toBeLessThan(0.92);
    expect(token.at(-1)?.circulating).toBeGreaterThan(token[0]?.circulating ?? 0);

    const platform = coin('ZETQ').supply ?? [];
    expect(platform.every((d) => d.max === null && d.total === d.circulating)).toBe(true);
    expect(platform.at(-1)?.circulating).toBeGreaterThan(platform[0]?.circulating ?? 0);

    const stable = coin('ZSTB').supply ?? [];
    const changes = stable.slice(1).map((d, i) => Math.sign((d.circulating ?? 0) - (stable[i]?.circulating ?? 0)));
    // Minted on some days, burned on others.
    expect(changes).toContain(1);
    expect(changes).toContain(-1);
    expect(stable.every((d) => d.max === null)).toBe(true);
  });

  it('is the same on every run', () => {
    expect(coin('QBTZ').supply).toEqual(coin('QBTZ').supply);
  });
});
