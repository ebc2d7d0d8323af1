import { generateCoin, generateCompany } from '../../src/ingest/demo/generator.ts';
import { DEMO_COINS, DEMO_COMPANIES } from '../../src/ingest/demo/universe.ts';
import type { Source } from '../../src/ingest/types.ts';

/*
 * The oracle's universe: demo companies and coins made by the app's own demo generator and loaded by its
 * loader, reduced so both engines run within the suite's two-minute budget on a shared 2-core machine.
 * Chosen to hold every case a definition treats apart: a bank, an insurer, three REITs, the three split
 * companies, negative equity (ZBEV), loss years, buybacks, every dividend pattern (none, annual,
 * quarterly, monthly) and coins (a stablecoin among them). Twelve years of history (two shorter): the
 * 10-year percentile window, the 5-year beta and the 10Y range all fit, with two years to spare.
 */
export const ORACLE_COMPANIES = [
  'SOLQ',
  'WQND',
  'GZTH',
  'AQWT',
  'PHQV',
  'QNTM',
  'ZYLO',
  'ZFAB',
  'QBYT',
  'ZAPQ',
  'BQNK',
  'ZINS',
  'QPAY',
  'RZIT',
  'QRES',
  'ZDAT',
  'QOIL',
  'ZREF',
  'ZBEV',
  'QFOD',
  'QHTL',
  'LOQP',
  'QSTL',
  'ZCHM',
];
export const ORACLE_COINS = ['QBTZ', 'QDOG', 'ZSTB', 'QRIV'];
const HISTORY_YEARS = 12;
/**
 * Two shorter histories, so a yield percentile's window is the whole history (shorter than 10 years) and
 * its first year, when the dividend history does not yet cover 12 months, falls inside it.
 */
const SHORT_HISTORY: Record<string, number> = { GZTH: 4, ZDAT: 6 };

export function oracleSource(endDay: string): Source {
  const companies = new Map(
    DEMO_COMPANIES.filter((c) => ORACLE_COMPANIES.includes(c.ticker)).map((c) => [
      c.ticker,
      { ...c, historyYears: SHORT_HISTORY[c.ticker] ?? HISTORY_YEARS },
    ]),
  );
  const coins = new Map(DEMO_COINS.filter((c) => ORACLE_COINS.includes(c.ticker)).map((c) => [c.ticker, c]));
  return {
    name: 'demo',
    demo: true,
    async listTickers() {
      return [...companies.keys(), ...coins.keys()];
    },
    async fetchSecurity(ticker) {
      const company = companies.get(ticker);
      if (company) return generateCompany(company, endDay);
      const coin = coins.get(ticker);
      if (coin) return generateCoin(coin, endDay);
      throw new Error(`${ticker} is not in the oracle's universe`);
    },
  };
}
