import type { Source } from '../types.ts';
import { defaultEndDay, generateCoin, generateCompany } from './generator.ts';
import { DEMO_COINS, demoCompanies, demoUniverse } from './universe.ts';

/*
 * The demo universe as a source, so it goes through the same loader as real data (validation,
 * transactions, indicators, data version). Without `companies`: the whole demo universe (hand-made and
 * generated companies, every coin). With it: the benchmarks' datasets as they have always been, the
 * hand-made companies then synthetic ones up to that count, and the first eight coins.
 */
export function demoSource(options: { companies?: number; endDay?: string } = {}): Source {
  const endDay = options.endDay ?? defaultEndDay();
  const universe =
    options.companies === undefined
      ? demoUniverse()
      : { companies: demoCompanies(options.companies), coins: DEMO_COINS };
  const companies = new Map(universe.companies.map((c) => [c.ticker, c]));
  const coins = new Map(universe.coins.map((c) => [c.ticker, c]));
  return {
    name: 'demo',
    demo: true,
    async listTickers() {
      return [...companies.keys(), ...coins.keys()];
    },
    async fetchSecurity(ticker) {
      // Generating and writing a security holds the thread for a while; while the universe loads in the
      // background of a serving process, let waiting requests through before each one (issue 23).
      await new Promise((resolve) => setImmediate(resolve));
      const company = companies.get(ticker.toUpperCase());
      if (company) return generateCompany(company, endDay);
      const coin = coins.get(ticker.toUpperCase());
      if (coin) return generateCoin(coin, endDay);
      throw new Error(`${ticker} is not in the demo universe`);
    },
  };
}
