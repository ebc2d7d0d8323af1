import { dayNumber } from '../../finance/types.ts';
import type { CoinSupplyDay, PriceBar } from '../types.ts';
import type { CoinKind } from './coin-texts.ts';
import type { DemoCoin } from './universe.ts';

/*
 * A demo coin's supply over its life (issue 22), shaped by what kind of coin it is, as real coins of that
 * kind issue theirs:
 * - mined with a cap ('first', 'payments'): the block reward halves every four years, so the circulating
 *   supply climbs towards the cap, steeply at first (every mined coin circulates: total = circulating);
 * - a fixed token supply minted at launch ('storage', 'bridge', 'gaming', 'oracle', 'scaling', 'network'):
 *   total = max, and the circulating part grows as team and investor allocations unlock over six years;
 * - no cap ('platform', 'meme'): a fixed issuance per year (the yearly rate falls as the supply grows);
 * - a stablecoin: no cap, the supply follows demand, minted and burned day to day.
 * The market cap of a day is its close x its circulating supply, as the sources compute it.
 */

const DAYS_PER_YEAR = 365.25;
const HALVING_YEARS = 4;
const UNLOCK_YEARS = 6;

type Shape = 'halving' | 'unlock' | 'issuance' | 'demand';

const SHAPES: Record<CoinKind, Shape> = {
  first: 'halving',
  payments: 'halving',
  platform: 'issuance',
  meme: 'issuance',
  stable: 'demand',
  storage: 'unlock',
  bridge: 'unlock',
  gaming: 'unlock',
  oracle: 'unlock',
  scaling: 'unlock',
  network: 'unlock',
};

/** A round supply size of the coin's order of magnitude: 1, 2.1 or 5 x 10^n. */
function roundSize(random: () => number, minExponent: number, maxExponent: number): number {
  const exponent = minExponent + Math.floor(random() * (maxExponent - minExponent + 1));
  const mantissa = [1, 2.1, 5][Math.floor(random() * 3)] ?? 1;
  return mantissa * 10 ** exponent;
}

/**
 * The supply of every price day of the coin, with the market cap of the day. `random` is a stream of its
 * own (not the prices'), so adding supply left the coin's prices what they have always been.
 */
export function demoCoinSupply(
  coin: DemoCoin,
  launch: string,
  prices: readonly PriceBar[],
  random: () => number,
): CoinSupplyDay[] {
  const shape = SHAPES[coin.kind];
  const start = dayNumber(launch);
  const cap = roundSize(random, 7, 10);
  // Tokens: a quarter to a third circulates at launch; unlimited coins start from the cap's size.
  const atLaunch = 0.25 + random() * 0.1;
  const issuedPerYear = cap * (0.03 + random() * 0.05);
  let demand = cap / 10;
  let lastDay = start;
  return prices.map((bar) => {
    const years = Math.max(dayNumber(bar.day) - start, 0) / DAYS_PER_YEAR;
    let circulating: number;
    let total: number;
    let max: number | null = null;
    if (shape === 'halving') {
      max = cap;
      circulating = cap * (1 - 0.5 ** (years / HALVING_YEARS + 0.05));
      total = circulating;
    } else if (shape === 'unlock') {
      max = cap;
      total = cap;
      const unlocked = Math.min(years / UNLOCK_YEARS, 1);
      circulating = cap * (atLaunch + (0.92 - atLaunch) * unlocked);
    } else if (shape === 'issuance') {
      circulating = cap + issuedPerYear * years;
      total = circulating;
    } else {
      // Minted and burned with demand: a random walk of the supply between two price days.
      const steps = Math.max(dayNumber(bar.day) - lastDay, 1);
      for (let i = 0; i < steps; i++) demand *= Math.exp(0.0015 + 0.01 * (random() - 0.5));
      circulating = demand;
      total = circulating;
    }
    lastDay = dayNumber(bar.day);
    const rounded = Math.round(circulating);
    return {
      day: bar.day,
      marketCap: bar.close * rounded,
      circulating: rounded,
      total: Math.round(total),
      max,
    };
  });
}
