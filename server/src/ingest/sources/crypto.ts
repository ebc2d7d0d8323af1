import type { HttpClient } from '../http-client.ts';
import { dayOfTimestamp, finiteNumber, type PriceBar, type Rejection, type Source } from '../types.ts';
import { ParseError } from './sec.ts';

/*
 * Crypto daily prices: Binance klines (arrays [openTime ms, open, high, low, close, volume, closeTime,
 * ...] with numbers as strings) and CoinGecko market_chart ({prices: [[ms, price]], total_volumes}).
 * Crypto trades around the clock: a Binance bar's day is the UTC day of its open. CoinGecko's daily
 * points are snapshots taken at 00:00 UTC, so a snapshot at midnight closes the day before it.
 */

const DAY_MS = 86_400_000;
/** Snapshots this soon after midnight count as the close of the day that just ended. */
const MIDNIGHT_SNAPSHOT_MS = 10 * 60_000;

/** The UTC day a CoinGecko point closes: the day before for a midnight snapshot, its own day otherwise. */
function coinGeckoDay(ms: number): string {
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
): { prices: PriceBar[]; rejections: Rejection[] } {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { prices?: unknown }).prices))
    throw new ParseError('prices', 'market_chart has no prices array');
  const { prices: points, total_volumes: volumes } = json as { prices: unknown[]; total_volumes?: unknown };
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
  return { prices: [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1)), rejections };
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

/** CoinGecko: the argument is TICKER=coin-id (BTC=bitcoin), or a coin id alone (its ticker is the id upper-cased). */
export function coinGeckoSource(http: HttpClient, tickers: () => Promise<string[]>): Source {
  return {
    name: 'coingecko',
    listTickers: tickers,
    async fetchSecurity(arg) {
      const [tickerPart, idPart] = arg.includes('=') ? (arg.split('=') as [string, string]) : [arg, arg.toLowerCase()];
      const ticker = tickerPart.toUpperCase();
      const json = await http.getJson(
        `/api/v3/coins/${encodeURIComponent(idPart)}/market_chart?vs_currency=usd&days=max&interval=daily`,
      );
      const parsed = parseCoinGeckoMarketChart(json, ticker);
      return { profile: { ticker, kind: 'crypto', currency: 'USD' }, ...parsed };
    },
  };
}
