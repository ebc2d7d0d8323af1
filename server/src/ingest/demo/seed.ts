import type { Db } from '../../db/index.ts';
import { type RunSummary, runIngest } from '../loader.ts';
import { demoSource } from './source.ts';

/**
 * With an empty database (no securities), load the demo universe so a first start shows something
 * offline. Returns null when there was data already.
 */
export async function seedDemoIfEmpty(db: Db): Promise<RunSummary | null> {
  const any = await db.selectFrom('securities').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  return runIngest({ db, source: demoSource(), tickers: 'all', concurrency: 2 });
}
