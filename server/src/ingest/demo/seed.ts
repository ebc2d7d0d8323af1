import type { Db } from '../../db/index.ts';
import { type RunSummary, runIngest } from '../loader.ts';
import { demoSource } from './source.ts';

/**
 * With an empty database (no securities), load the demo universe so a first start shows something
 * offline; resume a demo seed that was interrupted. Returns null when there was data already.
 */
export async function seedDemoIfEmpty(db: Db, stopping?: () => boolean): Promise<RunSummary | null> {
  const any = await db.selectFrom('securities').select('id').limit(1).executeTakeFirst();
  // A seed cut short (shutdown, crash) left an open run: finish it rather than keep half a universe.
  const unfinished = await db
    .selectFrom('ingest_runs')
    .select('id')
    .where('source', '=', 'demo')
    .where('args', '=', JSON.stringify(['--all']))
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (any && !unfinished) return null;
  return runIngest({ db, source: demoSource(), tickers: 'all', concurrency: 2, ...(stopping ? { stopping } : {}) });
}
