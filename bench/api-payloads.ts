/*
 * Every data call a page makes for one ticker and its whole history (issue 20: each within 20 ms uncached
 * and 100 kB compressed), asked with `Accept-Encoding: br, gzip` as a browser asks: the bytes on the wire
 * and the latency of uncached requests one at a time (a parameter the server ignores makes every URL
 * distinct, so no cache answers). Part of bench/api.ts.
 */
import { Pool } from './http-client.ts';

const ACCEPT = 'Accept-Encoding: br, gzip\r\n';

/** The calls, for a stock ticker: paths with their query. */
export function oneTickerCalls(ticker: string): string[] {
  const t = encodeURIComponent(ticker);
  const financials = [
    'income-statement',
    'balance-sheet',
    'cash-flow',
    'margins',
    'per-share',
    'payout',
    'capital-allocation',
    'eps-basic',
    'revenue-per-share',
  ];
  return [
    `/api/data/company?ticker=${t}`,
    `/api/data/company/statistics?ticker=${t}`,
    `/api/data/company/${t}/links`,
    `/api/data/chart/price?tickers=${t}`,
    `/api/data/v2/chart/price?tickers=${t}`,
    `/api/data/v2/chart/price?tickers=${t}&resolution=daily`,
    `/api/data/chart/downside-potential?tickers=${t}`,
    `/api/data/chart/dividend-yield-by-time?tickers=${t}`,
    `/api/data/chart/valuation-ratios?tickers=${t}`,
    `/api/data/chart/valuation-ratios?tickers=${t}&resolution=daily`,
    `/api/data/dividends/dps?tickers=${t}`,
    `/api/data/dividends/by-month?tickers=${t}`,
    `/api/data/indicator/div-perc?ticker=${t}`,
    ...financials.flatMap((name) => [
      `/api/data/financials/${name}?tickers=${t}`,
      `/api/data/financials/${name}?tickers=${t}&period=quarterly`,
    ]),
    `/api/data/financials/financial-returns?tickers=${t}`,
    `/api/data/financials/ttm-financial?tickers=${t}`,
    `/api/data/sheet?ticker=${t}`,
    `/api/data/sheet/data/${t}/income-statement?period=quarterly`,
  ];
}

export interface PayloadRow {
  path: string;
  status: number;
  /** Body bytes as sent (compressed). */
  bytes: number;
  /** The first request of the call after the server started (what the first visitor waits). */
  first: number;
  p50: number;
  p90: number;
}

/**
 * `requests` uncached requests of each call, one at a time on one connection, after a first one (timed
 * apart: on a server just started it is the data version's first).
 */
export async function measureOneTicker(
  host: string,
  port: number,
  ticker: string,
  requests = 15,
): Promise<PayloadRow[]> {
  const pool = new Pool(host, port, 1);
  const rows: PayloadRow[] = [];
  try {
    for (const path of oneTickerCalls(ticker)) {
      const sep = path.includes('?') ? '&' : '?';
      const started = performance.now();
      const first = await pool.get(`${path}${sep}_=warm-${Date.now()}`, ACCEPT);
      const firstMs = performance.now() - started;
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        await pool.get(`${path}${sep}_=${Date.now()}-${i}`, ACCEPT);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? Number.NaN;
      rows.push({ path, status: first.status, bytes: first.bytes, first: firstMs, p50: at(0.5), p90: at(0.9) });
    }
  } finally {
    pool.destroy();
  }
  return rows;
}

export function printOneTicker(rows: readonly PayloadRow[], out: (line: string) => void): void {
  out(
    `${'call (one ticker, whole history, br)'.padEnd(72)} ${'status'.padStart(6)} ${'kB'.padStart(7)} ${'first'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)}`,
  );
  for (const r of rows) {
    const over = r.bytes > 100_000 || r.p50 > 20 ? '  over the goal' : '';
    out(
      `${r.path.padEnd(72)} ${String(r.status).padStart(6)} ${(r.bytes / 1000).toFixed(1).padStart(7)} ${r.first.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(7)} ${r.p90.toFixed(2).padStart(7)}${over}`,
    );
  }
  out(
    'Goal: each call within 20 ms uncached (p50) and 100 kB compressed (resolution=daily rows: the full data, asked for).\n' +
      'first: the first request of each call after the start, in this order (the first ticker page after a start or an ingest).',
  );
}
