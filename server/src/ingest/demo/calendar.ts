/*
 * The demo's company calendars (issue 42): real companies go ex-dividend on their own day of their own
 * months and report on their own day within the SEC's deadlines (40 days after a quarter, 60 after a
 * year, for large filers), not all on the same day. Each company's days come from its ticker, so the demo
 * stays deterministic and a company keeps its rhythm year after year.
 */

export type PayFrequency = 'monthly' | 'quarterly' | 'annual';

/** A stable number of a ticker (FNV-1a), the seed of its calendar. */
export function tickerCode(ticker: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < ticker.length; i++) {
    hash ^= ticker.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The months a company goes ex-dividend: a quarterly payer in one of the three quarterly cycles. */
export function payMonths(ticker: string, frequency: PayFrequency): number[] {
  const shift = tickerCode(ticker) % 3;
  if (frequency === 'monthly') return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  if (frequency === 'quarterly') return [1, 4, 7, 10].map((m) => m + shift);
  return [4 + shift];
}

/** The company's day of the month for its ex-dividend dates: 1 to 28, so every month has it. */
export function exDividendDayOfMonth(ticker: string): number {
  return 1 + (Math.floor(tickerCode(ticker) / 3) % 28);
}

/** Days from a period's end to its filing: 21-39 for a quarter, 40-59 for a year (within the deadlines). */
export function filingLagDays(ticker: string, annual: boolean): number {
  const code = Math.floor(tickerCode(ticker) / 97);
  return annual ? 40 + (code % 20) : 21 + (code % 19);
}
