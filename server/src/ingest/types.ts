import type { Period, SecurityKind } from '../db/schema.ts';

/*
 * The normalised records every source produces (fetch -> parse -> normalise), whatever its format.
 * The loader only ever sees these. Days are 'YYYY-MM-DD'; prices are as traded (raw), the loader
 * computes the split- and dividend-adjusted columns itself.
 */

export interface SecurityProfile {
  ticker: string;
  kind: SecurityKind;
  name?: string;
  exchange?: string | null;
  sector?: string | null;
  industry?: string | null;
  country?: string | null;
  currency?: string;
  description?: string | null;
  website?: string | null;
  investorRelationsUrl?: string | null;
  cik?: string | null;
  sicCode?: string | null;
  sicDescription?: string | null;
  fiscalYearEnd?: string | null;
  launchedOn?: string | null;
}

export interface PriceBar {
  day: string;
  open: number | null;
  high: number | null;
  low: number | null;
  /** As traded on the day, before any later split. */
  close: number;
  volume: number | null;
}

/** A coin's market cap and supply on a UTC day; null where the source does not give it. */
export interface CoinSupplyDay {
  day: string;
  /** In the coin's currency. */
  marketCap: number | null;
  circulating: number | null;
  total: number | null;
  /** null: no cap (or unknown). */
  max: number | null;
}

export interface DividendRecord {
  exDate: string;
  /** Per share, as paid (in the share terms of the ex-date). */
  amount: number;
  payDate?: string | null;
  recordDate?: string | null;
  declaredDate?: string | null;
  currency?: string;
}

export interface SplitRecord {
  day: string;
  numerator: number;
  denominator: number;
}

export interface FactRecord {
  lineItem: string;
  period: Period;
  periodStart: string | null;
  periodEnd: string;
  fiscalYear: number;
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TP';
  value: number;
  /** The value as first filed, when a later filing changed it (the restatement ledger). */
  firstFiled?: { value: number; accession: string | null; filed: string | null };
  /**
   * Every value the fact had over the filings, oldest first, a version only where the value changed
   * (statements as filed on a day, table fact_versions): absent for a source without filings' history.
   */
  versions?: FactVersion[];
  /** USD, EUR... for amounts, EUR/shares per share, shares: the reporting currency the filing uses. */
  unit: string;
  concept: string;
  /** The filing; a derived value names every filing it uses, comma-joined (the 10-K first). */
  accession: string | null;
  form: string | null;
  filed: string | null;
  derived: boolean;
}

/** One value of a fact as filed: the filing that first gave it and its day (null: not known). */
export interface FactVersion {
  value: number;
  accession: string | null;
  filed: string | null;
}

/** A record that failed validation: reported and skipped, never loaded. */
export interface Rejection {
  source: string;
  ticker: string;
  field: string;
  reason: string;
}

/** Everything one source knows about one security, ready for the loader. */
export interface SecurityBundle {
  profile: SecurityProfile;
  prices?: PriceBar[];
  dividends?: DividendRecord[];
  splits?: SplitRecord[];
  facts?: FactRecord[];
  /** Coins: market cap and supply per day (merged with what is stored, like prices). */
  supply?: CoinSupplyDay[];
  rejections: Rejection[];
  /** A source of statements that found none for the company says why (the ingest summary counts them). */
  noStatements?: string;
  /** `facts` are the company's whole history (SEC companyfacts): stored facts not among them are deleted. */
  factsComplete?: boolean;
}

/** One data source behind one interface: list what it can load, fetch one security normalised. */
export interface Source {
  name: string;
  /** Tickers for `--all`. */
  listTickers(): Promise<string[]>;
  fetchSecurity(ticker: string): Promise<SecurityBundle>;
  /** Mark loaded securities as demo data (only the demo generator does). */
  demo?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  // A calendar check, not Date.parse (V8 quietly rolls 2024-02-30 over to March 1st); this runs for every
  // fact and price of a load.
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const date = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || date < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return date <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}

/** Seconds since the epoch plus the exchange's UTC offset -> the exchange's calendar day. */
export function dayOfTimestamp(seconds: number, gmtOffsetSeconds = 0): string {
  return new Date((seconds + gmtOffsetSeconds) * 1000).toISOString().slice(0, 10);
}

export function finiteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
