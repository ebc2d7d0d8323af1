/*
 * The demo universe: invented companies and coins only. Real tickers with made-up numbers would
 * mislead, so every demo ticker contains a Q or a Z and names are invented. Each entry says what kind
 * of history the generator makes for it (dividend pattern, growth, loss years, splits, green keywords).
 */

import { type CoinKind, coinAbout } from './coin-texts.ts';
import { generatedCompanies } from './universe-generated.ts';
import { ROWS } from './universe-rows.ts';

export type DividendPattern = 'monthly' | 'quarterly' | 'annual' | 'none';
export type Profile = 'stable' | 'growth' | 'cyclical' | 'loss' | 'buyback';

export interface DemoCompany {
  ticker: string;
  name: string;
  sector: string;
  industry: string;
  sic: string;
  dividends: DividendPattern;
  profile: Profile;
  description: string;
  /** A split: year and ratio (4 = 4:1). */
  split?: { year: number; ratio: number };
  country?: string;
  /** Where it is listed (default 'Demo Exchange'). */
  exchange?: string;
  /** Years of prices, dividends and statements (default HISTORY_YEARS, 20). */
  historyYears?: number;
}

export interface DemoCoin {
  ticker: string;
  name: string;
  launchYear: number;
  startPrice: number;
  description: string;
  /** What kind of coin it is: its "About" text in every language (coin-texts.ts). */
  kind: CoinKind;
}

export const DEMO_COMPANIES: DemoCompany[] = ROWS.map(
  ([ticker, name, sector, industry, sic, dividends, profile, description]) => ({
    ticker,
    name,
    sector,
    industry,
    sic,
    dividends,
    profile,
    description,
    country: 'US',
    ...(ticker === 'ZYLO' ? { split: { year: 2014, ratio: 7 } } : {}),
    ...(ticker === 'ZFAB' ? { split: { year: 2021, ratio: 4 } } : {}),
    ...(ticker === 'QNTM' ? { split: { year: 2018, ratio: 2 } } : {}),
  }),
);

/** The hand-made companies' tickers in their order: the demo news feeds write about them first. */
export const HAND_MADE_TICKERS: readonly string[] = DEMO_COMPANIES.map((company) => company.ticker);

/** The coins the benchmarks' datasets were made with (they stay as they are). */
export const DEMO_COINS: DemoCoin[] = [
  {
    ticker: 'QBTZ',
    kind: 'first',
    name: 'Quibitz',
    launchYear: 2010,
    startPrice: 0.08,
    description: 'The first invented coin of the demo.',
  },
  {
    ticker: 'ZETQ',
    kind: 'platform',
    name: 'Zetaquin',
    launchYear: 2015,
    startPrice: 1.2,
    description: 'A smart-contract platform coin.',
  },
  {
    ticker: 'QLUM',
    kind: 'payments',
    name: 'Qlumen',
    launchYear: 2017,
    startPrice: 0.35,
    description: 'A payments coin.',
  },
  {
    ticker: 'ZORB',
    kind: 'storage',
    name: 'Zorbit',
    launchYear: 2018,
    startPrice: 2.5,
    description: 'A storage network token.',
  },
  { ticker: 'QDOG', kind: 'meme', name: 'Quidoge', launchYear: 2013, startPrice: 0.0004, description: 'A meme coin.' },
  {
    ticker: 'ZSTB',
    kind: 'stable',
    name: 'Zestable',
    launchYear: 2019,
    startPrice: 1,
    description: 'A coin that swings less than the others.',
  },
  {
    ticker: 'QRIV',
    kind: 'bridge',
    name: 'Qriver',
    launchYear: 2020,
    startPrice: 4,
    description: 'A cross-chain bridge token.',
  },
  { ticker: 'ZNOV', kind: 'gaming', name: 'Zenova', launchYear: 2021, startPrice: 12, description: 'A gaming token.' },
];

/** More coins for the demo universe (issue 23: at least 20). */
const MORE_COINS: DemoCoin[] = [
  {
    ticker: 'QSOL',
    kind: 'payments',
    name: 'Quasolar',
    launchYear: 2020,
    startPrice: 0.9,
    description: 'A fast payments chain.',
  },
  {
    ticker: 'ZLNK',
    kind: 'oracle',
    name: 'Zelink',
    launchYear: 2017,
    startPrice: 0.2,
    description: 'An oracle network token.',
  },
  {
    ticker: 'QADA',
    kind: 'platform',
    name: 'Quadano',
    launchYear: 2017,
    startPrice: 0.03,
    description: 'A proof-of-stake platform coin.',
  },
  {
    ticker: 'ZDOT',
    kind: 'network',
    name: 'Zedot',
    launchYear: 2020,
    startPrice: 3,
    description: 'A multi-chain network token.',
  },
  {
    ticker: 'QAVX',
    kind: 'platform',
    name: 'Quavax',
    launchYear: 2020,
    startPrice: 5,
    description: 'A smart-contract platform coin.',
  },
  {
    ticker: 'ZXLM',
    kind: 'payments',
    name: 'Zestellar',
    launchYear: 2014,
    startPrice: 0.002,
    description: 'A payments coin.',
  },
  {
    ticker: 'QFIL',
    kind: 'storage',
    name: 'Quafile',
    launchYear: 2017,
    startPrice: 6,
    description: 'A storage network token.',
  },
  {
    ticker: 'ZATM',
    kind: 'bridge',
    name: 'Zatom',
    launchYear: 2019,
    startPrice: 4,
    description: 'A cross-chain bridge token.',
  },
  {
    ticker: 'QLTC',
    kind: 'payments',
    name: 'Quilite',
    launchYear: 2011,
    startPrice: 0.3,
    description: 'The first invented coin of the demo.',
  },
  {
    ticker: 'ZUSD',
    kind: 'stable',
    name: 'Zeusd',
    launchYear: 2018,
    startPrice: 1,
    description: 'A coin that swings less than the others.',
  },
  {
    ticker: 'QGRT',
    kind: 'oracle',
    name: 'Quagraph',
    launchYear: 2020,
    startPrice: 0.6,
    description: 'An oracle network token.',
  },
  {
    ticker: 'ZSAN',
    kind: 'gaming',
    name: 'Zandbox',
    launchYear: 2020,
    startPrice: 0.05,
    description: 'A gaming token.',
  },
  { ticker: 'QPEP', kind: 'meme', name: 'Quepe', launchYear: 2023, startPrice: 0.000001, description: 'A meme coin.' },
  {
    ticker: 'ZARB',
    kind: 'scaling',
    name: 'Zarbit',
    launchYear: 2023,
    startPrice: 1.2,
    description: 'A scaling network token.',
  },
];

/** Companies of the demo universe a first start loads: the hand-made ones and generated ones. */
export const DEMO_UNIVERSE_SIZE = 420;

/** The demo universe a first start loads (the benchmarks call demoCompanies with a count instead). */
export function demoUniverse(): { companies: DemoCompany[]; coins: DemoCoin[] } {
  const coins = [...DEMO_COINS, ...MORE_COINS];
  const generated = generatedCompanies(
    DEMO_UNIVERSE_SIZE - DEMO_COMPANIES.length,
    DEMO_COMPANIES,
    coins.map((c) => c.ticker),
  );
  return { companies: [...DEMO_COMPANIES, ...generated], coins };
}

const SYNTHETIC_SECTORS: [string, string, string][] = [
  ['Technology', 'Prepackaged software', '7372'],
  ['Health Care', 'Pharmaceutical preparations', '2834'],
  ['Financials', 'National commercial banks', '6021'],
  ['Industrials', 'Industrial machinery', '3560'],
  ['Consumer Staples', 'Food and kindred products', '2000'],
  ['Utilities', 'Electric services', '4911'],
  ['Energy', 'Crude petroleum and natural gas', '1311'],
  ['Real Estate', 'Real estate investment trusts', '6798'],
];
const PATTERNS: DividendPattern[] = ['quarterly', 'none', 'quarterly', 'monthly', 'annual', 'quarterly'];
const PROFILES: Profile[] = ['stable', 'growth', 'cyclical', 'stable', 'loss', 'buyback', 'stable'];

/** Invented ticker for the n-th synthetic company: 'Z' + four letters (ZAAAA, ZAAAB, ...). */
function syntheticTicker(n: number): string {
  let s = '';
  for (let i = 0, v = n; i < 4; i++, v = Math.floor(v / 26)) s = String.fromCharCode(65 + (v % 26)) + s;
  return `Z${s}`;
}

/** The hand-made companies, then synthetic ones up to `count` (benchmarks: thousands of them). */
export function demoCompanies(count = DEMO_COMPANIES.length): DemoCompany[] {
  const out = DEMO_COMPANIES.slice(0, count);
  for (let n = 0; out.length < count; n++) {
    const [sector, industry, sic] = SYNTHETIC_SECTORS[n % SYNTHETIC_SECTORS.length] as [string, string, string];
    const ticker = syntheticTicker(n);
    out.push({
      ticker,
      name: `Synthetic ${sector} ${ticker}`,
      sector,
      industry,
      sic,
      dividends: PATTERNS[n % PATTERNS.length] as DividendPattern,
      profile: PROFILES[n % PROFILES.length] as Profile,
      description: 'A generated company for benchmarks.',
      country: 'US',
    });
  }
  return out;
}

const ALL_COINS = new Map([...DEMO_COINS, ...MORE_COINS].map((coin) => [coin.ticker, coin]));

/** The "About" text of a demo coin in a language (issue 23); null for a ticker that is not a demo coin. */
export function demoCoinAbout(ticker: string, language: string): string | null {
  const coin = ALL_COINS.get(ticker);
  return coin ? coinAbout(coin.kind, coin.name, coin.launchYear, language) : null;
}
