import type { Source } from '../types.ts';
import { defaultEndDay, generateCoin, generateCompany } from './generator.ts';
import { DEMO_COINS, demoCompanies } from './universe.ts';

/*
 * The demo universe as a source, so it goes through the same loader as real data (validation,
 * transactions, indicators, data version). `companies` above the hand-made count adds synthetic
 * companies (benchmarks use thousands).
 */
export function demoSource(options: { companies?: number; endDay?: string } = {}): Source {
  const endDay = options.endDay ?? defaultEndDay();
  const companies = new Map(demoCompanies(options.companies).map((c) => [c.ticker, c]));
  const coins = new Map(DEMO_COINS.map((c) => [c.ticker, c]));
  return {
    name: 'demo',
    demo: true,
    async listTickers() {
      return [...companies.keys(), ...coins.keys()];
    },
    async fetchSecurity(ticker) {
      const company = companies.get(ticker.toUpperCase());
      if (company) return generateCompany(company, endDay);
      const coin = coins.get(ticker.toUpperCase());
      if (coin) return generateCoin(coin, endDay);
      throw new Error(`${ticker} is not in the demo universe`);
    },
  };
}
