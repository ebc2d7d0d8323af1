import type { Db } from '../src/db/index.ts';
import { addDays } from '../src/finance/types.ts';
import { runIngest } from '../src/ingest/loader.ts';
import type {
  CoinSupplyDay,
  DividendRecord,
  FactRecord,
  PriceBar,
  SecurityBundle,
  SecurityProfile,
  SplitRecord,
} from '../src/ingest/types.ts';

/*
 * Test factories for the data calls: small, readable securities loaded through the real loader (so
 * the adjusted closes, screener rows and data version are what production computes), from an
 * in-memory source. Tests state exactly the prices, dividends, splits and facts they reason about.
 */

/** Trading days (Monday to Friday) from..to with a close given by the function of the day. */
export function weekdayBars(from: string, to: string, close: (day: string, index: number) => number): PriceBar[] {
  const out: PriceBar[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const c = close(day, out.length);
    out.push({ day, open: c * 0.99, high: c * 1.01, low: c * 0.98, close: c, volume: 1000 });
  }
  return out;
}

/** Every calendar day (crypto trades on UTC days, weekends included). */
export function calendarBars(from: string, to: string, close: (day: string, index: number) => number): PriceBar[] {
  const out: PriceBar[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const c = close(day, out.length);
    out.push({ day, open: c, high: c, low: c, close: c, volume: 10 });
  }
  return out;
}

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'] as const;

/** One filed fact; accession names the fiscal year and quarter so tests can check where a value came from. */
export function fact(
  lineItem: string,
  fiscalYear: number,
  fiscalPeriod: FactRecord['fiscalPeriod'],
  value: number,
  options: { unit?: string; instant?: boolean; derived?: boolean } = {},
): FactRecord {
  const annual = fiscalPeriod === 'FY';
  const q = annual ? 4 : Number(fiscalPeriod.slice(1));
  const periodEnd = `${fiscalYear}-${QUARTER_ENDS[q - 1]}`;
  const periodStart = options.instant
    ? null
    : annual
      ? `${fiscalYear}-01-01`
      : `${fiscalYear}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
  return {
    lineItem,
    period: annual ? 'annual' : 'quarterly',
    periodStart,
    periodEnd,
    fiscalYear,
    fiscalPeriod,
    value,
    unit:
      options.unit ?? (lineItem.startsWith('eps') ? 'USD/shares' : lineItem.startsWith('shares') ? 'shares' : 'USD'),
    concept: 'test',
    // 10-K of a year: ...-000010; 10-Q of quarter q: ...-00000q.
    accession: `0000000001-${String(fiscalYear).slice(2)}-${String(annual ? 10 : q).padStart(6, '0')}`,
    form: annual ? '10-K' : '10-Q',
    filed: addDays(periodEnd, 40),
    derived: options.derived ?? false,
  };
}

export interface SecuritySeed {
  ticker: string;
  kind?: 'stock' | 'crypto';
  profile?: Partial<SecurityProfile>;
  prices?: PriceBar[];
  dividends?: DividendRecord[];
  splits?: SplitRecord[];
  facts?: FactRecord[];
  /** Coins: market cap and supply per day. */
  supply?: CoinSupplyDay[];
}

/** Load the securities through the loader in one run (screener rows recomputed, data version bumped). */
export async function loadSecurities(db: Db, seeds: readonly SecuritySeed[]): Promise<void> {
  const bundles = new Map<string, SecurityBundle>(
    seeds.map((seed) => [
      seed.ticker,
      {
        profile: {
          ticker: seed.ticker,
          kind: seed.kind ?? 'stock',
          name: `${seed.ticker} Corp`,
          currency: 'USD',
          exchange: seed.kind === 'crypto' ? null : 'NASDAQ',
          ...seed.profile,
        },
        prices: seed.prices ?? [],
        dividends: seed.dividends ?? [],
        splits: seed.splits ?? [],
        facts: seed.facts ?? [],
        ...(seed.supply ? { supply: seed.supply } : {}),
        rejections: [],
      },
    ]),
  );
  const summary = await runIngest({
    db,
    source: {
      name: 'test',
      demo: true,
      listTickers: async () => [...bundles.keys()],
      fetchSecurity: async (ticker) => bundles.get(ticker) as SecurityBundle,
    },
    tickers: [...bundles.keys()],
    resume: false,
  });
  if (summary.failed.length > 0) throw new Error(`test data failed to load: ${JSON.stringify(summary.failed)}`);
}
