import type { Db } from '../../db/index.ts';
import { bumpDataVersion, readMeta, writeMeta } from '../../db/meta.ts';
import { type RunOptions, type RunSummary, runIngest } from '../loader.ts';
import { demoSource } from './source.ts';
import { DEMO_COINS, DEMO_COMPANIES } from './universe.ts';

/** app_meta key present while the demo universe is being loaded: its value is the number of securities. */
export const DEMO_SEEDING = 'demo_seeding';

/** Securities per load: each load makes its companies visible (indicators, data version) as it ends. */
const CHUNK = 60;

export interface DemoSeed {
  /** The first load: the hand-made companies and the first coins, done when seedDemoIfEmpty resolves. */
  first: RunSummary;
  /** The rest of the universe, loading in the background. */
  rest: Promise<RunSummary[]>;
}

/**
 * The demo universe's securities not in the database yet, in loading order (hand-made companies and the
 * original coins first); null when the database holds anything that is not demo data (real data is never
 * mixed with invented companies).
 */
export async function missingDemoTickers(db: Db, all: readonly string[]): Promise<string[] | null> {
  const real = await db.selectFrom('securities').select('id').where('is_demo', '=', 0).limit(1).executeTakeFirst();
  if (real) return null;
  const present = new Set((await db.selectFrom('securities').select('ticker').execute()).map((row) => row.ticker));
  const first = new Set([...DEMO_COMPANIES.map((c) => c.ticker), ...DEMO_COINS.map((c) => c.ticker)]);
  const ordered = [...all.filter((t) => first.has(t)), ...all.filter((t) => !first.has(t))];
  return ordered.filter((ticker) => !present.has(ticker));
}

/**
 * With an empty database, or one holding part of the demo universe (a first start cut short, or an
 * older, smaller universe), load the demo universe so pages show something offline: the first part, then
 * the rest in loads of CHUNK (main.ts runs it all while the server answers, issue 23; /api/data/status
 * says how far it is meanwhile). Null when there is nothing to load.
 */
export async function seedDemoIfEmpty(
  db: Db,
  stopping?: () => boolean,
  options: {
    onStorageFull?: RunOptions['onStorageFull'];
    /** A smaller universe (DEMO_COMPANIES): the hand-made companies, synthetic ones up to it, eight coins. */
    companies?: number;
  } = {},
): Promise<DemoSeed | null> {
  const { onStorageFull, companies } = options;
  const source = demoSource(companies === undefined ? {} : { companies });
  const all = await source.listTickers();
  const missing = await missingDemoTickers(db, all);
  if (!missing || missing.length === 0) {
    if ((await readMeta(db, DEMO_SEEDING)) !== null) await finishSeeding(db);
    return null;
  }
  await writeMeta(db, DEMO_SEEDING, String(all.length));
  const load = (tickers: string[]) =>
    runIngest({
      db,
      source,
      tickers,
      concurrency: 2,
      ...(stopping ? { stopping } : {}),
      ...(onStorageFull ? { onStorageFull } : {}),
    });
  const firstCount = DEMO_COMPANIES.length + DEMO_COINS.length;
  const first = await load(missing.slice(0, Math.max(firstCount, 1)));
  const rest = (async () => {
    const summaries: RunSummary[] = [];
    for (let at = firstCount; at < missing.length; at += CHUNK) {
      if (stopping?.()) return summaries;
      summaries.push(await load(missing.slice(at, at + CHUNK)));
    }
    if (!stopping?.()) await finishSeeding(db);
    return summaries;
  })();
  if (missing.length <= firstCount) await rest;
  return { first, rest };
}

async function finishSeeding(db: Db): Promise<void> {
  await db.deleteFrom('app_meta').where('key', '=', DEMO_SEEDING).execute();
  // The status answer is cached per data version: a new version lets it say the seeding is over.
  await bumpDataVersion(db);
}
