import type { CompanyPeers, NextReport, PeerRow } from '@app/contract';
import { estimateNextReport, type FiledPeriod } from '../../finance/report-date.ts';
import { changeOver, type IndexPoint } from '../../market-stats/market-index.ts';
import type { StockRow } from './queries.ts';

/* Shapes of the peers and next-report answers. */

const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

function presentPeer(row: StockRow, closes: readonly IndexPoint[] | undefined): PeerRow {
  const { id: _id, asOf: _asOf, ...ratios } = row;
  return { ...ratios, change1yPct: percent(changeOver(closes ?? [], 'year')) };
}

/** The company first, then its peers in the order chosen, each with its year's change from its closes. */
export function presentPeers(
  company: StockRow,
  peers: readonly StockRow[],
  closes: ReadonlyMap<number, readonly IndexPoint[]>,
): CompanyPeers {
  return {
    asOf: company.asOf,
    company: presentPeer(company, closes.get(company.id)),
    peers: peers.map((peer) => presentPeer(peer, closes.get(peer.id))),
  };
}

/** The estimate as known on the last trading day: filings made public after it are not known yet. */
export function presentNextReport(ticker: string, filings: readonly FiledPeriod[], asOf: string | null): NextReport {
  const known = asOf ? filings.filter((f) => f.filed <= asOf) : [];
  const last = [...known].sort((a, b) => a.periodEnd.localeCompare(b.periodEnd)).at(-1);
  const estimate = asOf ? estimateNextReport(known, asOf) : { cadence: 'none' as const, expected: null };
  return {
    ticker,
    asOf,
    estimated: true,
    ...estimate,
    lastFiled: last ? { periodEnd: last.periodEnd, filed: last.filed } : null,
  };
}
