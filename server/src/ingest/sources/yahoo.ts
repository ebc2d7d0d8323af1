import type { HttpClient } from '../http-client.ts';
import {
  type DividendRecord,
  dayOfTimestamp,
  finiteNumber,
  type PriceBar,
  type Rejection,
  type SecurityBundle,
  type Source,
  type SplitRecord,
} from '../types.ts';
import { ParseError } from './sec.ts';

/*
 * Yahoo Finance v8 chart JSON: chart.result[0] with meta, timestamp[], indicators.quote[0].{open,high,
 * low,close,volume}[] and events.{dividends,splits}. Yahoo's quote values are divided by every split up
 * to today, whatever the requested range, but the response lists only the splits inside the range; the
 * parser multiplies back by the listed ones to store prices as traded. That is whole only for a range
 * ending now, which is what `yahooSource` asks for (sources/yahoo-http.test.ts holds it to that).
 * Dividends are stored as Yahoo gives them (no recorded sample yet shows whether Yahoo also divides a
 * dividend paid before a split by it). Days are the exchange's local days (timestamp + gmtoffset).
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseYahooChart(json: unknown, ticker: string): SecurityBundle {
  if (!isObject(json) || !isObject(json.chart)) throw new ParseError('chart', 'not a Yahoo chart response');
  if (json.chart.error) {
    const e = json.chart.error;
    throw new ParseError(
      'chart.error',
      isObject(e) && typeof e.description === 'string' ? e.description : 'chart error',
    );
  }
  const result = Array.isArray(json.chart.result) ? json.chart.result[0] : undefined;
  if (!isObject(result) || !isObject(result.meta)) throw new ParseError('chart.result', 'no result');
  const meta = result.meta;
  const offset = finiteNumber(meta.gmtoffset) ?? 0;
  const timestamps = Array.isArray(result.timestamp) ? result.timestamp : [];
  const quote =
    isObject(result.indicators) && Array.isArray(result.indicators.quote) ? result.indicators.quote[0] : undefined;
  if (timestamps.length > 0 && !isObject(quote)) throw new ParseError('indicators.quote', 'no quote series');
  const series = (name: string): unknown[] => (isObject(quote) && Array.isArray(quote[name]) ? quote[name] : []);
  const [open, high, low, close, volume] = ['open', 'high', 'low', 'close', 'volume'].map(series) as [
    unknown[],
    unknown[],
    unknown[],
    unknown[],
    unknown[],
  ];
  const rejections: Rejection[] = [];
  const reject = (field: string, reason: string) => {
    rejections.push({ source: 'yahoo', ticker, field, reason });
  };

  const events = isObject(result.events) ? result.events : {};
  const splits: SplitRecord[] = [];
  for (const s of Object.values(isObject(events.splits) ? events.splits : {})) {
    const date = isObject(s) ? finiteNumber(s.date) : null;
    const num = isObject(s) ? finiteNumber(s.numerator) : null;
    const den = isObject(s) ? finiteNumber(s.denominator) : null;
    if (date === null || !num || !den || num <= 0 || den <= 0) reject('splits', `bad split ${JSON.stringify(s)}`);
    else splits.push({ day: dayOfTimestamp(date, offset), numerator: num, denominator: den });
  }
  const dividends: DividendRecord[] = [];
  for (const d of Object.values(isObject(events.dividends) ? events.dividends : {})) {
    const date = isObject(d) ? finiteNumber(d.date) : null;
    const amount = isObject(d) ? finiteNumber(d.amount) : null;
    if (date === null || amount === null || amount <= 0) reject('dividends', `bad dividend ${JSON.stringify(d)}`);
    else
      dividends.push({
        exDate: dayOfTimestamp(date, offset),
        amount,
        currency: typeof meta.currency === 'string' ? meta.currency : 'USD',
      });
  }

  // Undo Yahoo's split adjustment: a bar before a split in the response traded at ratio x the shown price.
  const rawFactor = (day: string) => splits.reduce((f, s) => (s.day > day ? f * (s.numerator / s.denominator) : f), 1);
  const prices: PriceBar[] = [];
  const seen = new Set<string>();
  for (const [i, ts] of timestamps.entries()) {
    const t = finiteNumber(ts);
    const c = finiteNumber(close[i]);
    if (t === null) {
      reject('timestamp', `bad timestamp at index ${i}`);
      continue;
    }
    const day = dayOfTimestamp(t, offset);
    // Yahoo leaves nulls for a bar still forming or a halted day: skip, not an error worth reporting.
    if (close[i] === null) continue;
    if (c === null || c <= 0) {
      reject('close', `bad close ${JSON.stringify(close[i])} on ${day}`);
      continue;
    }
    if (seen.has(day)) {
      reject('timestamp', `duplicate day ${day}`);
      continue;
    }
    seen.add(day);
    const f = rawFactor(day);
    const scaled = (v: unknown) => {
      const n = finiteNumber(v);
      return n === null ? null : n * f;
    };
    const vol = finiteNumber(volume[i]);
    prices.push({
      day,
      open: scaled(open[i]),
      high: scaled(high[i]),
      low: scaled(low[i]),
      close: c * f,
      volume: vol === null ? null : vol / f,
    });
  }

  const crypto = meta.instrumentType === 'CRYPTOCURRENCY';
  return {
    profile: {
      ticker,
      kind: crypto ? 'crypto' : 'stock',
      ...(typeof meta.longName === 'string'
        ? { name: meta.longName }
        : typeof meta.shortName === 'string'
          ? { name: meta.shortName }
          : {}),
      ...(typeof meta.currency === 'string' ? { currency: meta.currency } : {}),
      ...(typeof meta.fullExchangeName === 'string' ? { exchange: meta.fullExchangeName } : {}),
    },
    prices,
    dividends,
    splits,
    rejections,
  };
}

/**
 * Yahoo's chart endpoint: full daily history with dividend and split events. period2 must stay "now": a
 * range ending earlier would leave out the later splits the prices are still divided by.
 */
export function yahooSource(http: HttpClient, tickers: () => Promise<string[]>): Source {
  return {
    name: 'yahoo',
    listTickers: tickers,
    async fetchSecurity(ticker) {
      const now = Math.floor(Date.now() / 1000);
      const json = await http.getJson(
        `/v8/finance/chart/${encodeURIComponent(ticker)}?period1=0&period2=${now}&interval=1d&events=div%2Csplits`,
      );
      return parseYahooChart(json, ticker.toUpperCase());
    },
  };
}
