import type { MarketMover, SectorPerformance, UpcomingExDividends } from '@app/contract';
import { frequencyAsOf } from '../../finance/dividend-frequency.ts';
import { nextDividend } from '../../market-stats/statistics.ts';
import { changeSince } from '../../metrics/closes.ts';
import type { DividendHistoryRow, QuoteRow, SectorRow } from './queries.ts';

/*
 * Pure shaping of the market context (issue 23): what counts as a mover, how a sector's change is
 * weighted, and when a stock's next ex-dividend day falls. Changes come out in percent.
 */

const mover = (row: QuoteRow): MarketMover => ({
  ticker: row.ticker,
  name: row.name,
  currency: row.currency,
  price: row.price,
  changePct: row.changePct,
  volume: row.volume,
  marketCap: row.marketCap,
});

const byTicker = (a: QuoteRow, b: QuoteRow) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0);

/** Gainers rose on the last day, losers fell (a flat day is neither); most active by shares traded. */
export function presentMovers(rows: readonly QuoteRow[], limit: number) {
  const changed = rows.filter((row) => row.changePct !== null);
  const gainers = changed
    .filter((row) => (row.changePct as number) > 0)
    .sort((a, b) => (b.changePct as number) - (a.changePct as number) || byTicker(a, b));
  const losers = changed
    .filter((row) => (row.changePct as number) < 0)
    .sort((a, b) => (a.changePct as number) - (b.changePct as number) || byTicker(a, b));
  const active = rows
    .filter((row) => row.volume !== null && row.volume > 0)
    .sort((a, b) => (b.volume as number) - (a.volume as number) || byTicker(a, b));
  return {
    gainers: gainers.slice(0, limit).map(mover),
    losers: losers.slice(0, limit).map(mover),
    mostActive: active.slice(0, limit).map(mover),
  };
}

/** Coins, the most traded in currency (volume x price) first: the ones readers follow lead the strip. */
export function presentCoins(rows: readonly QuoteRow[]): MarketMover[] {
  const traded = (row: QuoteRow) => (row.volume ?? 0) * (row.price ?? 0);
  return [...rows].sort((a, b) => traded(b) - traded(a) || byTicker(a, b)).map(mover);
}

/**
 * A market-cap-weighted mean of the values present (an index's change); null when no member with a value
 * has a known cap. Never equal weights instead: one label, one definition (issue 42), and the markets
 * page's equal-weighted figures are labelled as such.
 */
export function capWeighted(items: readonly { weight: number; value: number | null }[]): number | null {
  const present = items.filter((item): item is { weight: number; value: number } => item.value !== null);
  const total = present.reduce((sum, item) => sum + item.weight, 0);
  if (total <= 0) return null;
  return present.reduce((sum, item) => sum + item.weight * item.value, 0) / total;
}

/** Each sector's day, one-month and one-year price change, weighted by market cap; largest sector first. */
export function presentSectors(rows: readonly SectorRow[]): SectorPerformance['sectors'] {
  const groups = new Map<string, SectorRow[]>();
  for (const row of rows) {
    const members = groups.get(row.sector);
    if (members) members.push(row);
    else groups.set(row.sector, [row]);
  }
  return [...groups.entries()]
    .map(([sector, members]) => {
      const weight = (row: SectorRow) => row.marketCap ?? 0;
      return {
        sector,
        companies: members.length,
        marketCap: members.reduce((sum, row) => sum + weight(row), 0),
        dayPct: capWeighted(members.map((row) => ({ weight: weight(row), value: row.changePct }))),
        monthPct: capWeighted(
          members.map((row) => ({ weight: weight(row), value: changeSince(row.price, row.closeMonthAgo) })),
        ),
        // Each stock's one-year change is the catalogue's (its screener column), weighted here.
        yearPct: capWeighted(members.map((row) => ({ weight: weight(row), value: row.change1yPct }))),
      };
    })
    .sort((a, b) => b.marketCap - a.marketCap || a.sector.localeCompare(b.sector));
}

/**
 * The next ex-dividend day of each paying stock after `lastDay`, as its key statistics give it
 * (market-stats/statistics.ts nextDividend: the first announced one, else projected from the payment
 * pattern and marked estimated). A stock with no ex-day in the last year has stopped paying and is left
 * out. Soonest first, at most `limit`.
 */
export function presentExDividends(
  rows: readonly DividendHistoryRow[],
  lastDay: string,
  limit: number,
): UpcomingExDividends['items'] {
  const bySecurity = new Map<number, DividendHistoryRow[]>();
  for (const row of rows) bySecurity.set(row.securityId, [...(bySecurity.get(row.securityId) ?? []), row]);
  const items: UpcomingExDividends['items'] = [];
  for (const history of bySecurity.values()) {
    const frequency = frequencyAsOf(
      history.map((row) => row.exDate),
      lastDay,
    );
    const next = nextDividend(
      history.map((row) => ({ exDate: row.exDate, amount: row.amount })),
      lastDay,
    );
    const source = history[0];
    if (!frequency || !next || !source) continue;
    items.push({
      ticker: source.ticker,
      name: source.name,
      exDate: next.exDate,
      amount: next.amount,
      currency: source.currency,
      yieldPct: source.yieldPct,
      frequency,
      estimated: next.estimated,
    });
  }
  // Soonest first; on the same day the higher yield first (what a dividend reader looks for), then the ticker.
  return items
    .sort(
      (a, b) =>
        (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0) ||
        (b.yieldPct ?? -1) - (a.yieldPct ?? -1) ||
        (a.ticker < b.ticker ? -1 : 1),
    )
    .slice(0, limit);
}
