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
