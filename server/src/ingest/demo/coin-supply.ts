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

/** The nearest round supply size to `value`: 1, 2.1 or 5 x 10^n (21 million, 5 billion...). */
function roundSize(value: number): number {
  const exponent = Math.floor(Math.log10(value));
  const candidates = [1, 2.1, 5, 10].map((mantissa) => mantissa * 10 ** exponent);
  return candidates.reduce((best, size) =>
    Math.abs(Math.log(size / value)) < Math.abs(Math.log(best / value)) ? size : best,
  );
}

interface SupplyShare {
  circulating: number;
  total: number;
  capped: boolean;
}

/** The supply of each price day as a multiple of the coin's size (its cap, or its first supply). */
function supplyShares(shape: Shape, start: number, prices: readonly PriceBar[], random: () => number): SupplyShare[] {
  // Tokens: a quarter to a third circulates at launch; uncapped coins add 3 to 8 % of their first supply a year.
  const atLaunch = 0.25 + random() * 0.1;
  const issuedPerYear = 0.03 + random() * 0.05;
  let demand = 1;
  let lastDay = start;
  return prices.map((bar) => {
    const years = Math.max(dayNumber(bar.day) - start, 0) / DAYS_PER_YEAR;
    const steps = Math.max(dayNumber(bar.day) - lastDay, 1);
    lastDay = dayNumber(bar.day);
    if (shape === 'halving') {
      const mined = 1 - 0.5 ** (years / HALVING_YEARS + 0.05);
      return { circulating: mined, total: mined, capped: true };
    }
    if (shape === 'unlock')
      return { circulating: atLaunch + (0.92 - atLaunch) * Math.min(years / UNLOCK_YEARS, 1), total: 1, capped: true };
    if (shape === 'issuance') {
      const issued = 1 + issuedPerYear * years;
      return { circulating: issued, total: issued, capped: false };
    }
    // Minted and burned with demand: a random walk of the supply (about +30 % a year) between price days.
    for (let i = 0; i < steps; i++) demand *= Math.exp(0.0007 + 0.01 * (random() - 0.5));
    return { circulating: demand, total: demand, capped: false };
  });
}

/**
 * The supply of every price day of the coin, with the market cap of the day. The coin's size is chosen so
 * that its market cap at the last close is that of a real coin (a billion to a trillion dollars; a
 * stablecoin's a few billion to a hundred billion), whatever its invented price. `random` is a stream of
 * its own (not the prices'), so adding supply left the coin's prices what they have always been.
 */
export function demoCoinSupply(
  coin: DemoCoin,
  launch: string,
  prices: readonly PriceBar[],
  random: () => number,
): CoinSupplyDay[] {
  const last = prices.at(-1);
  if (!last) return [];
  const shape = SHAPES[coin.kind];
  const targetCap = shape === 'demand' ? 10 ** (9.5 + 1.5 * random()) : 10 ** (9 + 3 * random());
  const shares = supplyShares(shape, dayNumber(launch), prices, random);
  const size = roundSize(targetCap / (last.close * (shares.at(-1)?.circulating ?? 1)));
  return prices.map((bar, i) => {
    const share = shares[i] as SupplyShare;
    const circulating = Math.max(1, Math.round(share.circulating * size));
    return {
      day: bar.day,
      marketCap: bar.close * circulating,
      circulating,
      total: Math.round(share.total * size),
      max: share.capped ? size : null,
    };
  });
}
