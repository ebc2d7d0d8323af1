import type { CompanyPeers, NextReport, PeerRow } from '@app/contract';
import { estimateNextReport, type FiledPeriod } from '../../finance/report-date.ts';
import type { StockRow } from './queries.ts';

/* Shapes of the peers and next-report answers. */

function presentPeer(row: StockRow): PeerRow {
  const { id: _id, asOf: _asOf, ...ratios } = row;
  return ratios;
}

/** The company first, then its peers in the order chosen, each with its screener figures. */
export function presentPeers(company: StockRow, peers: readonly StockRow[]): CompanyPeers {
  return { asOf: company.asOf, company: presentPeer(company), peers: peers.map(presentPeer) };
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
