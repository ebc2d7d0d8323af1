import type { Db } from '../db/index.ts';
import { readDataVersion, readMeta } from '../db/meta.ts';
import { DEMO_SEEDING } from './demo/seed.ts';
import { FILINGS_AS_OF, PRICES_AS_OF } from './loader.ts';

export interface DataStatusRow {
  dataVersion: number;
  demo: boolean;
  stocks: number;
  crypto: number;
  pricesAsOf: string | null;
  filingsAsOf: string | null;
  /** Securities in the demo universe while a first start is loading it in the background, else null. */
  seedingTotal: number | null;
}

/** A few small reads: the as-of days are kept in app_meta by the loader, not scanned from the series. */
export async function readDataStatus(db: Db): Promise<DataStatusRow> {
  const [dataVersion, demo, kinds, pricesAsOf, filingsAsOf, seeding] = await Promise.all([
    readDataVersion(db),
    db.selectFrom('securities').select('id').where('is_demo', '=', 1).limit(1).executeTakeFirst(),
    db
      .selectFrom('securities')
      .select(['kind', db.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute(),
    readMeta(db, PRICES_AS_OF),
    readMeta(db, FILINGS_AS_OF),
    readMeta(db, DEMO_SEEDING),
  ]);
  const count = (kind: string) => Number(kinds.find((k) => k.kind === kind)?.n ?? 0);
  return {
    dataVersion,
    demo: Boolean(demo),
    stocks: count('stock'),
    crypto: count('crypto'),
    pricesAsOf,
    filingsAsOf,
    seedingTotal: seeding === null ? null : Number(seeding),
  };
}

/** Securities a finished load left without a kind of data: how many, and the first tickers. */
export interface DataGap {
  count: number;
  tickers: string[];
}

const GAP_TICKERS = 20;

/**
 * Securities with a profile but no prices (once a price load has finished: prices_as_of is set), and stocks
 * with no statements (once a filings load has finished). A company whose load failed has its profile from
 * another source and nothing of this one (issue 45: 65 companies without prices went unnoticed).
 */
export async function readDataGaps(db: Db): Promise<{ withoutPrices: DataGap; withoutStatements: DataGap }> {
  const [pricesAsOf, filingsAsOf] = await Promise.all([readMeta(db, PRICES_AS_OF), readMeta(db, FILINGS_AS_OF)]);
  const none: DataGap = { count: 0, tickers: [] };
  const gap = async (of: 'prices' | 'statements'): Promise<DataGap> => {
    let query = db.selectFrom('securities as s').select('s.ticker');
    query =
      of === 'prices'
        ? query.where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('daily_prices as d').select('d.security_id').whereRef('d.security_id', '=', 's.id'))),
          )
        : query
            .where('s.kind', '=', 'stock')
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('financial_facts as f').select('f.security_id').whereRef('f.security_id', '=', 's.id'),
                ),
              ),
            );
    const rows = await query.orderBy('s.ticker').execute();
    return { count: rows.length, tickers: rows.slice(0, GAP_TICKERS).map((r) => r.ticker) };
  };
  return {
    withoutPrices: pricesAsOf ? await gap('prices') : none,
    withoutStatements: filingsAsOf ? await gap('statements') : none,
  };
}
