/*
 * A company's peers (issue 33): the companies of its industry nearest to it in size (the distance of
 * the logarithms of the market caps, so 10 bn is as near to 5 bn as to 20 bn); when its industry has
 * fewer than MIN_PEERS others, the nearest of its sector fill the list. Companies without a market cap
 * come last, by ticker. Never companies of another sector: they are not peers.
 */
export const MIN_PEERS = 5;
export const MAX_PEERS = 8;

export interface PeerCandidate {
  id: number;
  ticker: string;
  sector: string | null;
  industry: string | null;
  marketCap: number | null;
}

const logCap = (cap: number | null) => (cap !== null && cap > 0 ? Math.log(cap) : null);

/** The peers of `company` among `candidates` (which may include it), nearest first. */
export function choosePeers<T extends PeerCandidate>(company: PeerCandidate, candidates: readonly T[]): T[] {
  const own = logCap(company.marketCap);
  const distance = (c: T) => {
    const cap = logCap(c.marketCap);
    // Without the company's own size, the largest first.
    if (own === null) return cap === null ? Number.POSITIVE_INFINITY : -cap;
    return cap === null ? Number.POSITIVE_INFINITY : Math.abs(cap - own);
  };
  const nearest = (list: T[]) =>
    list
      .map((c) => ({ c, d: distance(c) }))
      .sort((a, b) => a.d - b.d || a.c.ticker.localeCompare(b.c.ticker))
      .map(({ c }) => c);
  const others = candidates.filter((c) => c.id !== company.id);
  const industry = company.industry === null ? [] : nearest(others.filter((c) => c.industry === company.industry));
  if (industry.length >= MIN_PEERS) return industry.slice(0, MAX_PEERS);
  const sector =
    company.sector === null
      ? []
      : nearest(others.filter((c) => c.sector === company.sector && c.industry !== company.industry));
  return [...industry, ...sector].slice(0, MAX_PEERS);
}
