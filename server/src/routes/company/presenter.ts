import {
  type CardFigure,
  type CompanyLinks,
  type CompanyProfile,
  type CompanySearch,
  cardFigures,
  type HomeCards,
  screenerColumnOf,
} from '@app/contract';
import { demoCoinAbout } from '../../ingest/demo/universe.ts';
import type { searchSecurities, selectCards, selectLinkSources, selectProfile } from './queries.ts';

/* Shapes of the company responses. */

/**
 * A demo coin's "About" text is written in every language (issue 23); other descriptions are as the data
 * has them.
 */
export function presentProfile(row: Awaited<ReturnType<typeof selectProfile>>, language = 'en'): CompanyProfile {
  const demoAbout = Number(row.is_demo) === 1 && row.kind === 'crypto' ? demoCoinAbout(row.ticker, language) : null;
  return {
    ticker: row.ticker,
    name: row.name,
    kind: row.kind,
    exchange: row.exchange,
    sector: row.sector,
    industry: row.industry,
    country: row.country,
    currency: row.currency,
    description: demoAbout ?? row.description,
    website: row.website,
    cik: row.cik,
    fiscalYearEnd: row.fiscal_year_end,
    price: row.price ?? null,
    changePct: row.change_pct ?? null,
    marketCap: row.market_cap ?? null,
    demo: Number(row.is_demo) === 1,
    pricesAsOf: row.as_of ?? null,
    filingsAsOf: row.filings_as_of ? String(row.filings_as_of).slice(0, 10) : null,
  };
}

export function presentLinks([security, feeds]: Awaited<ReturnType<typeof selectLinkSources>>): CompanyLinks {
  const links: CompanyLinks['links'] = [];
  if (security.website) links.push({ kind: 'website', url: security.website, title: null });
  if (security.investor_relations_url)
    links.push({ kind: 'investor_relations', url: security.investor_relations_url, title: null });
  if (security.cik)
    links.push({
      kind: 'sec_filings',
      url: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${encodeURIComponent(security.cik)}`,
      title: 'SEC filings',
    });
  for (const feed of feeds) links.push({ kind: 'news_feed', url: feed.url, title: feed.title });
  return { ticker: security.ticker, links };
}

type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

/** A year of closes thinned to one a week (every fifth trading day, counted back from the last). */
export function weeklySparkline(closes: readonly { day: string; close_split_adj: number }[], asOf: string | null) {
  if (!asOf) return [];
  const from = new Date(Date.parse(`${asOf}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
  const year = closes.filter((c) => c.day > from && c.day <= asOf);
  const out: HomeCards['cards'][number]['sparkline'] = [];
  for (let i = year.length - 1; i >= 0; i -= 5) {
    const c = year[i] as (typeof year)[number];
    out.push({ day: c.day, close: c.close_split_adj });
  }
  return out.reverse();
}

export function presentCard(row: CardRow, sparkline: HomeCards['cards'][number]['sparkline']) {
  return {
    ticker: row.ticker,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    // The catalogue's card figures, each from its screener column (one declaration: catalogue.ts `cards`).
    ...(Object.fromEntries(cardFigures.map((name) => [name, row[screenerColumnOf(name)]])) as Record<
      CardFigure,
      number | null
    >),
    day: row.as_of,
    sparkline,
  };
}

const MATCHES = ['ticker', 'ticker_prefix', 'name_word_prefix', 'substring'] as const;

export function presentSearch(rows: Awaited<ReturnType<typeof searchSecurities>>): CompanySearch {
  return {
    results: rows.map((r) => ({
      ticker: r.ticker,
      name: r.name,
      kind: r.kind,
      exchange: r.exchange,
      match: MATCHES[Number(r.rank)] ?? 'substring',
    })),
  };
}
