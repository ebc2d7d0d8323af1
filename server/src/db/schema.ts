import type { ScreenerFigureColumns } from '@app/contract/catalogue';
import type { Generated } from 'kysely';

/*
 * The database as Kysely sees it. Portable across SQLite and PostgreSQL:
 * - booleans are integers 0/1 (better-sqlite3 cannot bind `true`);
 * - calendar days are 'YYYY-MM-DD' strings (PostgreSQL `date`, SQLite text);
 * - instants are ISO-8601 UTC strings ('2026-11-21T17:58:29.000Z'), which sort as text;
 * - money and ratios are double precision, with the unit in the column name where it is not obvious.
 * See docs/decisions/0001-two-database-engines.md.
 */

export type Flag = 0 | 1;
export type SecurityKind = 'stock' | 'crypto';
export type Period = 'annual' | 'quarterly';

export interface SecuritiesTable {
  id: Generated<number>;
  ticker: string;
  kind: SecurityKind;
  name: string;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  country: string | null;
  currency: string;
  description: string | null;
  website: string | null;
  investor_relations_url: string | null;
  cik: string | null;
  sic_code: string | null;
  sic_description: string | null;
  /** MMDD of the fiscal year end, as SEC submissions give it. */
  fiscal_year_end: string | null;
  launched_on: string | null;
  is_demo: Flag;
  is_green_energy: Flag;
  is_green_transport: Flag;
  is_green_water: Flag;
  is_green_waste: Flag;
  /** JSON object: flag name -> the rule that set it (shown by the API). */
  green_rules: string | null;
  created_at: string;
  updated_at: string;
}

export interface DailyPricesTable {
  security_id: number;
  day: string;
  /** As traded on the day (not adjusted). */
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
  /** Close adjusted for later splits only. */
  close_split_adj: number;
  /** Close adjusted for later splits and dividends (total return). */
  close_adj: number;
}

/** A coin's market cap and supply on a UTC day (migration 012); null where the source gives none. */
export interface CoinSupplyTable {
  security_id: number;
  day: string;
  /** In the coin's currency: price x circulating supply, as the source reports it. */
  market_cap: number | null;
  /** Coins in public hands. */
  circulating_supply: number | null;
  /** Coins in existence (minus those burned), locked ones included. */
  total_supply: number | null;
  /** The most that can ever exist; null when there is no cap (or the source does not say). */
  max_supply: number | null;
}

export interface DividendsTable {
  security_id: number;
  ex_date: string;
  pay_date: string | null;
  record_date: string | null;
  declared_date: string | null;
  /** Per share, as paid. */
  amount: number;
  /** Per share, adjusted for later splits so history is comparable. */
  amount_split_adj: number;
  currency: string;
  source: string;
}

export interface SplitsTable {
  security_id: number;
  day: string;
  /** A 4:1 split is numerator 4, denominator 1. */
  numerator: number;
  denominator: number;
  source: string;
}

/** Read-side chunks of daily_prices: one security's closes of one calendar year (derived/price-years.ts). */
export interface PriceYearsTable {
  security_id: number;
  year: number;
  /** YYYY-MM-DD of each day, concatenated. */
  days: string;
  /** Comma-joined, one per day. */
  close_split_adj: string;
  close_adj: string;
  /**
   * The days' raw open, high, low, close and volume: float64 little-endian, column-major (n opens, then n
   * highs...), NaN where the source gave none (migration 021). Null in a chunk written before it, until
   * the repair at start writes it again.
   */
  bars: Uint8Array | null;
}

/**
 * Read-side copy of one security's last close of every month, total-return adjusted (migration 014,
 * derived/price-years.ts packPriceMonths): what the beta's universe index reads, 72 months per stock
 * instead of 1,500 days. Written with the security's price_years, from the same history.
 */
export interface PriceMonthsTable {
  security_id: number;
  /** YYYY-MM of each month with a close, concatenated, ascending. */
  months: string;
  /** The month's last close_adj, comma-joined, one per month (String(n): Number(text) is the value). */
  close_adj: string;
}

/**
 * Read-side copy of financial_facts: every line item of one security for one kind of period, as a
 * matrix of items by periods (derived/fact-statements.ts packFactStatement). n = the number of periods.
 */
export interface FactStatementsTable {
  security_id: number;
  period: Period;
  /** YYYY-MM-DD of each period, concatenated, ascending: the union of the items' period ends. */
  period_ends: string;
  /** Same width; ---------- for none (a period of instants only). */
  period_starts: string;
  /** Comma-joined, one per period. */
  fiscal_years: string;
  /** Two letters each (FY, Q1..Q4). */
  fiscal_periods: string;
  /** The line items, sorted, comma-joined: row k of the matrices. */
  line_items: string;
  /** float64 little-endian, item-major: item k at period i is amount k * n + i (derived/fact-statements.ts packAmounts). */
  amounts: Uint8Array;
  /** The distinct filings (a JSON array), then per item '', '=' or the cells' indexes into them; '' when none at all (derived/fact-statements.ts). */
  accessions: string;
  /** Item-major, one character per cell: 1 derived, 0 filed, - no fact. */
  derived: string;
  /** ISO 4217 code of the amounts: the reporting currency of the filings (migration 011). */
  currency: string;
  /**
   * The cells a later filing changed (migration 020): '' when none, else a JSON array of
   * [k, i, first value, first accession, first filed, latest filed, concept] (derived/fact-statements.ts).
   */
  restated: string;
  /**
   * Each cell's filing day (migration 022): int32 little-endian day numbers, item-major like the amounts,
   * NO_FILED_DAY where none (derived/fact-statements.ts).
   */
  filed_days: Uint8Array;
}

export interface FinancialFactsTable {
  security_id: number;
  /** Our normalised line item name (revenue, net_income, eps_basic, ...). */
  line_item: string;
  period: Period;
  period_start: string | null;
  period_end: string;
  fiscal_year: number;
  fiscal_period: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TP';
  value: number;
  unit: string;
  /** The us-gaap (or dei) concept the value came from. */
  concept: string;
  /**
   * SEC accession number of the filing, e.g. 0000320193-22-000108; a derived value (Q4 = FY - Q1..Q3)
   * lists every filing it uses, comma-joined (the 10-K first).
   */
  accession: string | null;
  form: string | null;
  filed: string | null;
  /** 1 when computed rather than filed (Q4 = FY - Q1..Q3). */
  derived: Flag;
  /**
   * The value as first filed, its filing and the day, when a later filing changed it (the restatement
   * ledger, migration 015); null when the value is as first filed, or for a computed one.
   */
  first_value?: number | null;
  first_accession?: string | null;
  first_filed?: string | null;
}

/**
 * Every value a stored fact had over the filings, a row per change (migration 019, statements as filed
 * on a day): the fact's latest value (financial_facts) is its last version from its own filing day on.
 */
export interface FactVersionsTable {
  security_id: number;
  period: Period;
  line_item: string;
  period_end: string;
  /** The day of the filing that first gave the value; '' when not known (known on every day). */
  filed: string;
  value: number;
  accession: string | null;
}

/**
 * The screener's precomputed wide table: one row per security. Its figure columns are the metric
 * catalogue's (contract/src/catalogue.ts: each figure with a screener column, under its snake_case name);
 * a migration adds each one.
 */
export type IndicatorsTable = ScreenerFigureColumns & {
  security_id: number;
  ticker: string;
  name: string;
  kind: SecurityKind;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  country: string | null;
  currency: string;
  is_green_energy: Flag;
  is_green_transport: Flag;
  is_green_water: Flag;
  is_green_waste: Flag;
  as_of: string | null;
  updated_at: string;
};

/**
 * The screener's figures as known at the end of a calendar month (issue 43, ADR 0026): one row per
 * security and month end, computed by the same function as the screener as of that day
 * (metrics/indicator-months.ts); the descriptive columns are the security's, read beside them.
 */
export type IndicatorMonthsTable = ScreenerFigureColumns & {
  day: string;
  security_id: number;
  as_of: string | null;
};

/** What a security's month rows were computed from: its screener row's updated_at, and the last month end written. */
export interface IndicatorMonthSourcesTable {
  security_id: number;
  source: string;
  through: string;
}

export interface FeedsTable {
  id: Generated<number>;
  url: string;
  kind: 'home' | 'analysis' | 'company';
  locale: string;
  security_id: number | null;
  title: string | null;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: string | null;
  last_success_at: string | null;
  next_fetch_at: string | null;
  error_count: number;
  last_error: string | null;
  enabled: Flag;
  created_at: string;
  /** Where the feed was registered from (migration 003); each origin is re-synced on its own. */
  origin: Generated<FeedOrigin>;
}

export type FeedOrigin = 'file' | 'cli' | 'link' | 'demo';

export interface NewsItemsTable {
  id: Generated<number>;
  feed_id: number;
  guid: string;
  link: string | null;
  title: string;
  summary: string | null;
  published_at: string;
  source: string | null;
  locale: string;
  created_at: string;
}

export interface NewsItemTickersTable {
  news_item_id: number;
  ticker: string;
}

export interface UsersTable {
  id: Generated<number>;
  /** OIDC issuer + subject identify an identity-provider user. */
  issuer: string | null;
  subject: string | null;
  name: string | null;
  email: string | null;
  /** Lower-case 0x address of a linked or signing-in wallet. */
  wallet_address: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself lives only in the cookie. */
  id: string;
  user_id: number | null;
  wallet_address: string | null;
  chain_id: number | null;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface WalletNoncesTable {
  nonce: string;
  address: string;
  chain_id: number;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ReferralsTable {
  user_id: number;
  code: string;
  created_at: string;
}

export interface WatchlistsTable {
  user_id: number;
  ticker: string;
  position: number;
  added_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  name: string;
  path: string;
  language: string | null;
  props: string | null;
  created_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** One run of the ingest CLI (issue 3); an unfinished 'running' run is resumed by the next identical one. */
export interface IngestRunsTable {
  id: Generated<number>;
  source: string;
  /** JSON: the tickers asked for (sorted) or ["--all"]; a resume needs the same. */
  args: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  started_at: string;
  finished_at: string | null;
  /** JSON summary (loaded, unchanged, failed, rejected counts); `abandoned` names a dead owner's run. */
  summary: string | null;
  /** "host:pid:boot" of the process loading it (ingest/run-owner.ts); null in runs from before. */
  owner: string | null;
  /** When its owner last wrote a security. */
  heartbeat_at: string | null;
}

export interface IngestRunItemsTable {
  run_id: number;
  ticker: string;
  status: 'loaded' | 'unchanged' | 'failed';
  detail: string | null;
  finished_at: string;
}

/** Bulk archive entries already loaded, with their fingerprint (migration 018, ingest/bulk/). */
export interface BulkEntriesTable {
  archive: string;
  entry_key: string;
  fingerprint: string;
  ticker: string;
  loaded_at: string;
}

export interface IngestRejectionsTable {
  run_id: number;
  source: string;
  ticker: string;
  field: string;
  reason: string;
  created_at: string;
}

export interface Schema {
  securities: SecuritiesTable;
  daily_prices: DailyPricesTable;
  coin_supply: CoinSupplyTable;
  dividends: DividendsTable;
  splits: SplitsTable;
  financial_facts: FinancialFactsTable;
  fact_versions: FactVersionsTable;
  price_years: PriceYearsTable;
  price_months: PriceMonthsTable;
  fact_statements: FactStatementsTable;
  indicators: IndicatorsTable;
  indicator_months: IndicatorMonthsTable;
  indicator_month_sources: IndicatorMonthSourcesTable;
  feeds: FeedsTable;
  news_items: NewsItemsTable;
  news_item_tickers: NewsItemTickersTable;
  users: UsersTable;
  sessions: SessionsTable;
  wallet_nonces: WalletNoncesTable;
  referrals: ReferralsTable;
  watchlists: WatchlistsTable;
  analytics_events: AnalyticsEventsTable;
  app_meta: AppMetaTable;
  ingest_runs: IngestRunsTable;
  ingest_run_items: IngestRunItemsTable;
  ingest_rejections: IngestRejectionsTable;
  bulk_entries: BulkEntriesTable;
}
