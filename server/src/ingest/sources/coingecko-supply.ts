import { type CoinSupplyDay, finiteNumber, isDay, type Rejection } from '../types.ts';
import { ParseError } from './parse-error.ts';

/*
 * A coin's market cap and supply from CoinGecko (issue 22), in the shapes its API answers:
 * - market_chart `market_caps`: [[ms, cap], ...] at the same instants as `prices`. CoinGecko's market cap
 *   is price x circulating supply, so cap / price at that instant is the circulating supply of the day.
 *   A cap of 0 means CoinGecko does not know the coin's circulating supply: no value, not an error.
 * - /coins/{id} `market_data`: today's `circulating_supply` (0 when unknown), `total_supply` and
 *   `max_supply` (null: no cap, or unknown), `market_cap.usd` and `last_updated` (ISO instant).
 */

/** The UTC day a CoinGecko point closes (crypto.ts): midnight snapshots close the day before. */
export type CoinGeckoDay = (ms: number) => string;

const positive = (value: unknown): number | null => {
  const n = finiteNumber(value);
  return n != null && n > 0 ? n : null;
};

/**
 * The market cap of each day (the last point of a day, as for its close) and the circulating supply it
 * implies against the price of the same instant.
 */
export function parseCoinGeckoMarketCaps(
  json: { prices: unknown[]; market_caps?: unknown },
  ticker: string,
  dayOf: CoinGeckoDay,
): { supply: CoinSupplyDay[]; rejections: Rejection[] } {
  const rejections: Rejection[] = [];
  if (json.market_caps === undefined) return { supply: [], rejections };
  if (!Array.isArray(json.market_caps)) {
    rejections.push({ source: 'coingecko', ticker, field: 'market_caps', reason: 'market_caps is not an array' });
    return { supply: [], rejections };
  }
  const priceAt = new Map<number, number>();
  for (const p of json.prices)
    if (Array.isArray(p)) {
      const [t, price] = p.map(finiteNumber);
      if (t != null && price != null && price > 0) priceAt.set(t, price);
    }
  const byDay = new Map<string, CoinSupplyDay>();
  for (const [i, point] of json.market_caps.entries()) {
    const reject = (reason: string) =>
      rejections.push({ source: 'coingecko', ticker, field: 'market_caps', reason: `point ${i}: ${reason}` });
    if (!Array.isArray(point) || point.length < 2) {
      reject('not a [time, market cap] pair');
      continue;
    }
    const [t, cap] = point.map(finiteNumber);
    if (t == null) {
      reject(`bad time ${JSON.stringify(point[0])}`);
      continue;
    }
    if (cap == null || cap < 0) {
      reject(`bad market cap ${JSON.stringify(point[1])}`);
      continue;
    }
    if (cap === 0) continue;
    const price = priceAt.get(t);
    const day = dayOf(t);
    byDay.set(day, { day, marketCap: cap, circulating: price ? cap / price : null, total: null, max: null });
  }
  return { supply: [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1)), rejections };
}

/** /coins/{id}: today's supply and market cap, dated by `last_updated` (null when it has none). */
export function parseCoinGeckoCoin(json: unknown): Omit<CoinSupplyDay, 'day'> & { day: string | null } {
  const marketData =
    typeof json === 'object' && json !== null ? (json as { market_data?: unknown }).market_data : undefined;
  if (typeof marketData !== 'object' || marketData === null)
    throw new ParseError('market_data', 'the coin answer has no market_data object');
  const data = marketData as Record<string, unknown>;
  const cap = data.market_cap;
  const updated = typeof data.last_updated === 'string' ? data.last_updated.slice(0, 10) : null;
  const circulating = positive(data.circulating_supply);
  const total = positive(data.total_supply);
  return {
    day: updated && isDay(updated) ? updated : null,
    marketCap: typeof cap === 'object' && cap !== null ? positive((cap as { usd?: unknown }).usd) : null,
    circulating,
    // A total below the circulating supply is a stale figure of the source, not a real one.
    total: total != null && circulating != null && total < circulating * (1 - 1e-6) ? null : total,
    max: positive(data.max_supply),
  };
}

/**
 * The days of market_chart with the coin answer laid over its day: the reported circulating supply
 * replaces the implied one, and the total and maximum supply are known on that day only.
 */
export function withCoinSnapshot(
  days: readonly CoinSupplyDay[],
  snapshot: ReturnType<typeof parseCoinGeckoCoin>,
  fallbackDay: string | null,
): CoinSupplyDay[] {
  const day = snapshot.day ?? fallbackDay;
  if (!day || (snapshot.circulating == null && snapshot.total == null && snapshot.max == null)) return [...days];
  const existing = days.find((d) => d.day === day);
  const merged: CoinSupplyDay = {
    day,
    marketCap: existing?.marketCap ?? snapshot.marketCap,
    circulating: snapshot.circulating ?? existing?.circulating ?? null,
    total: snapshot.total,
    max: snapshot.max,
  };
  return [...days.filter((d) => d.day !== day), merged].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** The coin answer without the parts this app does not read (descriptions in every language, tickers). */
export const COIN_QUERY =
  'localization=false&tickers=false&market_data=true&community_data=false&developer_data=false&sparkline=false';
