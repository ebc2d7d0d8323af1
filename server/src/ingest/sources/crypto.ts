import type { HttpClient } from '../http-client.ts';
import {
  type CoinSupplyDay,
  dayOfTimestamp,
  finiteNumber,
  type PriceBar,
  type Rejection,
  type Source,
} from '../types.ts';
import { COIN_QUERY, parseCoinGeckoCoin, parseCoinGeckoMarketCaps, withCoinSnapshot } from './coingecko-supply.ts';
import { ParseError } from './parse-error.ts';

/*
 * Crypto daily prices: Binance klines (arrays [openTime ms, open, high, low, close, volume, closeTime,
 * ...] with numbers as strings) and CoinGecko market_chart ({prices: [[ms, price]], market_caps,
 * total_volumes}; the market caps and supply are read in coingecko-supply.ts).
 * Crypto trades around the clock: a Binance bar's day is the UTC day of its open. CoinGecko's daily
 * points are snapshots taken at 00:00 UTC, so a snapshot at midnight closes the day before it.
 */

const DAY_MS = 86_400_000;
/** Snapshots this soon after midnight count as the close of the day that just ended. */
const MIDNIGHT_SNAPSHOT_MS = 10 * 60_000;

/** The UTC day a CoinGecko point closes: the day before for a midnight snapshot, its own day otherwise. */
export function coinGeckoDay(ms: number): string {
  const sinceMidnight = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
  return dayOfTimestamp(Math.floor((sinceMidnight < MIDNIGHT_SNAPSHOT_MS ? ms - DAY_MS : ms) / 1000));
}

export function parseBinanceKlines(json: unknown, ticker: string): { prices: PriceBar[]; rejections: Rejection[] } {
  if (!Array.isArray(json)) throw new ParseError('klines', 'expected an array of klines');
  const rejections: Rejection[] = [];
  const prices: PriceBar[] = [];
  const seen = new Set<string>();
  for (const [i, k] of json.entries()) {
    const reject = (field: string, reason: string) => {
      rejections.push({ source: 'binance', ticker, field, reason: `kline ${i}: ${reason}` });
    };
    if (!Array.isArray(k) || k.length < 6) {
      reject('kline', 'not an array of at least 6 fields');
      continue;
    }
    const [openTime, open, high, low, close, volume] = k.slice(0, 6).map(finiteNumber);
    if (openTime == null) {
      reject('openTime', `bad open time ${JSON.stringify(k[0])}`);
      continue;
    }
    if (close == null || close <= 0) {
      reject('close', `bad close ${JSON.stringify(k[4])}`);
      continue;
    }
    const day = dayOfTimestamp(Math.floor(openTime / 1000));
    if (seen.has(day)) {
      reject('openTime', `duplicate day ${day}`);
      continue;
    }
    seen.add(day);
    prices.push({ day, open: open ?? null, high: high ?? null, low: low ?? null, close, volume: volume ?? null });
  }
  return { prices, rejections };
}

export function parseCoinGeckoMarketChart(
  json: unknown,
  ticker: string,
): { prices: PriceBar[]; supply: CoinSupplyDay[]; rejections: Rejection[] } {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { prices?: unknown }).prices))
    throw new ParseError('prices', 'market_chart has no prices array');
  const chart = json as { prices: unknown[]; market_caps?: unknown; total_volumes?: unknown };
  const { prices: points, total_volumes: volumes } = chart;
  const volumeByDay = new Map<string, number>();
  if (Array.isArray(volumes))
    for (const v of volumes)
      if (Array.isArray(v)) {
        const [t, n] = v.map(finiteNumber);
        if (t != null && n != null) volumeByDay.set(coinGeckoDay(t), n);
      }
  const rejections: Rejection[] = [];
  const byDay = new Map<string, PriceBar>();
  for (const [i, p] of points.entries()) {
    const reject = (field: string, reason: string) => {
      rejections.push({ source: 'coingecko', ticker, field, reason: `point ${i}: ${reason}` });
    };
    if (!Array.isArray(p) || p.length < 2) {
      reject('prices', 'not a [time, price] pair');
      continue;
    }
    const [t, price] = p.map(finiteNumber);
    if (t == null) {
      reject('time', `bad time ${JSON.stringify(p[0])}`);
      continue;
    }
    if (price == null || price <= 0) {
      reject('price', `bad price ${JSON.stringify(p[1])}`);
      continue;
    }
    const day = coinGeckoDay(t);
    // CoinGecko adds the current (intraday) point at the end: the last price of a day is its close.
    byDay.set(day, { day, open: null, high: null, low: null, close: price, volume: volumeByDay.get(day) ?? null });
  }
  const caps = parseCoinGeckoMarketCaps(chart, ticker, coinGeckoDay);
  return {
    prices: [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
    supply: caps.supply,
    rejections: [...rejections, ...caps.rejections],
  };
}

/** Binance: TICKER -> TICKERUSDT, paged 1000 days at a time from the first bar. Quoted in USDT (~USD). */
export function binanceSource(http: HttpClient, tickers: () => Promise<string[]>): Source {
  return {
    name: 'binance',
    listTickers: tickers,
    async fetchSecurity(ticker) {
      const upper = ticker.toUpperCase().replace(/-USDT?$/, '');
      const prices: PriceBar[] = [];
      const rejections: Rejection[] = [];
      let startTime = 0;
      for (let page = 0; page < 100; page++) {
        const json = await http.getJson(
          `/api/v3/klines?symbol=${upper}USDT&interval=1d&startTime=${startTime}&limit=1000`,
        );
        const parsed = parseBinanceKlines(json, upper);
        prices.push(...parsed.prices);
        rejections.push(...parsed.rejections);
        if (!Array.isArray(json) || json.length < 1000) break;
        const lastOpen = finiteNumber((json[json.length - 1] as unknown[])[0]);
        if (lastOpen == null) break;
        startTime = lastOpen + 86_400_000;
      }
      return { profile: { ticker: upper, kind: 'crypto', currency: 'USD' }, prices, rejections };
    },
  };
}

/**
 * The coins meant by the best-known symbols. Many coins share a symbol (bridged and copycat tokens use
 * "btc", "eth" and the like too), so for these the symbol alone does not say which one a ticker means.
 */
export const WELL_KNOWN_COINS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  DAI: 'dai',
  BNB: 'binancecoin',
  SOL: 'solana',
  XRP: 'ripple',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  TRX: 'tron',
  TON: 'the-open-network',
  DOT: 'polkadot',
  LTC: 'litecoin',
  BCH: 'bitcoin-cash',
  ETC: 'ethereum-classic',
  AVAX: 'avalanche-2',
  LINK: 'chainlink',
  MATIC: 'matic-network',
  POL: 'polygon-ecosystem-token',
  SHIB: 'shiba-inu',
  XLM: 'stellar',
  XMR: 'monero',
  ATOM: 'cosmos',
  UNI: 'uniswap',
  AAVE: 'aave',
  NEAR: 'near',
  ALGO: 'algorand',
  FIL: 'filecoin',
  ICP: 'internet-computer',
  HBAR: 'hedera-hashgraph',
  VET: 'vechain',
  XTZ: 'tezos',
  EOS: 'eos',
  APT: 'aptos',
  ARB: 'arbitrum',
  OP: 'optimism',
  SUI: 'sui',
};

/** How many of the coins sharing a symbol an "ambiguous symbol" reason names. */
const AMBIGUOUS_LISTED = 10;

export interface CoinIndex {
  /** Lower-cased symbol -> the ids of the coins with it, in list order. */
  bySymbol: Map<string, string[]>;
  ids: Set<string>;
}

/** CoinGecko /coins/list: [{id, symbol, name}], one entry per listed coin (about 17,000). */
export function parseCoinList(json: unknown): CoinIndex {
  if (!Array.isArray(json)) throw new ParseError('coins', 'coins/list is not an array');
  const bySymbol = new Map<string, string[]>();
  const ids = new Set<string>();
  for (const c of json) {
    const { id, symbol } = (typeof c === 'object' && c !== null ? c : {}) as { id?: unknown; symbol?: unknown };
    if (typeof id !== 'string' || id === '' || typeof symbol !== 'string') continue;
    ids.add(id);
    const key = symbol.toLowerCase();
    bySymbol.set(key, [...(bySymbol.get(key) ?? []), id]);
  }
  if (ids.size === 0) throw new ParseError('coins', 'coins/list has no coins');
  return { bySymbol, ids };
}

/**
 * A ticker -> its CoinGecko id: the well-known coin for its symbol, else the one coin with that symbol
 * (or, for the older bare-id form, that id). Several candidates and no well-known coin: no guess, the
 * operator names it as TICKER=coin-id.
 */
export function resolveCoinId(ticker: string, index: CoinIndex): { id: string } | { error: string } {
  const symbol = ticker.toUpperCase().replace(/-USDT?$/, '');
  const known = WELL_KNOWN_COINS[symbol];
  if (known)
    // Not listed any more (renamed or delisted): a copycat sharing the symbol must not stand in for it.
    return index.ids.has(known) ? { id: known } : { error: `well-known coin ${known} is not in CoinGecko's list` };
  const lower = ticker.toLowerCase();
  const candidates = [...(index.bySymbol.get(symbol.toLowerCase()) ?? [])];
  if (index.ids.has(lower) && !candidates.includes(lower)) candidates.push(lower);
  if (candidates.length === 1) return { id: candidates[0] as string };
  if (candidates.length === 0) return { error: `unknown symbol: no coin in CoinGecko's list has the symbol ${symbol}` };
  const named = candidates.slice(0, AMBIGUOUS_LISTED).join(', ');
  const more = candidates.length > AMBIGUOUS_LISTED ? ` and ${candidates.length - AMBIGUOUS_LISTED} more` : '';
  return { error: `ambiguous symbol: ${named}${more}` };
}

/**
 * CoinGecko: an argument is TICKER=coin-id (BTC=bitcoin), taken as given, or a ticker alone (what --all
 * lists), looked up in /coins/list, which is fetched at most once per run through the same client.
 * Per coin: market_chart (daily prices, volumes, market caps) and the coin answer (today's supply).
 */
export function coinGeckoSource(http: HttpClient, tickers: () => Promise<string[]>): Source {
  let coinIndex: Promise<CoinIndex> | undefined;
  const coins = () => {
    coinIndex ??= http.getJson('/api/v3/coins/list').then(parseCoinList);
    return coinIndex;
  };
  return {
    name: 'coingecko',
    listTickers: tickers,
    async fetchSecurity(arg) {
      const split = arg.indexOf('=');
      const ticker = (split >= 0 ? arg.slice(0, split) : arg).trim().toUpperCase();
      let id = split >= 0 ? arg.slice(split + 1).trim() : '';
      if (ticker === '' || (split >= 0 && id === ''))
        throw new Error(`expected TICKER or TICKER=coin-id, got "${arg}"`);
      if (split < 0) {
        const resolved = resolveCoinId(ticker, await coins());
        if ('error' in resolved) throw new Error(resolved.error);
        id = resolved.id;
      }
      const json = await http.getJson(
        `/api/v3/coins/${encodeURIComponent(id)}/market_chart?vs_currency=usd&days=max&interval=daily`,
      );
      const parsed = parseCoinGeckoMarketChart(json, ticker);
      // Today's circulating, total and maximum supply: without them the prices still load, reported.
      let supply = parsed.supply;
      const rejections = [...parsed.rejections];
      try {
        const coin = parseCoinGeckoCoin(await http.getJson(`/api/v3/coins/${encodeURIComponent(id)}?${COIN_QUERY}`));
        supply = withCoinSnapshot(supply, coin, parsed.prices.at(-1)?.day ?? null);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        rejections.push({ source: 'coingecko', ticker, field: 'market_data', reason: `coin answer: ${reason}` });
      }
      return { profile: { ticker, kind: 'crypto', currency: 'USD' }, prices: parsed.prices, supply, rejections };
    },
  };
}
